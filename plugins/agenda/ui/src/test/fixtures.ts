/** What the fake host answers in the page tests: records as the agenda plugin writes them (README). */
import { vi } from 'vitest';
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

/** 10:00 in Madrid on Tuesday 1 December 2026: its week runs from Monday 30 November to Sunday 6 December. */
export const NOW = new Date('2026-12-01T09:00:00Z');

/** Freeze the clock (only `Date`: the timers stay real for Testing Library). */
export function freezeToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

const meta = { state: 'active', created_at: '2026-11-20T09:00:00.000Z', updated_at: '2026-11-20T09:00:00.000Z' };

/** `GET schedule/staff` and `GET task/staff`: the business's active users, by name. */
export const staff = [
  { user_id: 7, name: 'Ana García', branch_id: 1 },
  { user_id: 2, name: 'Dolores Directora Demo', branch_id: null },
  { user_id: 8, name: 'Luis Pérez', branch_id: 1 },
];

/** A staff meeting on Tuesday with Ana and Luis. */
export function event(extra: object = {}) {
  return {
    id: 31,
    ...meta,
    title: 'Reunión de profesores',
    date: '2026-12-01',
    start_time: '10:00',
    end_time: '11:30',
    place: 'Aula 1',
    description: 'Calendario de exámenes',
    user_ids: [7, 8],
    branch_id: 1,
    checked: false,
    created_by: 2,
    reminder_minutes: null,
    users: [
      { user_id: 7, name: 'Ana García' },
      { user_id: 8, name: 'Luis Pérez' },
    ],
    created_by_name: 'Dolores Directora Demo',
    ...extra,
  };
}

/** The week's events as the host orders them (by day and hour). */
export const week = () => [
  event(),
  event({ id: 32, title: 'Visita de la DGT', start_time: null, end_time: null, place: '', user_ids: [2], users: [{ user_id: 2, name: 'Dolores Directora Demo' }], checked: true }),
  event({ id: 33, title: 'Examen práctico', date: '2026-12-03', start_time: '08:00', end_time: null, place: 'Centro de exámenes', user_ids: [], users: [] }),
];

/** Ana's task, high priority, due yesterday: overdue. */
export function task(extra: object = {}) {
  return {
    id: 51,
    ...meta,
    title: 'Revisar los frenos del Ibiza',
    description: '',
    due_date: '2026-11-30',
    priority: 'high',
    assignee_user_id: 7,
    branch_id: 1,
    checked: false,
    checked_at: null,
    checked_by: null,
    created_by: 2,
    assignee_name: 'Ana García',
    checked_by_name: null,
    created_by_name: 'Dolores Directora Demo',
    overdue: true,
    ...extra,
  };
}

export const tasks = () => [
  task(),
  task({ id: 52, title: 'Pedir presupuesto de seguros', due_date: '2026-12-10', priority: 'normal', assignee_user_id: 2, assignee_name: 'Dolores Directora Demo', overdue: false }),
  task({ id: 53, title: 'Ordenar el archivo', due_date: null, priority: 'low', assignee_user_id: null, assignee_name: null, overdue: false }),
];
