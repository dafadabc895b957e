import { formatScaled } from '@volante/plugin-ui';

/** Hundredths of a percent as text (`2100` → `21`, `1050` → `10,5`). */
export function percentText(hundredths: number): string {
  return formatScaled(hundredths, 2, false);
}

/** Thousandths of a unit as text (`1500` → `1,5`). */
export function quantityText(thousandths: number): string {
  return formatScaled(thousandths, 3, false);
}

/** Today in Madrid as `YYYY-MM-DD` (the host's dates). */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
