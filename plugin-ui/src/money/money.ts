/**
 * Amounts typed by people in es-ES, read exactly: money as integer cents, decimals (quantities,
 * percentages) with a bounded number of places. No floating-point arithmetic is used to turn
 * text into cents, so `0,29` is 29 cents and never 28.
 */

const PLAIN = /^(\d+)(?:[.,](\d*))?$/;
const GROUPED = /^([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d*))?$/;

/** Digits before and after the decimal mark, or null when the text is not a number. */
function splitDecimal(text: string): { whole: string; fraction: string; negative: boolean } | null {
  let t = text.replace(/[\s\u00a0€]/g, '');
  let negative = false;
  if (t.startsWith('-')) {
    negative = true;
    t = t.slice(1);
  }
  if (!t) return null;
  // `1.234,56` or `1.234`: dots before groups of three digits group thousands (es-ES); otherwise
  // one dot or comma is the decimal mark (`12.5`, `0.333`).
  const grouped = GROUPED.exec(t);
  if (grouped) {
    return { whole: grouped[1].replace(/\./g, ''), fraction: grouped[2] ?? '', negative };
  }
  const plain = PLAIN.exec(t);
  if (!plain) return null;
  return { whole: plain[1], fraction: plain[2] ?? '', negative };
}

/**
 * Integer units of `10^-places` from decimal text (`parseScaled('1,5', 3)` → 1500), or null
 * when the text is not a number, has more than `places` decimals, or is negative without
 * `allowNegative`.
 */
export function parseScaled(text: string, places: number, allowNegative = false): number | null {
  const parts = splitDecimal(text.trim());
  if (!parts || parts.fraction.length > places) return null;
  if (parts.negative && !allowNegative) return null;
  const digits = `${parts.whole}${parts.fraction.padEnd(places, '0')}`.replace(/^0+(?=\d)/, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return null;
  return parts.negative && value !== 0 ? -value : value;
}

/** Cents from what a person typed (`12`, `12,5`, `1.234,56`, `1234.56`, `12 €`); null if invalid. */
export function parseEuros(text: string, allowNegative = false): number | null {
  return parseScaled(text, 2, allowNegative);
}

/** A decimal number (`1,5` → 1.5) with at most `places` decimals; null if invalid. */
export function parseDecimal(text: string, places: number, allowNegative = false): number | null {
  const scaled = parseScaled(text, places, allowNegative);
  return scaled === null ? null : scaled / 10 ** places;
}

/** Integer units of `10^-places` as editable text with a decimal comma and no grouping (`150050, 2` → `1500,50`). */
export function formatScaled(value: number | null | undefined, places: number, keepZeros = true): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const negative = value < 0;
  const digits = String(Math.abs(Math.round(value))).padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  let fraction = places ? digits.slice(-places) : '';
  if (!keepZeros) fraction = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `,${fraction}` : ''}`;
}

/** Cents as editable text (`123450` → `1234,50`). */
export function centsToInput(cents: number | null | undefined): string {
  return formatScaled(cents, 2);
}

/** `n / d` rounded half away from zero, on integers (the billing rounding rule). */
export function roundDiv(n: number, d: number): number {
  const q = Math.trunc(n / d);
  const r = n - q * d;
  const adjust = 2 * Math.abs(r) >= d ? Math.sign(n) : 0;
  return q + adjust;
}
