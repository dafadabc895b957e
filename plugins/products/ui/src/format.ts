import { formatScaled, parseScaled } from '@volante/plugin-ui';

/** Hundredths of a percent as a percentage: `2100` → "21 %", `950` → "9,5 %". */
export function rateText(hundredths: number): string {
  return `${formatScaled(hundredths, 2, false)} %`;
}

/** Hundredths of a percent as the form holds them: `950` → "9,5", `0` → "0". */
export const rateInput = (hundredths: number | null | undefined) => formatScaled(hundredths ?? 0, 2, false);

/** A percentage typed by a person (`21`, `9,5`, `12.25`) in hundredths, 0–100 %; null when it is not one. */
export function parseRate(text: string): number | null {
  const value = parseScaled(text, 2);
  return value === null || value > 10_000 ? null : value;
}

/** A whole number typed by a person; null when it is not one. */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** The ids of a list once each, in the order given (the host drops repeats before checking, so its `field[i]` names the i-th of this list). */
export function uniqueIds(ids: number[]): number[] {
  return [...new Set(ids)];
}
