import { errorList, formatDate } from '@volante/plugin-ui';
import type { BookContents, BookSubtheme, Coverage, CoverageTotals, MediaContent, Named, Resource, SubthemeContent } from './api';

/** A refusal's messages as a screen's alert shows them (the host's text, or its code). */
export const messagesOf = (failure: unknown) => errorList(failure).map((item) => item.details || item.code);

/** Whether a refusal is the host's `CONFLICT-000` (a deleted record, or the temary module off). */
export const isConflict = (failure: unknown) => errorList(failure).some((item) => item.code === 'CONFLICT-000');

/** A whole number typed by a person; null when it is not one. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** A number or id as a form holds it ('' for none). */
export const textOf = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A select's value as an id (null for ''). */
export const idOf = (value: string): number | null => (value ? Number(value) : null);

/** Whether a text is an `http` or `https` address (the host checks it again). */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** A date and a time as a class shows them: "12/03/2026 18:00", the part there is ('' for none). */
export function when(date: string | null | undefined, time?: string | null): string {
  return [formatDate(date ?? null), date ? (time ?? '') : ''].filter(Boolean).join(' ');
}

/** The dates a group runs: "01/10/2026 – 20/12/2026", one of them, or ''. */
export function period(starts: string | null | undefined, ends: string | null | undefined): string {
  const from = formatDate(starts ?? null);
  const to = formatDate(ends ?? null);
  if (from && to) return `${from} – ${to}`;
  return from || to;
}

/** A part of the book the host names by its title or gives whole. */
export function nameOf(value: string | Named | null | undefined): string {
  if (!value) return '';
  return typeof value === 'string' ? value : (value.title ?? value.name ?? '');
}

/** How a file is shown: an image inline (png, jpeg), a PDF or any other file as a link. */
export function fileShape(contentType: string | null | undefined): 'image' | 'pdf' | 'file' {
  const type = (contentType ?? '').toLowerCase().split(';')[0].trim();
  if (type === 'image/png' || type === 'image/jpeg' || type === 'image/jpg') return 'image';
  if (type === 'application/pdf') return 'pdf';
  return 'file';
}

/** A resource's subtheme content (only for a `subtheme` not missing). */
export const subthemeOf = (resource: Resource): SubthemeContent | null =>
  resource.kind === 'subtheme' && resource.content && 'sections' in resource.content ? resource.content : null;

/** A resource's sheet or video (only for those kinds, not missing). */
export const mediaOf = (resource: Resource): MediaContent | null =>
  (resource.kind === 'sheet' || resource.kind === 'video') && resource.content && 'file_id' in resource.content ? resource.content : null;

/** A resource's title: its own, the book's part's, the link's address; '' when none. */
export function resourceTitle(resource: Resource): string {
  return resource.title?.trim() || resource.content?.title || resource.url || '';
}

/** A subtheme of the book as a choice: "1.2 Señales verticales" (theme and subtheme positions). */
export function subthemeLabel(themePosition: number, subtheme: BookSubtheme): string {
  return `${themePosition}.${subtheme.position} ${subtheme.title}`;
}

/** The subtheme of the book with this id, and its theme's position. */
export function findSubtheme(contents: BookContents | null, id: number): { theme: number; subtheme: BookSubtheme } | null {
  for (const theme of contents?.themes ?? []) {
    const subtheme = theme.subthemes.find((s) => s.id === id);
    if (subtheme) return { theme: theme.position, subtheme };
  }
  return null;
}

/** The coverage's totals as the host gives them, or counted from its outline. */
export function coverageTotals(coverage: Coverage): CoverageTotals {
  if (coverage.totals) return coverage.totals;
  const subthemes = coverage.themes.flatMap((theme) => theme.subthemes);
  return {
    subthemes: subthemes.length,
    covered: subthemes.filter((s) => s.classes.length > 0).length,
    given: subthemes.filter((s) => s.classes.some((c) => c.status === 'given')).length,
  };
}

/** A list's item one place up (-1) or down (1): its new position, or null past either end. */
export function movedPosition(position: number, delta: -1 | 1, count: number): number | null {
  const to = position + delta;
  return to < 1 || to > count ? null : to;
}
