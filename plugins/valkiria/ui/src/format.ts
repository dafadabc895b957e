import { LOCALE, TIME_ZONE, errorList } from '@volante/plugin-ui';
import type { BlockRef, Counted, Renewal } from './api';
import { ANSWER_LETTERS } from './lists';

const dayFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Spain as the API takes dates (`YYYY-MM-DD`). */
export function today(now: Date = new Date()): string {
  return dayFormatter.format(now);
}

/** "Ana López García"; the part there is when one is missing. */
export function personName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name?.trim(), person.last_name?.trim()].filter(Boolean).join(' ');
}

/** A count the host answers as a number or as the list itself. */
export function countOf(value: Counted): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' ? value : 0;
}

/** A block's name, whether the host names it or gives the block. */
export function blockName(block: string | BlockRef | null | undefined): string {
  if (!block) return '';
  return typeof block === 'string' ? block : block.name;
}

/** A whole number typed by a person; null when it is not one. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** A number as the forms hold it ('' for none). */
export const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A countdown or a time spent: `mm:ss`, or `h:mm:ss` from an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

const percentFormatter = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });
const decimalFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** A rate of 0–100 the Spanish way ("75 %"); '' for none. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : percentFormatter.format(value / 100);
}

/** A mean with one decimal at most ("1,5"); '' for none. */
export function decimal(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : decimalFormatter.format(value);
}

/** An answer's letter: a, b, c, d. */
export const letter = (index: number) => ANSWER_LETTERS[index] ?? String(index + 1);

/** A renewal's draft: by months (1–36) or to a date. */
export interface RenewalDraft {
  by: 'months' | 'date';
  months: string;
  expires_on: string;
}

/** The renewal to send, or null when what was typed is not one (the form says why). */
export function renewalOf(draft: RenewalDraft): Renewal | null {
  if (draft.by === 'date') return draft.expires_on ? { expires_on: draft.expires_on } : null;
  const months = parseWhole(draft.months);
  return months === null ? null : { months };
}

/**
 * The repetitions typed for an enrolment: null when empty (no limit), the whole number typed, or
 * undefined when it is not one (the form says why; the range is checked there).
 */
export function repetitionsOf(text: string): number | null | undefined {
  if (!text.trim()) return null;
  return parseWhole(text) ?? undefined;
}

/** A list with the item at `index` moved one place (`delta` -1: up, 1: down); the same list at either end. */
export function moved<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Whether a text typed looks like an e-mail address (the host checks it again). */
export const isEmail = (text: string) => EMAIL.test(text.trim());

/** A student's PIN as typed: six digits. */
export const isPin = (text: string) => /^\d{6}$/.test(text.trim());

/** A text for a list: its spaces collapsed, cut to `max` characters with "…". */
export function shorten(text: string | null | undefined, max: number): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** A refusal's messages as a screen's alert shows them (the host's text, or its code). */
export const messagesOf = (failure: unknown) => errorList(failure).map((item) => item.details || item.code);
