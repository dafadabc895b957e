/**
 * How the screens show the shop's legal texts (README "Legal texts"): plain text, paragraphs by
 * blank lines, each kept with its own line breaks.
 */
import type { LegalText } from './api';
import { LEGAL_PREVIEW } from './lists';

/** A body's paragraphs: split at blank lines, each without the blank lines around it; none for an empty body. */
export function paragraphs(body: string | null | undefined): string[] {
  if (!body) return [];
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');
}

/**
 * The first paragraphs of a body, up to `limit` characters: a longer paragraph is cut at a word
 * and ends in "…". `cut` says whether anything was left out.
 */
export function preview(body: string | null | undefined, limit = LEGAL_PREVIEW): { paragraphs: string[]; cut: boolean } {
  const all = paragraphs(body);
  const shown: string[] = [];
  let left = limit;
  for (const p of all) {
    if (p.length <= left) {
      shown.push(p);
      left -= p.length;
      continue;
    }
    const room = p.slice(0, Math.max(left, 0));
    const space = room.search(/\s\S*$/);
    const head = (space > 0 ? room.slice(0, space) : room).trimEnd();
    if (head) shown.push(`${head}…`);
    else if (shown.length === 0) shown.push(`${p.slice(0, limit).trimEnd()}…`);
    else shown[shown.length - 1] = `${shown[shown.length - 1]}…`;
    return { paragraphs: shown, cut: true };
  }
  return { paragraphs: shown, cut: false };
}

/**
 * Where a kind stands: never written (`unwritten`), in force on the site (`published`), or taken
 * down, its newest version having an empty body (`withdrawn`).
 */
export type LegalState = 'unwritten' | 'published' | 'withdrawn';

export function legalState(current: Pick<LegalText, 'body'> | null | undefined): LegalState {
  if (!current) return 'unwritten';
  return current.body.trim() === '' ? 'withdrawn' : 'published';
}
