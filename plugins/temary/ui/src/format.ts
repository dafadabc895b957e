import { errorList, hasErrorCode, type ApiErrorItem } from '@volante/plugin-ui';

/** A position typed by a person: '' → undefined (none), a whole number from 1 → it, else null. */
export function parsePosition(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : null;
}

/** Whether the host refused because the record (or what it belongs to) was deleted meanwhile. */
export const isConflict = (failure: unknown) => hasErrorCode(failure, 'CONFLICT-000');

/**
 * A refusal's errors as a screen shows them: the host's, and after a `CONFLICT-000` (the record
 * was deleted meanwhile: it changes no more) the screen's own explanation.
 */
export function explain(failure: unknown, conflict: string): ApiErrorItem[] {
  const items = errorList(failure);
  return isConflict(failure) ? [...items, { code: 'CONFLICT-000', data: null, details: conflict }] : items;
}

/** The messages of `explain` (the host's text, or its code when it gave none). */
export const messages = (items: ApiErrorItem[]) => items.map((item) => item.details || item.code);
