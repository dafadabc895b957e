import { formatDate, formatDateTime, type DateInput } from '@volante/plugin-ui';
import { PREVIEW_MAX } from './lists';

/**
 * When a message was written, short: its time (`HH:mm`, Europe/Madrid) when it was today, else
 * its day (`DD/MM/YYYY`). '' for a missing date.
 */
export function formatWhen(value: DateInput, now: DateInput = new Date()): string {
  const day = formatDate(value);
  if (!day) return '';
  if (day !== formatDate(now)) return day;
  // `DD/MM/YYYY - HH:mm:ss` → `HH:mm`
  return formatDateTime(value).slice(13, 18);
}

/** A message's text on one line, cut at `max` characters with an ellipsis. */
export function preview(text: string, max: number = PREVIEW_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
