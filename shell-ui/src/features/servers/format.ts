import { LOCALE, formatElapsedSince, type DateInput, type ElapsedUnits } from '@volante/plugin-ui';

/** Units of a duration, as the Spanish screens abbreviate them ("3 d 4 h", "12 min"). */
const DURATION_UNITS = { days: 'd', hours: 'h', minutes: 'min', seconds: 's' };

/**
 * A duration readably, its two largest units: `3 d 4 h`, `4 h 12 min`, `12 min 5 s`, `45 s`
 * (a zero second unit is left out: `3 d`, `2 h`).
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  const secs = s % 60;
  const parts: [number, string][] = days
    ? [[days, DURATION_UNITS.days], [hours, DURATION_UNITS.hours]]
    : hours
      ? [[hours, DURATION_UNITS.hours], [minutes, DURATION_UNITS.minutes]]
      : minutes
        ? [[minutes, DURATION_UNITS.minutes], [secs, DURATION_UNITS.seconds]]
        : [[secs, DURATION_UNITS.seconds]];
  return parts
    .filter(([value], i) => i === 0 || value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ');
}

const AGO_UNITS: ElapsedUnits = { seconds: 's', minutes: 'min', hours: 'h', days: 'd', year: 'año', years: 'años' };

/** How long ago, in its largest unit (`12 s`, `5 min`, `3 h`, `2 d`): for "hace …". */
export function elapsedSince(at: DateInput, now: DateInput = new Date()): string {
  return formatElapsedSince(at, now, AGO_UNITS);
}

const counts = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwo = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** A count in es-ES (`1234`, `12.345`). */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : counts.format(value);
}

/** A value with up to two decimals, es-ES (`2,5`, `0,33`, `4`). */
export function formatDecimal(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '' : upToTwo.format(value);
}

/** The load averages over 1, 5 and 15 minutes: `0,52 · 0,48 · 0,40`. */
export function formatLoad(load: readonly number[]): string {
  return load.map((v) => decimals.format(v)).join(' · ');
}
