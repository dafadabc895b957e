/** What the fake host answers in the page tests: records as the practices plugin writes them (README). */
import { vi } from 'vitest';
import { envelopeOk, readError, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

/** A write answers the whole record: the one given with what was sent. */
export const saved = (record: object) => (req: MockRequest) => envelopeOk({ ...record, ...(req.body as object) });

/** 10:00 in Madrid on Tuesday 1 December 2026: "today" of the tests that need one. */
export const NOW = new Date('2026-12-01T09:00:00Z');

/** Freeze the clock (only `Date`: the timers stay real for Testing Library). */
export function freezeToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

const meta = { state: 'active', created_at: '2026-01-02T09:00:00.000Z', updated_at: '2026-11-02T10:00:00.000Z' };

/** The README's type: "Práctica B 45 min", 38 €. */
export function practiceType(extra: object = {}) {
  return { id: 3, ...meta, name: 'Práctica B 45 min', licence: 'B', minutes: 45, price: 3800, description: '', ...extra };
}

export const types = () => [
  practiceType(),
  practiceType({ id: 4, name: 'Práctica B 60 min', minutes: 60, price: 4800 }),
  practiceType({ id: 5, name: 'Práctica A2 circuito', licence: 'A2', minutes: 30, price: 123456, state: 'inactive' }),
];

/** `GET hermes/teachers` with the employees module: its teachers with a user account. */
export const employeeTeachers = [
  { user_id: 7, name: 'Ana García', branch_id: 1 },
  { user_id: 8, name: 'Luis Pérez', branch_id: 1 },
];

/** `GET hermes/teachers` without the employees module: every active member of staff. */
export const staff = [
  { user_id: 2, name: 'Dolores Directora Demo', branch_id: null },
  { user_id: 7, name: 'Ana García', branch_id: 1 },
];

/** `GET hermes/vehicles` (the fleet module's active vehicles). */
export const vehicles = [
  { id: 5, plate: '1234 ABC', model: 'Ibiza', brand: 'Seat' },
  { id: 6, plate: '5678 DEF', model: 'MT-07', brand: 'Yamaha' },
];

/** The routes every screen with teacher and vehicle selects asks. */
export function staffRoutes({ employees = true, fleet = true }: { employees?: boolean; fleet?: boolean } = {}) {
  return {
    'GET hermes/teachers': envelopeOk(employees ? employeeTeachers : staff),
    'GET hermes/vehicles': fleet ? envelopeOk(vehicles) : readError('CONFLICT-000', 'El servicio de vehículos no está activo para la empresa'),
  };
}

/** A student of the list: Lucía, training for B with Ana. */
export function studentItem(extra: object = {}) {
  return { id: 21, ...meta, contact_id: 12, name: 'Lucía García Pérez', licence: 'B', teacher_user_id: 7, branch_id: 1, notes: '', remaining: 8, teacher_name: 'Ana García', ...extra };
}

export function bag(extra: object = {}) {
  return { id: 41, student_id: 21, type_id: 3, type_name: 'Práctica B 45 min', quantity: 10, used: 2, remaining: 8, price: 38000, purchased_on: '2026-11-02', notes: '', ...extra };
}

export function lesson(extra: object = {}) {
  return {
    id: 61,
    student_id: 21,
    student_name: 'Lucía García Pérez',
    type_id: 3,
    type_name: 'Práctica B 45 min',
    teacher_user_id: 7,
    teacher_name: 'Ana García',
    vehicle_id: 5,
    vehicle_plate: '1234 ABC',
    date: '2026-12-01',
    start_time: '10:00',
    end_time: '10:45',
    status: 'scheduled',
    bag_id: null,
    notes: '',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

/** Lucía's lessons, newest first: one to come, one today, one given (paid), one missed (owed), one cancelled. */
export const lessons = () => [
  lesson({ id: 65, date: '2026-12-03', start_time: '12:00', end_time: '12:45', vehicle_id: null, vehicle_plate: null }),
  lesson({ id: 64 }),
  lesson({ id: 63, date: '2026-11-28', status: 'done', bag_id: 41 }),
  lesson({ id: 62, date: '2026-11-25', start_time: '09:00', end_time: '09:45', status: 'no_show', teacher_user_id: 8, teacher_name: 'Luis Pérez' }),
  lesson({ id: 61, date: '2026-11-20', status: 'cancelled' }),
];

/** `GET hermes/student/read?id=21`: Lucía with one pack and her lessons; one lesson owed. */
export function studentDetail(extra: object = {}) {
  return { ...studentItem(), unpaid: 1, bags: [bag()], lessons: lessons(), ...extra };
}

/** A found contact of the contacts plugin's finder. */
export function found(id: number, display_name: string, fiscal_code = '') {
  return { id, code: String(id).padStart(6, '0'), type: 'P', display_name, fiscal_code, email: '', phone: '', branch_id: 1, state: 'active' };
}
