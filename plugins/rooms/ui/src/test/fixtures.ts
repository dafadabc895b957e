/** What the fake host answers in the page tests: records as the rooms plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

const meta = { state: 'active', created_at: '2026-12-01T09:00:00.000Z', updated_at: '2026-12-01T09:00:00.000Z' };

/** The staff to choose from, by name: Ana (7) teaches, Luis (8) and Marta (9) take part. */
export const staff = () => [
  { user_id: 7, name: 'Ana García', branch_id: 1 },
  { user_id: 8, name: 'Luis Pérez', branch_id: 1 },
  { user_id: 9, name: 'Marta Ruiz', branch_id: 2 },
];

/** `GET contact/finder`'s answer: two students. */
export const found = () => [
  { id: 31, code: 'C-31', type: 'P', display_name: 'Lucía Pérez Gómez', fiscal_code: '12345678Z', email: 'lucia@example.com', phone: '' },
  { id: 33, code: 'C-33', type: 'P', display_name: 'Lucas Martín', fiscal_code: '', email: 'lucas@example.com', phone: '' },
];

/** A row of `GET athena/read`'s page. */
export function roomItem(extra: object = {}) {
  return {
    id: 5,
    state: 'active',
    name: 'Teórico B: señales',
    description: 'Clase de señales de tráfico',
    branch_id: 1,
    teacher_id: 7,
    teacher_name: 'Ana García' as string | null,
    starts_at: '2027-01-12T10:00',
    ends_at: '2027-01-12T12:00',
    members: 1,
    students: 2,
    inspectors: 2,
    live: false,
    ...extra,
  };
}

/** The list: one live today, one across two days, one without a teacher. */
export const roomItems = () => [
  roomItem({ live: true }),
  roomItem({ id: 6, name: 'CAP intensivo', teacher_id: 8, teacher_name: 'Luis Pérez', starts_at: '2027-01-15T16:00', ends_at: '2027-01-16T14:00', members: 0, students: 12, inspectors: 1 }),
  roomItem({ id: 7, name: 'Repaso de examen', teacher_id: null, teacher_name: null, members: 0, students: 0, inspectors: 0 }),
];

/** An open meeting (started by Ana at 10:02 in Madrid). */
export function meeting(extra: object = {}) {
  return { id: 9, url: 'https://meet.jit.si/volante-5-k3x9q2', started_at: '2027-01-12T09:02:00Z', started_by: 7, started_by_name: 'Ana García', ended_at: null, ...extra };
}

/**
 * Room 5 in detail: Ana teaches, Luis takes part, Lucía (with her link) and Pablo (link revoked);
 * inspectors: Carmen with her link, Jorge whose link expired, Pedro whose access was taken away.
 */
export function room(extra: object = {}) {
  return {
    id: 5,
    ...meta,
    name: 'Teórico B: señales',
    description: 'Clase de señales de tráfico',
    branch_id: 1,
    teacher_id: 7 as number | null,
    starts_at: '2027-01-12T10:00',
    ends_at: '2027-01-12T12:00',
    member_ids: [8],
    student_ids: [31, 32],
    teacher_name: 'Ana García' as string | null,
    members: [{ user_id: 8, name: 'Luis Pérez' }],
    students: [
      { id: 101, contact_id: 31, name: 'Lucía Pérez Gómez', email: 'lucia@example.com', url: 'https://volante.test/aula/ref-lucia' as string | null },
      { id: 102, contact_id: 32, name: 'Pablo Ortega', email: '', url: null as string | null },
    ],
    inspectors: [
      { id: 201, state: 'active', name: 'Carmen Jefatura', email: 'carmen@dgt.es', organisation: 'Jefatura Provincial de Tráfico de Madrid', url: 'https://volante.test/aula/ref-carmen' as string | null, created_at: '2027-01-02T10:00:00Z' },
      { id: 202, state: 'active', name: 'Jorge Antiguo', email: '', organisation: 'Consejería de Educación', url: null as string | null, created_at: '2026-12-20T10:00:00Z' },
      { id: 203, state: 'deleted', name: 'Pedro Retirado', email: 'pedro@dgt.es', organisation: 'JPT Toledo', url: null as string | null, created_at: '2026-12-10T10:00:00Z' },
    ],
    meeting: null as ReturnType<typeof meeting> | null,
    ...extra,
  };
}

/** `GET athena/user/room`: the caller's rooms, soonest first (the first one live). */
export const myRooms = () => [
  { id: 5, name: 'Teórico B: señales', description: 'Clase de señales de tráfico', starts_at: '2027-01-12T10:00', ends_at: '2027-01-12T12:00', teacher_id: 7, teacher_name: 'Ana García', live: true, meeting: meeting() },
  { id: 6, name: 'CAP intensivo', description: '', starts_at: '2027-01-15T16:00', ends_at: '2027-01-16T14:00', teacher_id: 8, teacher_name: 'Luis Pérez', live: false, meeting: null },
];

/** Someone in the meeting now. */
export function presence(extra: object = {}) {
  return { kind: 'teacher', name: 'Ana García', joined_at: '2027-01-12T09:02:00Z', last_seen_at: '2027-01-12T09:30:00Z', ...extra };
}

/** `GET athena/pizarra` / `GET athena/join`: room 5, no meeting open, as its teacher. */
export function liveView(extra: object = {}) {
  return {
    room: { id: 5, name: 'Teórico B: señales', description: 'Clase de señales de tráfico', starts_at: '2027-01-12T10:00', ends_at: '2027-01-12T12:00', teacher_name: 'Ana García' },
    meeting: null as object | null,
    present: [] as object[],
    kind: 'teacher',
    name: 'Ana García',
    ...extra,
  };
}

/** `GET athena/reports/5`: one ended meeting, one open. */
export const report = () => ({
  room: { id: 5, name: 'Teórico B: señales', starts_at: '2027-01-12T10:00', ends_at: '2027-01-12T12:00', teacher_name: 'Ana García' },
  meetings: [
    {
      id: 8,
      started_at: '2027-01-05T09:00:00Z',
      ended_at: '2027-01-05T10:30:00Z',
      started_by_name: 'Ana García',
      minutes: 90,
      attendees: [
        { kind: 'teacher', name: 'Ana García', joined_at: '2027-01-05T09:00:00Z', last_seen_at: '2027-01-05T10:30:00Z', minutes: 90 },
        { kind: 'student', name: 'Lucía Pérez Gómez', joined_at: '2027-01-05T09:05:00Z', last_seen_at: '2027-01-05T10:29:00Z', minutes: 84 },
        { kind: 'inspector', name: 'Carmen Jefatura', joined_at: '2027-01-05T09:30:00Z', last_seen_at: '2027-01-05T09:31:00Z', minutes: 1 },
      ],
    },
    { id: 9, started_at: '2027-01-12T09:02:00Z', ended_at: null, started_by_name: 'Luis Pérez', minutes: 28, attendees: [] },
  ],
  people: [
    { kind: 'teacher', name: 'Ana García', meetings: 1, minutes: 90 },
    { kind: 'student', name: 'Lucía Pérez Gómez', meetings: 1, minutes: 84 },
    { kind: 'inspector', name: 'Carmen Jefatura', meetings: 1, minutes: 1 },
    { kind: 'member', name: 'Luis Pérez', meetings: 1, minutes: 28 },
  ],
});
