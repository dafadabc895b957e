import { TIME_ZONE } from '@volante/plugin-ui';
import type { Lesson } from './api';

const dayFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Spain as the API takes dates (`YYYY-MM-DD`). */
export function today(now: Date = new Date()): string {
  return dayFormatter.format(now);
}

/** A whole number typed by a person; null when it is not one. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** A number as the forms hold it ('' for none). */
export const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** What changed against a record (the update calls take the id and the fields that change). */
export function changedFields<T extends object>(body: Partial<T>, record: T): Partial<T> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const before = (record as Record<string, unknown>)[key] ?? null;
    if (JSON.stringify(value ?? null) !== JSON.stringify(before)) changed[key] = value;
  }
  return changed as Partial<T>;
}

const weekday = new Intl.DateTimeFormat('es-ES', { weekday: 'long', timeZone: 'UTC' });

/** A plain date (`2026-12-01`) as a day's heading: "martes, 01/12/2026". */
export function dayHeading(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  const name = weekday.format(new Date(Date.UTC(y, m - 1, d)));
  return `${name}, ${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
}

/** A lesson's times: "10:00–10:45". */
export const lessonTimes = (lesson: Pick<Lesson, 'start_time' | 'end_time'>) => `${lesson.start_time}–${lesson.end_time}`;

/** Given or missed without notice: charged to a pack (README). */
export const charged = (lesson: Pick<Lesson, 'status'>) => lesson.status === 'done' || lesson.status === 'no_show';

/** Lessons in groups of one day each, days in the order they first appear (the agenda's is by date and time). */
export function byDay<T extends { date: string }>(lessons: T[]): { date: string; lessons: T[] }[] {
  const days = new Map<string, T[]>();
  for (const lesson of lessons) {
    const day = days.get(lesson.date);
    if (day) day.push(lesson);
    else days.set(lesson.date, [lesson]);
  }
  return [...days].map(([date, list]) => ({ date, lessons: list }));
}
