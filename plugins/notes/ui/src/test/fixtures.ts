/** What the fake host answers in the page tests: records as the notes plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;

const meta = { state: 'active', created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z' };

/** `GET note/document/group/read`'s items: by name, with their live notebooks counted. */
export const groups = () => [
  { id: 1, ...meta, name: 'Flota', color: '#f1416c', documents: 2 },
  { id: 2, ...meta, name: 'Reuniones', color: '#fc0', documents: 1 },
  { id: 3, ...meta, name: 'Secretaría', color: '', documents: 0 },
];

/** The Ibiza's incidents: pinned, in "Flota", three notes, the latest on 30/11/2026. */
export function notebook(extra: object = {}) {
  return {
    id: 11,
    ...meta,
    title: 'Incidencias del Ibiza 1234 ABC',
    description: 'Golpes, averías y revisiones',
    group_id: 1 as number | null,
    branch_id: 1,
    pinned: true,
    created_by: 2,
    group_name: 'Flota' as string | null,
    created_by_name: 'Dolores Directora Demo',
    notes: 3,
    last_date: '2026-11-30' as string | null,
    ...extra,
  };
}

/** The notebooks as the host orders them: pinned first, then the latest changed. */
export const notebooks = () => [
  notebook(),
  notebook({ id: 12, title: 'Reuniones de profesores', description: '', group_id: 2, group_name: 'Reuniones', pinned: false, notes: 1, last_date: '2026-11-03' }),
  notebook({ id: 13, title: 'Relevos de recepción', description: '', group_id: null, group_name: null, pinned: false, notes: 0, last_date: null }),
];

/** Ana's note (user 7) in the Ibiza's notebook. */
export function note(extra: object = {}) {
  return { id: 51, ...meta, document_id: 11, date: '2026-11-30', message: 'Roce en la puerta trasera derecha.\nAvisado el taller.', user_id: 7, user_name: 'Ana García', ...extra };
}

/** The notebook's notes, newest first: Ana's, the director's and Luis's. */
export const notes = () => [
  note(),
  note({ id: 50, date: '2026-11-12', message: 'Cambio de aceite y filtros.', user_id: 2, user_name: 'Dolores Directora Demo' }),
  note({ id: 49, date: '2026-11-02', message: 'Revisión de frenos.', user_id: 8, user_name: 'Luis Pérez' }),
];
