/**
 * Conversions between what people type and what the host takes: a placement's position and the
 * signature's width as percentages of the page (0–100, `12,5`) in the screens and fractions
 * (0–1) in the API, and a signer's age for the guardian rule.
 */
import { formatScaled, parseDecimal, parseScaled } from '@volante/plugin-ui';
import type { Placement } from './api';
import { DEFAULT_SIZE, DEFAULT_WIDTH, MAX_SIZE, MIN_SIZE, SIGNATURE, type PlacementField } from './lists';

/** Percentages are typed with up to two decimals. */
const PERCENT_PLACES = 2;

/** A fraction of the page (0.125) as a percentage to edit (`12,5`). */
export function fractionToPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '';
  return formatScaled(Math.round(fraction * 10 ** (PERCENT_PLACES + 2)), PERCENT_PLACES, false);
}

/** A typed percentage (`12,5`, `33.33`) as a fraction of the page (0.125), or null when it is not one from 0 to 100. */
export function percentToFraction(text: string): number | null {
  const scaled = parseScaled(text, PERCENT_PLACES);
  if (scaled === null || scaled > 100 * 10 ** PERCENT_PLACES) return null;
  return scaled / 10 ** (PERCENT_PLACES + 2);
}

/** A placement as the form holds it: text as typed, the position in percent. */
export interface PlacementDraft {
  /** Stable while the list is edited (React's key). */
  key: number;
  variable: string;
  page: string;
  x: string;
  y: string;
  size: string;
  width: string;
}

export function placementDraft(placement: Placement, key: number): PlacementDraft {
  return {
    key,
    variable: placement.variable,
    page: String(placement.page),
    x: fractionToPercent(placement.x),
    y: fractionToPercent(placement.y),
    size: formatScaled(Math.round((placement.size || DEFAULT_SIZE) * 10), 1, false),
    width: fractionToPercent(placement.width || DEFAULT_WIDTH),
  };
}

/** A new placement on `page`, at 10 % from the left and top. */
export function newPlacement(key: number, page: number, variable = 'name'): PlacementDraft {
  return placementDraft({ variable, page, x: 0.1, y: 0.1, size: DEFAULT_SIZE, width: DEFAULT_WIDTH }, key);
}

export type PlacementProblem = 'variable' | 'page' | 'position' | 'size' | 'width';

/** What is wrong with a placement's fields (none: empty). */
export function placementProblems(draft: PlacementDraft, pages: number | null): Partial<Record<PlacementField, PlacementProblem>> {
  const problems: Partial<Record<PlacementField, PlacementProblem>> = {};
  if (!draft.variable) problems.variable = 'variable';
  const page = Number(draft.page);
  if (!/^\d+$/.test(draft.page.trim()) || page < 1 || (pages !== null && page > pages)) problems.page = 'page';
  if (percentToFraction(draft.x) === null) problems.x = 'position';
  if (percentToFraction(draft.y) === null) problems.y = 'position';
  if (draft.variable === SIGNATURE) {
    const width = percentToFraction(draft.width);
    if (width === null || width <= 0) problems.width = 'width';
  } else {
    const size = parseDecimal(draft.size, 1);
    if (size === null || size < MIN_SIZE || size > MAX_SIZE) problems.size = 'size';
  }
  return problems;
}

/** The placement to send (fractions of the page), or null while a field is wrong. */
export function placementBody(draft: PlacementDraft): Placement | null {
  if (Object.keys(placementProblems(draft, null)).length > 0) return null;
  return {
    variable: draft.variable,
    page: Number(draft.page),
    x: percentToFraction(draft.x)!,
    y: percentToFraction(draft.y)!,
    size: parseDecimal(draft.size, 1) ?? DEFAULT_SIZE,
    width: percentToFraction(draft.width) ?? DEFAULT_WIDTH,
  };
}

/** Where a click fell in a box, as percentages with one decimal (`{x: '12,5', y: '40'}`). */
export function clickPercent(clientX: number, clientY: number, box: { left: number; top: number; width: number; height: number }): { x: string; y: string } | null {
  if (box.width <= 0 || box.height <= 0) return null;
  const tenths = (offset: number, size: number) => Math.min(1000, Math.max(0, Math.round((offset / size) * 1000)));
  // tenths of a percent as hundredths, the editor's precision
  return { x: formatScaled(tenths(clientX - box.left, box.width) * 10, PERCENT_PLACES, false), y: formatScaled(tenths(clientY - box.top, box.height) * 10, PERCENT_PLACES, false) };
}

// --- The signer's age --------------------------------------------------------------------------

const spainDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Spain, `YYYY-MM-DD` (the host's day for the guardian rule). */
export function spanishToday(now: Date = new Date()): string {
  return spainDay.format(now);
}

/** `YYYY-MM-DD` or `DD/MM/YYYY` (what the host takes) as `[year, month, day]`, or null. */
function dateParts(text: string): [number, number, number] | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (iso) return [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  const spanish = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (spanish) return [Number(spanish[3]), Number(spanish[2]), Number(spanish[1])];
  return null;
}

/** Whole years from `birthday` to `today`, or null when the birthday is missing or unreadable. */
export function age(birthday: string, today: string): number | null {
  const born = dateParts(birthday);
  const now = dateParts(today);
  if (!born || !now) return null;
  const beforeBirthday = now[1] < born[1] || (now[1] === born[1] && now[2] < born[2]);
  return now[0] - born[0] - (beforeBirthday ? 1 : 0);
}

/** Whether the signer is younger than `below` years (then a parent or guardian signs too). */
export function isMinor(birthday: string, below: number, today: string = spanishToday()): boolean {
  const years = age(birthday, today);
  return years !== null && years < below;
}
