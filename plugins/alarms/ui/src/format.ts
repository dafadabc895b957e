import { formatDateTime, TIME_ZONE, type DateInput } from '@volante/plugin-ui';

/** `DD/MM/YYYY - HH:mm` in Europe/Madrid (the kit's format without seconds); '' for none. */
export function formatMoment(value: DateInput): string {
  const full = formatDateTime(value);
  return full ? full.slice(0, -3) : '';
}

const dayFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Spain as the API takes dates (`YYYY-MM-DD`). */
export function today(now: Date = new Date()): string {
  return dayFormatter.format(now);
}

/** People as the API takes them: ascending, without repeats. */
export const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** A notice's or alarm's link when it has one (a path of Volante). */
export const linkOf = (link: string | null | undefined): string | null => (link && link.startsWith('/') ? link : null);

/** A plain date as the date input holds it (`YYYY-MM-DD`; the host also takes `DD/MM/YYYY`). */
export function isoDate(date: string | null | undefined): string {
  const value = (date ?? '').trim();
  const spanish = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return spanish ? `${spanish[3]}-${spanish[2]}-${spanish[1]}` : value;
}

/** The number of characters of a text (as the host counts them, not UTF-16 units). */
export const charCount = (text: string) => [...text].length;
