/**
 * What forms send: an update takes the record's id and only the fields that changed; a create
 * leaves out the fields without a value (the plugin's defaults apply); a list's query leaves out
 * the filters not set.
 */
import type { QueryParams } from '../api/client';

/**
 * The fields of `body` whose value differs from the record's (compared as JSON, a missing value
 * as null): what an update call sends besides the id.
 */
export function changedFields<T extends object>(body: Partial<T>, record: T): Partial<T> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const before = (record as Record<string, unknown>)[key] ?? null;
    if (JSON.stringify(value ?? null) !== JSON.stringify(before)) changed[key] = value;
  }
  return changed as Partial<T>;
}

/** `body` without its null or undefined fields (a create: the plugin's defaults apply). */
export function withoutNulls<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/** A list's query without its empty values ('', null, undefined): the filters not set. */
export function compactQuery(query: object): QueryParams {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as QueryParams;
}
