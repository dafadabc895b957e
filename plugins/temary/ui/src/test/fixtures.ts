/** What the fake host answers in the page tests: records as the temary plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a GET as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

const meta = { state: 'active', created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z' };

/** `GET temary/list`'s items: by name, each with how many themes it has. */
export const rows = () => [
  { id: 6, ...meta, name: 'CAP inicial', description: '', category: 'CAP', status: 'developing', themes: 0 },
  { id: 5, ...meta, name: 'Permiso B', description: 'El teórico del permiso B', category: 'B', status: 'publish', themes: 3 },
  { id: 7, ...meta, name: 'Repaso general', description: '', category: '', status: 'developing', themes: 1 },
];

export function subtheme(extra: object = {}) {
  return { id: 31, ...meta, theme_id: 21, position: 1, title: 'Semáforos', description: '', ...extra };
}

export function theme(extra: object = {}) {
  return { id: 21, ...meta, temary_id: 5, position: 1, title: 'Las señales', description: 'Verticales, horizontales y semáforos', ...extra };
}

/** The subthemes of "Las señales": Semáforos and Señales verticales. */
const signs = () => [subtheme(), subtheme({ id: 32, position: 2, title: 'Señales verticales', description: 'De peligro, de prohibición, de prioridad' })];

/** "Las señales" (Semáforos, Señales verticales), "El conductor" (none), "La vía pública" (Carriles). */
export const themes = () => [
  theme({ subthemes: signs() }),
  theme({ id: 22, position: 2, title: 'El conductor', description: '', subthemes: [] }),
  theme({ id: 23, position: 3, title: 'La vía pública', description: '', subthemes: [subtheme({ id: 33, theme_id: 23, title: 'Carriles' })] }),
];

/** Permiso B as `GET temary/read/5` answers it: in development, with its tree. */
export function temary(extra: object = {}) {
  return { id: 5, ...meta, name: 'Permiso B', description: 'El teórico del permiso B', category: 'B', status: 'developing', themes: themes(), ...extra };
}

/** "Las señales" as `GET temary/theme/read/21` answers it. */
export function themeDetail(extra: object = {}) {
  return { ...theme(), subthemes: signs(), ...extra };
}

export function section(extra: object = {}) {
  return { id: 41, ...meta, subtheme_id: 32, position: 1, title: 'De peligro', content: 'Triangulares con borde rojo.\nAvisan de un peligro.', ...extra };
}

/** A sheet of "Señales verticales" (a PDF of 1.5 KB unless told). */
export function sheet(extra: object = {}) {
  return { id: 51, subtheme_id: 32, position: 1, title: 'Ficha de peligro', description: 'Para repasar en casa', file_id: 901, content_type: 'application/pdf', size: 1536, state: 'active', ...extra };
}

/** A video of "Señales verticales" (an mp4 of 2.5 MB unless told). */
export function video(extra: object = {}) {
  return { id: 61, subtheme_id: 32, position: 1, title: 'Las señales en la carretera', description: '', file_id: 911, content_type: 'video/mp4', size: 2621440, state: 'active', ...extra };
}

/** Its three sheets in order: a PDF, a png and a jpeg. */
export const sheets = () => [
  sheet(),
  sheet({ id: 52, position: 2, title: 'Ficha de prohibición', description: '', file_id: 902, content_type: 'image/png', size: 204800 }),
  sheet({ id: 53, position: 3, title: 'Ficha de prioridad', description: '', file_id: 903, content_type: 'image/jpeg', size: 1048576 }),
];

/**
 * "Señales verticales" as `GET temary/subtheme/read/32` answers it: three sections, three sheets,
 * one video, its theme and syllabus with their states.
 */
export function subthemeDetail(extra: object = {}) {
  return {
    ...subtheme({ id: 32, position: 2, title: 'Señales verticales', description: 'De peligro, de prohibición, de prioridad' }),
    sections: [section(), section({ id: 42, position: 2, title: 'De prohibición', content: 'Circulares con borde rojo.' }), section({ id: 43, position: 3, title: 'De prioridad', content: '' })],
    sheets: sheets(),
    videos: [video()],
    theme: { id: 21, title: 'Las señales', position: 1, state: 'active' },
    temary_id: 5,
    temary: { id: 5, name: 'Permiso B', state: 'active' },
    ...extra,
  };
}
