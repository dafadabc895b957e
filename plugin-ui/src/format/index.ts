/**
 * Formatting of the spec's constants (driving-school §9): dates shown in Europe/Madrid as
 * DD/MM/YYYY and DD/MM/YYYY - HH:mm:ss, euros in es-ES from integer cents, elapsed time in
 * s/m/h/d/years, byte sizes in base 1024 with up to 2 decimals.
 */
export const TIME_ZONE = 'Europe/Madrid';
export const LOCALE = 'es-ES';

export type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function madridParts(date: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** `DD/MM/YYYY` in Europe/Madrid; '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = madridParts(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** `DD/MM/YYYY - HH:mm:ss` in Europe/Madrid; '' for a missing or invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  const p = madridParts(date);
  return `${p.day}/${p.month}/${p.year} - ${p.hour}:${p.minute}:${p.second}`;
}

const euroFormatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' });

/** Integer cents as euros, es-ES (`1234,50 €`, `12.345,67 €`). */
export function formatEuros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return euroFormatter.format(cents / 100);
}

export interface ElapsedUnits {
  seconds: string;
  minutes: string;
  hours: string;
  days: string;
  year: string;
  years: string;
}

export const SPANISH_ELAPSED_UNITS: ElapsedUnits = {
  seconds: 's',
  minutes: 'm',
  hours: 'h',
  days: 'd',
  year: 'año',
  years: 'años',
};

/** Elapsed time: seconds under 60, minutes under 60, hours under 24, days under 365, then years. */
export function formatElapsed(seconds: number, units: ElapsedUnits = SPANISH_ELAPSED_UNITS): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} ${units.seconds}`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} ${units.minutes}`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} ${units.hours}`;
  const d = Math.floor(h / 24);
  if (d < 365) return `${d} ${units.days}`;
  const y = Math.floor(d / 365);
  return `${y} ${y === 1 ? units.year : units.years}`;
}

/** Elapsed time from `since` to `now` (default: this moment). */
export function formatElapsedSince(since: DateInput, now: DateInput = new Date(), units?: ElapsedUnits): string {
  const from = toDate(since);
  const to = toDate(now);
  if (!from || !to) return '';
  return formatElapsed((to.getTime() - from.getTime()) / 1000, units);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
const byteFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2, useGrouping: false });

/** Byte sizes in base 1024 with up to 2 decimals, es-ES decimal comma (`1,5 KB`, `2 MB`). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes === 0) return '0 B';
  const i = Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = Math.round((bytes / 1024 ** i) * 100) / 100;
  return `${byteFormatter.format(value)} ${BYTE_UNITS[i]}`;
}
