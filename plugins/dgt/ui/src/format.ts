import { LOCALE, TIME_ZONE } from '@volante/plugin-ui';
import type { EntryFields, EntryStatus, FolderFields } from './api';

const dayFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Spain as the API takes dates (`YYYY-MM-DD`). */
export function today(now: Date = new Date()): string {
  return dayFormatter.format(now);
}

const longDayFormatter = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/** An API date (`YYYY-MM-DD`) as a letter writes it: "25 de noviembre de 2026" ('' for none or an invalid one). */
export function longDate(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!match) return '';
  const [, y, m, d] = match.map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d ? longDayFormatter.format(day) : '';
}

/**
 * Folders by their exam, the newest first (those without a date, still to be set, before
 * them), then the newest folder first: the order of the folders' list, whatever the engine puts
 * first.
 */
export function newestExamFirst<T extends Pick<FolderFields, 'exam_date'> & { id: number }>(folders: T[]): T[] {
  return [...folders].sort((a, b) => {
    if (a.exam_date !== b.exam_date) {
      if (!a.exam_date) return -1;
      if (!b.exam_date) return 1;
      return a.exam_date < b.exam_date ? 1 : -1;
    }
    return b.id - a.id;
  });
}

const rateFormatter = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A rate the API gives in hundredths of a percent, as a Spanish number: 6667 is "66,67". */
export function formatRate(hundredths: number): string {
  return rateFormatter.format(hundredths / 100);
}

/** A whole number typed by a person; null when it is not one. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** A number as the forms hold it ('' for none). */
export const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** How an entry's training ended, or that it goes on (README: an entry is open without either date). */
export function entryStatus(entry: Pick<EntryFields, 'licence_issued_on' | 'left_on'>): EntryStatus {
  if (entry.licence_issued_on) return 'issued';
  if (entry.left_on) return 'left';
  return 'open';
}

/** "García Pérez, Lucía" (the register's order); the part there is when one is missing. */
export function registerName(entry: Pick<EntryFields, 'first_name' | 'last_names'>): string {
  return [entry.last_names.trim(), entry.first_name.trim()].filter(Boolean).join(', ');
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
