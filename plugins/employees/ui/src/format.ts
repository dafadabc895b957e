/**
 * The employees' own formatting: IBAN in groups of four, weekly hours es-ES, where an account
 * stands, and the activity log's details as text. Plain dates (`YYYY-MM-DD`) and instants go
 * through the kit's `formatDate` / `formatDateTime`.
 */
import { parseDecimal } from '@volante/plugin-ui';
import type { Account, AccountState } from './api';

export const LOCALE = 'es-ES';

/** An IBAN as stored (no spaces, upper case), the way the plugin keeps it. */
export function normaliseIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** An IBAN in groups of four (`ES91 2100 0418 4502 0005 1332`); '' when none. */
export function formatIban(iban: string | null | undefined): string {
  if (!iban) return '';
  return normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

const hoursFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2, useGrouping: false });

/** Weekly hours as typed and shown (`37,5`); '' when unknown. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '';
  return hoursFormatter.format(hours);
}

/** Hours typed (`37,5`, `40`, `37.5`): null when empty, NaN when not a number with up to 2 decimals. */
export function parseHours(text: string): number | null {
  if (text.trim() === '') return null;
  return parseDecimal(text, 2) ?? Number.NaN;
}

/** Where an account stands: none, locked (whatever else), inactive, active. */
export function accountState(account: Pick<Account, 'active' | 'locked'> | null | undefined): AccountState {
  if (!account) return 'none';
  if (account.locked) return 'locked';
  return account.active ? 'active' : 'inactive';
}

/** An audit entry's detail as one line (`active: false · to: ana@…`); '' when there is none. */
export function describeDetail(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail !== 'object') return String(detail);
  const value = (v: unknown): string => (Array.isArray(v) ? v.map(value).join(', ') : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  return Object.entries(detail as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${value(v)}`)
    .join(' · ');
}

/** A person's name from its parts, without the empty ones. */
export function personName(...parts: (string | null | undefined)[]): string {
  return parts.filter((p) => p && p.trim()).join(' ');
}
