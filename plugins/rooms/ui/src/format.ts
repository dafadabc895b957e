import { TIME_ZONE, type ApiErrorItem } from '@volante/plugin-ui';

/** `YYYY-MM-DDTHH:MM` (seconds allowed and dropped): a room's times, Spanish time as given. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/;

/**
 * A room's time as the screens show it, `DD/MM/YYYY HH:MM`. The host gives it in Spanish time
 * without a zone, so it is shown as it comes (no conversion); '' when missing, the text itself
 * when it is not such a time.
 */
export function formatLocal(value: string | null | undefined): string {
  if (!value) return '';
  const m = LOCAL.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : value;
}

/**
 * A room's span: `12/01/2027 10:00–12:00` on one day, `12/01/2027 10:00 – 13/01/2027 12:00`
 * across days; either end alone when the other is missing.
 */
export function formatSpan(starts: string | null | undefined, ends: string | null | undefined): string {
  const from = formatLocal(starts);
  const to = formatLocal(ends);
  if (!from || !to) return from || to;
  const [fromDay, fromTime] = from.split(' ');
  const [toDay, toTime] = to.split(' ');
  if (fromDay === toDay && fromTime && toTime) return `${fromDay} ${fromTime}–${toTime}`;
  return `${from} – ${to}`;
}

const clock = new Intl.DateTimeFormat('es-ES', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant (UTC, ISO 8601) as the hour in Spain, `HH:MM`; '' when missing or not a date. */
export function formatClock(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : clock.format(date);
}

/** Whether `ends` comes after `starts` (both `YYYY-MM-DDTHH:MM`, compared as text); true when either is missing. */
export function endsAfterStart(starts: string, ends: string): boolean {
  if (!starts || !ends) return true;
  return ends > starts;
}

/**
 * A refusal as the screens show it: the host's message, and the reason it gives apart
 * (`PERMISSION-000`: "… : Solo el profesor o el personal del aula pueden abrir la reunión").
 */
export function refusalText(item: ApiErrorItem): string {
  const reason = (item.data as { reason?: unknown } | null)?.reason;
  const parts = [item.details || item.code, typeof reason === 'string' ? reason : ''].filter(Boolean);
  return parts.join(': ');
}
