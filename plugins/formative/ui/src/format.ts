import { LOCALE, errorList, hasErrorCode, type ApiErrorItem } from '@volante/plugin-ui';
import type { Block } from './api';

/** `YYYY-MM-DD` (a local day, as the host keeps an assignment's dates). */
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A day as the screens show it, `DD/MM/YYYY`. The host gives it without a time or zone, so it is
 * shown as it comes (no conversion); '' when missing, the text itself when it is not such a day.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const m = DAY.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** An access's days: "01/12/2026 – 28/02/2027", one of them, or ''. */
export function period(starts: string | null | undefined, ends: string | null | undefined): string {
  const from = formatDay(starts);
  const to = formatDay(ends);
  if (from && to) return `${from} – ${to}`;
  return from || to;
}

const percent = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** A share as the reports show it: "45,5 %", "100 %" (one decimal at most, Spanish comma). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${percent.format(value)} %`;
}

/** A whole number typed by a person; null when it is not one (or empty). */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** A number as a form holds it ('' for none). */
export const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * A refusal as the screens show it: the host's message, and the reason it gives apart
 * (`data.reason`), or its code when it gave none.
 */
export function refusalText(item: ApiErrorItem): string {
  const reason = (item.data as { reason?: unknown } | null)?.reason;
  const parts = [item.details || item.code, typeof reason === 'string' ? reason : ''].filter(Boolean);
  return parts.join(': ');
}

/** A rejection's messages, as an alert lists them. */
export const messagesOf = (failure: unknown) => errorList(failure).map(refusalText);

/**
 * Why the syllabi cannot be read: the temary module is off (`SERVICE-000` from `temary/list`, or
 * this plugin's `CONFLICT-000` "El módulo de temarios no está activo"), the caller may not read
 * them (`PERMISSION-000`), or another failure (null).
 */
export function temaryRefusal(failure: unknown): 'off' | 'permission' | null {
  if (hasErrorCode(failure, 'SERVICE-000', 'CONFLICT-000')) return 'off';
  if (hasErrorCode(failure, 'PERMISSION-000')) return 'permission';
  return null;
}

/** The names of the students without an e-mail address, from a send's answer (a count names none). */
export function withoutEmail(value: string[] | number | null | undefined): string[] {
  return Array.isArray(value) ? value.filter((name) => typeof name === 'string' && name) : [];
}

/**
 * The average share done of the whole content from its blocks: each block's average weighted by
 * its lessons (0 without lessons), one decimal.
 */
export function overallAverage(blocks: Block[]): number {
  const lessons = blocks.reduce((n, b) => n + b.lessons, 0);
  if (!lessons) return 0;
  const sum = blocks.reduce((n, b) => n + b.average * b.lessons, 0);
  return Math.round((sum / lessons) * 10) / 10;
}

/** Whether `ends` (a day) is not before `starts`; true when either is missing. */
export function endsNotBefore(starts: string, ends: string): boolean {
  if (!starts || !ends) return true;
  return ends >= starts;
}

/** The order of `ids` moved: the item at `index` one place up (-1) or down (1). */
export function moved<T>(items: T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** How a lesson's file is shown: an image inline (png, jpeg), any other file as a link. */
export function isImage(contentType: string | null | undefined): boolean {
  const type = (contentType ?? '').toLowerCase().split(';')[0].trim();
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/jpg';
}
