/**
 * The clock's times: the API speaks UTC ISO-8601 (`2026-11-23T08:00:00Z`) and local dates
 * (`YYYY-MM-DD`); the screens show and take times in the browser's local time, es-ES, 24 h.
 * (The kit's formatDate/formatDateTime are fixed to Europe/Madrid and carry seconds: they serve
 * for the API's plain dates, not for a time clock read in the Canaries.)
 */
export const LOCALE = 'es-ES';

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `YYYY-MM-DD` of a moment in the browser's local time. */
export function localDateKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today, local (`YYYY-MM-DD`). */
export function todayKey(now: Date = new Date()): string {
  return localDateKey(now);
}

/** The first day of the current month, local (`YYYY-MM-01`). */
export function firstOfMonthKey(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
}

/** `HH:MM` (24 h, local) of a UTC ISO time; '' when missing. */
export function timeText(iso: string | null | undefined): string {
  const date = toDate(iso);
  if (!date) return '';
  return new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** `HH:MM`, with the day (`HH:MM (24/11)`) when the moment falls on another local day than `day`. */
export function timeOnDay(iso: string | null | undefined, day: string): string {
  const date = toDate(iso);
  if (!date) return '';
  const time = timeText(iso);
  if (localDateKey(date) === day) return time;
  return `${time} (${new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit' }).format(date)})`;
}

/** `DD/MM/YYYY HH:MM` (24 h, local) of a UTC ISO time; '' when missing. */
export function dateTimeText(iso: string | null | undefined): string {
  const date = toDate(iso);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${timeText(iso)}`;
}

/** `DD/MM` of a local date `YYYY-MM-DD`. */
export function dayMonthText(day: string): string {
  const [, month, date] = day.split('-');
  return month && date ? `${date}/${month}` : day;
}

/** The weekday of a local date `YYYY-MM-DD`: 0 Sunday … 6 Saturday. */
export function weekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A UTC ISO time as the value of a `datetime-local` input (`YYYY-MM-DDTHH:MM`, local). */
export function toLocalInput(iso: string | null | undefined): string {
  const date = toDate(iso);
  if (!date) return '';
  return `${localDateKey(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` value (local time) as UTC ISO with `Z` and no milliseconds
 * (`2026-11-23T08:00:00Z`, the API's form); null when empty or not a valid moment.
 */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(date.getTime()) || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
