/** What the fake host answers in the page tests: records as the formative plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

/** A row of `GET formative/content/read`'s page. */
export function contentRow(extra: object = {}) {
  return { id: 5, name: 'Teórico permiso B', description: 'Curso en línea del permiso B', category: 'B', hours: 40, access_days: 90, status: 'publish', state: 'active', syllabi: 2, students: 12, ...extra };
}

/** The list: a published content, one in development, one inactive. */
export const contentRows = () => [
  contentRow(),
  contentRow({ id: 6, name: 'CAP continua', category: 'CAP', hours: 35, access_days: 1, status: 'developing', syllabi: 1, students: 0 }),
  contentRow({ id: 7, name: 'Repaso de señales', category: '', hours: 1, access_days: 30, state: 'inactive', syllabi: 1, students: 3 }),
];

/** `GET temary/list`: the business's syllabi. */
export const temaries = () => [
  { id: 3, name: 'Permiso B', description: '', category: 'B', status: 'publish', state: 'active', themes: 2 },
  { id: 4, name: 'Señales', description: '', category: 'B', status: 'publish', state: 'active', themes: 1 },
  { id: 9, name: 'CAP', description: '', category: 'CAP', status: 'developing', state: 'active', themes: 4 },
];

/**
 * Content 5 in detail: "Permiso B" (two themes, three lessons) then "Señales" (one theme, one
 * lesson); 12 students, 2 completed, 5 at 90 % or more.
 */
export function content(extra: object = {}) {
  return {
    id: 5,
    name: 'Teórico permiso B',
    description: 'Curso en línea del permiso B',
    category: 'B',
    hours: 40,
    access_days: 90,
    temary_ids: [3, 4],
    status: 'publish',
    state: 'active',
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    syllabi: [
      {
        id: 3,
        name: 'Permiso B',
        category: 'B',
        status: 'publish',
        state: 'active',
        themes: [
          { id: 31, title: 'Normas generales', subthemes: [{ id: 311, title: 'La vía pública' }, { id: 312, title: 'Los usuarios' }] },
          { id: 32, title: 'Velocidad', subthemes: [{ id: 321, title: 'Límites de velocidad' }] },
        ],
      },
      { id: 4, name: 'Señales', category: 'B', status: 'publish', state: 'active', themes: [{ id: 41, title: 'Señales verticales', subthemes: [{ id: 411, title: 'De peligro' }] }] },
    ] as object[],
    lessons: 4,
    students: 12,
    completed: 2,
    reached_90: 5,
    ...extra,
  };
}

/** An assignment as answers show it: Lucía, half done, in progress. */
export function assignment(extra: object = {}) {
  return {
    id: 101,
    content_id: 5,
    content_name: 'Teórico permiso B',
    contact_id: 31,
    name: 'Lucía Pérez Gómez',
    email: 'lucia@example.com',
    starts_on: '2026-12-01',
    ends_on: '2027-02-28',
    percentage: 100,
    total: 4,
    open: 4,
    done: 2,
    progress: 50,
    status: 'active',
    reached_90_at: null as string | null,
    completed_at: null as string | null,
    last_seen_at: '2026-12-10T18:00:00.000Z' as string | null,
    url: 'https://volante.test/formacion/ref-lucia' as string | null,
    state: 'active',
    created_at: '2026-12-01T09:00:00.000Z',
    ...extra,
  };
}

/** The students of content 5: Lucía in progress, Pablo (no e-mail) paused at 90 %. */
export const assignments = () => [
  assignment(),
  assignment({ id: 102, contact_id: 32, name: 'Pablo Ortega', email: '', percentage: 50, open: 2, done: 2, progress: 50, status: 'inactive', state: 'inactive', reached_90_at: '2026-12-20T10:00:00.000Z', url: 'https://volante.test/formacion/ref-pablo' }),
];

/** `GET formative/assignment/read?id=101`: Lucía's lessons. */
export function assignmentDetail(extra: object = {}) {
  return {
    ...assignment({ percentage: 75, open: 3 }),
    lessons: [
      { id: 311, title: 'La vía pública', theme: 'Normas generales', syllabus: 'Permiso B', open: true, done: true, done_at: '2026-12-02T10:00:00.000Z' },
      { id: 312, title: 'Los usuarios', theme: 'Normas generales', syllabus: 'Permiso B', open: true, done: true, done_at: null },
      { id: 321, title: 'Límites de velocidad', theme: 'Velocidad', syllabus: 'Permiso B', open: true, done: false, done_at: null },
      { id: 411, title: 'De peligro', theme: 'Señales verticales', syllabus: 'Señales', open: false, done: false, done_at: null },
    ],
    ...extra,
  };
}

/** `GET contact/finder`'s answer: two people. */
export const found = () => [
  { id: 31, code: 'C-31', type: 'P', display_name: 'Lucía Pérez Gómez', fiscal_code: '12345678Z', email: 'lucia@example.com', phone: '' },
  { id: 33, code: 'C-33', type: 'P', display_name: 'Lucas Martín', fiscal_code: '', email: '', phone: '' },
];

/** `GET formative/report/blocks?content_id=5`. */
export const blocks = () => ({
  blocks: [
    { syllabus_id: 3, syllabus: 'Permiso B', theme_id: 31, title: 'Normas generales', lessons: 2, students: 12, started: 10, completed: 6, average: 62.5 },
    { syllabus_id: 3, syllabus: 'Permiso B', theme_id: 32, title: 'Velocidad', lessons: 1, students: 12, started: 4, completed: 4, average: 33.3 },
    { syllabus_id: 4, syllabus: 'Señales', theme_id: 41, title: 'Señales verticales', lessons: 1, students: 12, started: 0, completed: 0, average: 0 },
  ],
  students: 12,
  lessons: 4,
});

/** `GET formative/student/read`: Lucía's course, 75 % open (3 of 4 lessons), one done. */
export function studentView(extra: object = {}) {
  return {
    name: 'Lucía Pérez Gómez',
    content: { name: 'Teórico permiso B', description: 'Curso en línea del permiso B', category: 'B', hours: 40 },
    starts_on: '2026-12-01',
    ends_on: '2027-02-28',
    percentage: 75,
    total: 4,
    open: 3,
    done: 1,
    progress: 25,
    syllabi: [
      {
        id: 3,
        name: 'Permiso B',
        themes: [
          { id: 31, title: 'Normas generales', lessons: [{ id: 311, title: 'La vía pública', open: true, done: true }, { id: 312, title: 'Los usuarios', open: true, done: false }] },
          { id: 32, title: 'Velocidad', lessons: [{ id: 321, title: 'Límites de velocidad', open: true, done: false }] },
        ],
      },
      { id: 4, name: 'Señales', themes: [{ id: 41, title: 'Señales verticales', lessons: [{ id: 411, title: 'De peligro', open: false, done: false }] }] },
    ],
    ...extra,
  };
}

/** `GET formative/student/lesson?id=312`: two sections, a PDF and a png sheet, a video. */
export function lesson(extra: object = {}) {
  return {
    id: 312,
    title: 'Los usuarios',
    theme: 'Normas generales',
    syllabus: 'Permiso B',
    done: false,
    sections: [
      { id: 1, title: 'Peatones', content: 'Los peatones circulan por la acera.\nSi no la hay, por el arcén.' },
      { id: 2, title: 'Conductores', content: '<b>No</b> es HTML: se lee tal cual.' },
    ],
    sheets: [
      { id: 51, title: 'Ficha de peatones', description: 'Para repasar', file_id: 901, content_type: 'application/pdf', size: 2048 },
      { id: 52, title: 'Esquema', description: '', file_id: 902, content_type: 'image/png', size: 0 },
    ],
    videos: [{ id: 61, title: 'Paso de peatones', description: '', file_id: 903, content_type: 'video/mp4', size: 100 }],
    previous: 311,
    next: 321,
    ...extra,
  };
}
