/**
 * How the screens show and edit the school's blog: a post's date in long Spanish form, the
 * `datetime-local` field's value to and from UTC, the tags typed as text, and a post's excerpt.
 */
import { LOCALE, TIME_ZONE } from '@volante/plugin-ui';
import { BLOG_EXCERPT } from './lists';
import { paragraphs, preview } from './legal';

const dayFormatter = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
const timeFormatter = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const dateOf = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A post's instant in Spanish time (Madrid), "1 de diciembre de 2026, 10:00"; '' when missing or invalid. */
export function formatPublishAt(value: string | null | undefined): string {
  const date = dateOf(value);
  return date ? `${dayFormatter.format(date)}, ${timeFormatter.format(date)}` : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` field shows it (the browser's time, `YYYY-MM-DDTHH:mm`); '' for none. */
export function toLocalInput(value: string | null | undefined): string {
  const d = dateOf(value);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` field's value (the browser's time) as the UTC instant the host takes; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Whether a `datetime-local` field's value is later than `now`: publishing it schedules the post. */
export function isFutureInput(value: string, now: number = Date.now()): boolean {
  const at = fromLocalInput(value);
  return at !== null && new Date(at).getTime() > now;
}

/** The tags typed as "a, b, c": trimmed, without empty ones or repeats (case aside, the first kept), as the host keeps them. */
export function parseTags(text: string): string[] {
  const tags: string[] = [];
  for (const tag of text.split(',').map((t) => t.trim())) {
    if (tag && !tags.some((t) => t.toLocaleLowerCase(LOCALE) === tag.toLocaleLowerCase(LOCALE))) tags.push(tag);
  }
  return tags;
}

/** The tags as the field shows them. */
export const tagsText = (tags: readonly string[] | null | undefined) => (tags ?? []).join(', ');

/** A post's first paragraph, cut at a word with "…" past `limit` characters; '' without content. */
export function excerpt(content: string | null | undefined, limit = BLOG_EXCERPT): string {
  const first = paragraphs(content)[0];
  return first ? (preview(first, limit).paragraphs[0] ?? '') : '';
}

/** The post an address opens (`?post=7`; `new` for a new one): its id, 'new', or null when it names none. */
export function postParam(value: string | null): number | 'new' | null {
  if (value === 'new') return 'new';
  const trimmed = value?.trim() ?? '';
  return /^\d{1,15}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}
