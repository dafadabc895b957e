import { TIME_ZONE } from '@volante/plugin-ui';

const dayFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Spain as the API takes dates (`YYYY-MM-DD`). */
export function today(now: Date = new Date()): string {
  return dayFormatter.format(now);
}

/** A plain date as a UTC midnight (so that day arithmetic ignores time zones). */
function utc(date: string): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : null;
}

const plain = (date: Date) => date.toISOString().slice(0, 10);

/** A plain date `days` later (or earlier, when negative). */
export function addDays(date: string, days: number): string {
  const at = utc(date);
  if (!at) return date;
  at.setUTCDate(at.getUTCDate() + days);
  return plain(at);
}

/** The Monday of a plain date's week. */
export function mondayOf(date: string): string {
  const at = utc(date);
  if (!at) return date;
  return addDays(date, -((at.getUTCDay() + 6) % 7));
}

/** A week, Monday to Sunday, from its Monday. */
export const weekFrom = (monday: string) => ({ from: monday, to: addDays(monday, 6) });

const weekday = new Intl.DateTimeFormat('es-ES', { weekday: 'long', timeZone: 'UTC' });

/** A plain date (`2026-12-01`) as a day's heading: "martes, 01/12/2026". */
export function dayHeading(date: string): string {
  const at = utc(date);
  if (!at) return date;
  const [y, m, d] = date.split('-');
  return `${weekday.format(at)}, ${d}/${m}/${y}`;
}

/** Events in groups of one day each, by day; in a day the all-day ones first, then by start. */
export function byDay<T extends { date: string; start_time: string | null; id: number }>(events: T[]): { date: string; events: T[] }[] {
  const days = new Map<string, T[]>();
  for (const event of events) {
    const day = days.get(event.date);
    if (day) day.push(event);
    else days.set(event.date, [event]);
  }
  const key = (e: T) => `${e.start_time ?? ''}`;
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, list]) => ({ date, events: [...list].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id) }));
}

/** An event's hours: "10:00–11:30", "10:00", or null for an all-day event. */
export function hours(event: { start_time: string | null; end_time: string | null }): string | null {
  if (!event.start_time) return null;
  return event.end_time ? `${event.start_time}–${event.end_time}` : event.start_time;
}

/** What changed against a record (the update calls take the id and the fields that change). */
export function changedFields<T extends object>(body: Partial<T>, record: T): Partial<T> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const before = (record as Record<string, unknown>)[key] ?? null;
    if (JSON.stringify(value ?? null) !== JSON.stringify(before)) changed[key] = value;
  }
  return changed as Partial<T>;
}

/** Leave out the fields without a value (a create: the plugin's defaults apply). */
export function withoutNulls<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}
