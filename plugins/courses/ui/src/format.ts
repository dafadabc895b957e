import { formatScaled, parseDecimal } from '@volante/plugin-ui';

/** Hours the es-ES way, without trailing zeros (`4`, `4,5`, `1,25`); '' for none. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '';
  return formatScaled(Math.round(hours * 100), 2, false);
}

/** Hours typed by a person (`12`, `12,5`, `12.5`), at most two decimals; null when not a number. */
export function parseHours(text: string): number | null {
  return parseDecimal(text, 2);
}

/** A whole number typed by a person; null when it is not one. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
