/** What the fake host answers in the page tests: records as the alarms plugin writes them (README). */
import { vi } from 'vitest';
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';
import type { Alarm, AlarmGroup, Notice } from '../api';

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a request as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** 10:00 in Madrid on Tuesday 1 December 2026. */
export const NOW = new Date('2026-12-01T09:00:00Z');

/** Freeze the clock (only `Date`: the timers stay real for Testing Library). */
export function freezeToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

/** `GET alarma/staff`: the business's active users, by name. */
export const staff = [
  { user_id: 7, name: 'Ana García', branch_id: 1 },
  { user_id: 2, name: 'Dolores Directora Demo', branch_id: null },
  { user_id: 8, name: 'Luis Pérez', branch_id: 1 },
];

export const FLOTA: AlarmGroup = { id: 3, name: 'Flota', color: '#F1416C' };
export const SECRETARIA: AlarmGroup = { id: 4, name: 'Secretaría', color: '#7239EA' };
/** `GET alarma/group/read`, by name. */
export const groups = (): AlarmGroup[] => [FLOTA, SECRETARIA];

/** "ITV del Ibiza": every year on 15 December at 09:30 (08:30 UTC), for Ana and the director, mailed. */
export function alarm(extra: Partial<Alarm> = {}): Alarm {
  return {
    id: 21,
    state: 'active',
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    title: 'ITV del Ibiza',
    description: 'Llevar el Ibiza a la ITV de Getafe',
    group_id: 3,
    date: '2026-12-15',
    time: '09:30',
    repeat: 'yearly',
    user_ids: [2, 7],
    send_mail: true,
    link: '/vehicle/view/3',
    next_at: '2026-12-15T08:30:00.000Z',
    last_fired_at: null,
    created_by: 2,
    users: [
      { user_id: 2, name: 'Dolores Directora Demo' },
      { user_id: 7, name: 'Ana García' },
    ],
    group: FLOTA,
    created_by_name: 'Dolores Directora Demo',
    ...extra,
  };
}

/** The alarms as the host orders them (by next time, those that will not go off again last). */
export const alarms = (): Alarm[] => [
  alarm(),
  alarm({
    id: 23,
    title: 'Llamar a la DGT',
    description: '',
    group_id: 4,
    group: SECRETARIA,
    date: '2026-12-07',
    time: '08:00',
    repeat: 'weekly',
    user_ids: [8],
    users: [{ user_id: 8, name: 'Luis Pérez' }],
    send_mail: false,
    link: '',
    next_at: '2026-12-21T07:00:00.000Z',
  }),
  alarm({
    id: 22,
    title: 'Renovar el seguro',
    description: '',
    group_id: null,
    group: null,
    date: '2026-11-30',
    time: '10:00',
    repeat: 'none',
    user_ids: [],
    users: [],
    send_mail: false,
    link: '',
    next_at: null,
    last_fired_at: '2026-11-30T09:00:00.000Z',
  }),
];

/** A notice of "ITV del Ibiza", gone off today at 09:30 (Madrid). */
export function notice(extra: Partial<Notice> = {}): Notice {
  return { id: 91, alarm_id: 21, title: 'ITV del Ibiza', description: 'Llevar el Ibiza a la ITV de Getafe', link: '/vehicle/view/3', fired_at: '2026-12-01T08:30:00.000Z', ...extra };
}

/** The caller's notices, newest first: the ITV one, and yesterday's without a link. */
export const notices = (): Notice[] => [notice(), notice({ id: 90, alarm_id: 22, title: 'Renovar el seguro', description: '', link: '', fired_at: '2026-11-30T09:00:00.000Z' })];

/** `GET alarma/notice/read`. */
export const noticePage = (items: Notice[] = notices(), total = items.length) => envelopeOk({ items, total });
