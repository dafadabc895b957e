/**
 * The fleet's own formatting: plates as written on the vehicle, kilometres, and today's local
 * date for the forms' defaults. Plain dates (`YYYY-MM-DD`) and euros go through the kit's
 * `formatDate` and `formatEuros`.
 */
export const LOCALE = 'es-ES';

/**
 * A stored plate (upper case, no spaces: `1234BCD`, `C1234BCD`, `M1234AB`) as it is written on
 * the vehicle: `1234 BCD`, `C 1234 BCD`, `M 1234 AB`. Anything else is shown as it is.
 */
export function formatPlate(plate: string | null | undefined): string {
  if (!plate) return '';
  const national = /^(\d{4})([A-Z]{3})$/.exec(plate);
  if (national) return `${national[1]} ${national[2]}`;
  const prefixed = /^([A-Z])(\d{4})([A-Z]{3})$/.exec(plate);
  if (prefixed) return `${prefixed[1]} ${prefixed[2]} ${prefixed[3]}`;
  const provincial = /^([A-Z]{1,2})(\d{4})([A-Z]{0,2})$/.exec(plate);
  if (provincial) return [provincial[1], provincial[2], provincial[3]].filter(Boolean).join(' ');
  return plate;
}

const kmFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** Kilometres, es-ES (`12.345 km`); '' when unknown. */
export function formatKm(km: number | null | undefined): string {
  if (km === null || km === undefined || !Number.isFinite(km)) return '';
  return `${kmFormatter.format(km)} km`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the browser's local time, `YYYY-MM-DD` (the upkeep form's default date). */
export function todayKey(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A whole number typed in a form (`12.345`, `12345`), or null when empty; NaN when not a number. */
export function parseWhole(text: string): number | null {
  const clean = text.trim().replace(/\./g, '');
  if (clean === '') return null;
  return /^\d+$/.test(clean) ? Number(clean) : Number.NaN;
}
