/** What the fake host answers in the page tests: records as the guided plugin writes them (README "Calls"). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a GET as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

const meta = { state: 'active', created_at: '2026-09-01T08:00:00.000Z', updated_at: '2026-09-01T08:00:00.000Z' };

/** A group's own fields: "Tarde B octubre", following the book "Permiso B" (12), at Centro (1), taught by Pedro (7). */
const groupFields = {
  id: 31,
  ...meta,
  name: 'Tarde B octubre',
  licence: 'B',
  temary_id: 12 as number | null,
  branch_id: 1 as number | null,
  teacher_user_id: 7 as number | null,
  description: 'Curso de tarde, de lunes a jueves',
  starts_on: '2026-10-01' as string | null,
  ends_on: '2026-12-20' as string | null,
};

/** A group as `clase/guiadagrupo/list` lists it. */
export function groupRow(extra: object = {}) {
  return {
    ...groupFields,
    branch: 'Centro' as string | null,
    teacher: 'Pedro Profesor' as string | null,
    classes: 3,
    given: 1,
    next: { id: 402, title: 'Señales', scheduled_on: '2026-10-08', starts_at: '18:00' } as object | null,
    ...extra,
  };
}

/** A class as its group lists it. */
export function classSummary(extra: object = {}) {
  return { id: 401, position: 1, title: 'Presentación', scheduled_on: '2026-10-01' as string | null, starts_at: '18:00' as string | null, minutes: 60, status: 'given', given_at: '2026-10-01T17:55:00Z' as string | null, resources: 2, ...extra };
}

/** The group's three classes: the first given, the other two pending. */
export function classSummaries() {
  return [
    classSummary(),
    classSummary({ id: 402, position: 2, title: 'Señales', scheduled_on: '2026-10-08', starts_at: '18:00', minutes: 90, status: 'pending', given_at: null, resources: 6 }),
    classSummary({ id: 403, position: 3, title: 'Velocidad', scheduled_on: null, starts_at: null, status: 'pending', given_at: null, resources: 0 }),
  ];
}

/** A group as `clase/guiadagrupo/read` (and every group write) answers it. */
export function groupDetail(extra: object = {}) {
  return {
    ...groupFields,
    branch: 'Centro' as string | null,
    teacher: 'Pedro Profesor' as string | null,
    book: { id: 12, name: 'Permiso B', category: 'B', status: 'publish', state: 'active' } as object | null,
    classes: classSummaries() as object[],
    given: 1,
    total: 3,
    ...extra,
  };
}

/** The business's published books (`clase/libro/digital/listado`). */
export function books() {
  return [
    { id: 13, name: 'CAP inicial', description: 'Formación inicial de conductores profesionales', category: 'CAP', themes: 1, subthemes: 1, sheets: 0, videos: 0 },
    { id: 12, name: 'Permiso B', description: 'Temario del permiso B', category: 'B', themes: 2, subthemes: 3, sheets: 2, videos: 1 },
  ];
}

/** The book "Permiso B" to choose resources from (`clase/libro/digital/recursos?book_id=12`). */
export function bookContents() {
  return {
    id: 12,
    name: 'Permiso B',
    category: 'B',
    themes: [
      {
        id: 11,
        position: 1,
        title: 'Señales',
        subthemes: [
          {
            id: 21,
            position: 1,
            title: 'Señales de peligro',
            sections: [{ id: 1, title: 'Forma' }],
            sheets: [{ id: 61, title: 'Lámina de peligro', content_type: 'image/png', file_id: 901, size: 2048 }],
            videos: [{ id: 71, title: 'Vídeo de peligro', content_type: 'video/mp4', file_id: 902, size: 1048576 }],
          },
          { id: 22, position: 2, title: 'Señales de prohibición', sections: [], sheets: [], videos: [] },
        ],
      },
      {
        id: 14,
        position: 2,
        title: 'Velocidad',
        subthemes: [{ id: 23, position: 1, title: 'Límites genéricos', sections: [{ id: 3, title: 'Vías urbanas' }], sheets: [{ id: 62, title: 'Resumen en PDF', content_type: 'application/pdf', file_id: 903, size: 4096 }], videos: [] }],
      },
    ],
  };
}

/** The coverage of "Permiso B" by the group's classes (`clase/guiada/temary/list?group_id=31`). */
export function coverage(extra: object = {}) {
  return {
    group_id: 31,
    id: 12,
    name: 'Permiso B',
    category: 'B',
    status: 'publish',
    themes: [
      {
        id: 11,
        position: 1,
        title: 'Señales',
        subthemes: [
          {
            id: 21,
            position: 1,
            title: 'Señales de peligro',
            classes: [
              { id: 401, title: 'Presentación', position: 1, status: 'given' },
              { id: 402, title: 'Señales', position: 2, status: 'pending' },
            ],
          },
          { id: 22, position: 2, title: 'Señales de prohibición', classes: [] },
        ],
      },
      { id: 14, position: 2, title: 'Velocidad', subthemes: [{ id: 23, position: 1, title: 'Límites genéricos', classes: [{ id: 402, title: 'Señales', position: 2, status: 'pending' }] }] },
    ],
    totals: { subthemes: 3, covered: 2, given: 1 },
    ...extra,
  };
}

/** The six resources of class 402, in order: a subtheme, a PDF sheet, a video, a link, a note, and a subtheme gone from the book. */
export function resources() {
  return [
    {
      id: 501,
      class_id: 402,
      position: 1,
      kind: 'subtheme',
      title: 'Señales de peligro',
      subtheme_id: 21,
      content: {
        id: 21,
        title: 'Señales de peligro',
        theme: { id: 11, title: 'Señales' },
        sections: [
          { id: 1, title: 'Forma', content: 'Triangulares, con el borde rojo.' },
          { id: 2, title: 'Dónde se colocan', content: 'Entre 150 y 250 metros antes del peligro.' },
        ],
        sheets: [
          { id: 61, title: 'Lámina de peligro', description: '', file_id: 901, content_type: 'image/png', size: 2048 },
          { id: 63, title: 'Ficha imprimible', description: '', file_id: 905, content_type: 'application/pdf', size: 8192 },
        ],
        videos: [{ id: 71, title: 'Vídeo de peligro', description: '', file_id: 902, content_type: 'video/mp4', size: 1048576 }],
      },
    },
    {
      id: 502,
      class_id: 402,
      position: 2,
      kind: 'sheet',
      title: 'Resumen en PDF',
      sheet_id: 62,
      content: { id: 62, title: 'Resumen en PDF', description: 'Para imprimir', file_id: 903, content_type: 'application/pdf', size: 4096, subtheme: { id: 23, title: 'Límites genéricos' } },
    },
    {
      id: 503,
      class_id: 402,
      position: 3,
      kind: 'video',
      title: 'Glorietas',
      video_id: 72,
      content: { id: 72, title: 'Glorietas', description: '', file_id: 904, content_type: 'video/mp4', size: 5242880, subtheme: { id: 23, title: 'Límites genéricos' } },
    },
    { id: 504, class_id: 402, position: 4, kind: 'link', title: 'Web de la DGT', url: 'https://www.dgt.es/', content: null },
    { id: 505, class_id: 402, position: 5, kind: 'note', title: 'Recordatorio', text: 'Traer el DNI al examen.\nLlegar 15 minutos antes.', content: null },
    { id: 506, class_id: 402, position: 6, kind: 'subtheme', title: 'Tema retirado', subtheme_id: 29, content: null, missing: true },
  ];
}

/** Class 402 as `clase/guiada/read` (and every class and resource write) answers it. */
export function classDetail(extra: object = {}) {
  return {
    id: 402,
    ...meta,
    group_id: 31,
    position: 2,
    title: 'Señales',
    scheduled_on: '2026-10-08' as string | null,
    starts_at: '18:00' as string | null,
    minutes: 90,
    summary: 'Señales de peligro y límites de velocidad',
    status: 'pending',
    given_at: null as string | null,
    given_by: null as number | null,
    given_by_name: null as string | null,
    group: { id: 31, name: 'Tarde B octubre', licence: 'B', temary_id: 12 as number | null, state: 'active' },
    previous_id: 401 as number | null,
    next_id: 403 as number | null,
    resources: resources() as object[],
    ...extra,
  };
}

/** Two branches (the filter and the form's select show with more than one). */
export function branches() {
  return [
    { branch_id: 1, trade_name: 'Centro' },
    { branch_id: 2, trade_name: 'Norte' },
  ];
}

/** The staff who may teach a group. */
export function staff() {
  return [
    { user_id: 7, name: 'Pedro Profesor', branch_id: 1 },
    { user_id: 8, name: 'Lucía Docente', branch_id: 2 },
  ];
}

/** The lists the group forms read: books, branches and staff. */
export function formLists() {
  return {
    'GET clase/libro/digital/listado': envelopeOk(books()),
    'GET business/branch/list': envelopeOk(branches()),
    'GET clase/guiada/staff': envelopeOk(staff()),
  };
}
