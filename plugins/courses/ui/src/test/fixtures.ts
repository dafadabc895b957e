/** What the fake host answers in the page tests: records as the courses plugin writes them (README). */
import { envelopeOk } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

export const branches = [
  { branch_id: 1, trade_name: 'Autoescuela Demo Centro' },
  { branch_id: 2, trade_name: 'Autoescuela Demo Alcalá' },
];

export const groups = [
  { id: 1, name: 'Noviembre', description: 'Convocatoria de noviembre', courses: 2 },
  { id: 2, name: 'Transportes Ruiz', description: '', courses: 0 },
];

export const places = [
  { id: 2, name: 'Aula 1', address: 'Calle Mayor 1', city: 'Madrid', province_id: 28, capacity: 24 },
  { id: 3, name: 'Aula 2', address: '', city: 'Alcalá de Henares', province_id: 28, capacity: null },
];

export const teachers = [
  { id: 3, first_name: 'Luis', last_name: 'Gil', fiscal_code: '12345678Z', role: 'trainer', qualification: 'Formador vial', user_id: null, name: 'Luis Gil' },
  { id: 4, first_name: 'Marta', last_name: 'Sanz', fiscal_code: '', role: 'psychologist', qualification: 'Psicóloga colegiada', user_id: 12, name: 'Marta Sanz' },
];

export const ana = {
  contact_id: 7,
  name: 'Ana López Ruiz',
  fiscal_code: '12345678Z',
  email: 'ana@example.es',
  phone: '612345678',
  enrolled_at: '2026-11-20T10:00:00.000Z',
  attended_hours: 4.0,
  attended_sessions: 1,
};

export const luis = {
  contact_id: 8,
  name: 'Luis Pérez',
  fiscal_code: 'X1234567L',
  email: '',
  phone: '',
  enrolled_at: '2026-11-21T10:00:00.000Z',
  attended_hours: 0,
  attended_sessions: 0,
};

export const session9 = {
  id: 9,
  date: '2026-11-27',
  start_time: '16:00',
  end_time: '20:00',
  hours: 4.0,
  kind: 'theory',
  place_id: 2,
  place_name: 'Aula 1',
  teacher_ids: [3],
  teachers: ['Luis Gil'],
  present: [7],
};

/** The README's example: a partial points-recovery course with two students and one session. */
export function recovery(extra: object = {}) {
  return {
    id: 4,
    state: 'active',
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    kind: 'points_recovery',
    reference: 'RP-2026-0001',
    name: 'Recuperación parcial noviembre',
    category: 'partial',
    group_id: 1,
    group_name: 'Noviembre',
    administration_code: '',
    cap_authorisation: '',
    formative_action: '',
    formative_group: '',
    modality: 'in_person',
    max_students: 20,
    hours: 12,
    start_date: '2026-11-27',
    end_date: '2026-11-29',
    training_centre: '',
    place: '',
    ceded_by: '',
    biometric_control: false,
    branch_id: 1,
    observations: '',
    enrolled: 2,
    scheduled_hours: 4.0,
    students: [ana, luis],
    sessions: [session9],
    ...extra,
  };
}

/** A list item: the course's fields with `enrolled` and `group_name`. */
export function item(course: ReturnType<typeof recovery>) {
  const { students: _s, sessions: _x, scheduled_hours: _h, created_at: _c, updated_at: _u, ...rest } = course;
  return rest;
}

/** A CAP course (kind `course`). */
export function capCourse(extra: object = {}) {
  return recovery({ id: 11, kind: 'course', reference: 'CU-2026-0003', name: 'CAP continua diciembre', category: 'cap_continuous', hours: 35, group_id: null, group_name: null, start_date: '2026-12-01', end_date: '2026-12-05', enrolled: 0, scheduled_hours: 0, students: [], sessions: [], ...extra });
}

/** A found contact of the contacts plugin's finder. */
export function found(id: number, display_name: string, fiscal_code = '') {
  return { id, code: String(id).padStart(6, '0'), type: 'P', display_name, fiscal_code, email: '', phone: '', branch_id: 1, state: 'active' };
}
