import { errorList, type ApiErrorItem } from '../api/errors';
import { namedField } from './fields';

/**
 * The host's errors with those about one entry of a list field (`category_ids[1]`, `user_ids[0]`)
 * moved to the list's field (`category_ids`), the entry named first: "Ofertas: La categoría no
 * existe". `nameOf(index)` names the entry the index points at (of the list as it was sent);
 * undefined leaves the message as it is. Errors about other fields, or about deeper paths
 * (`pack_items[1].quantity`), are kept unchanged.
 */
export function indexedFieldErrors(failure: unknown, field: string, nameOf: (index: number) => string | undefined): ApiErrorItem[] {
  const pattern = new RegExp(`^${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\[(\\d+)\\]$`);
  return errorList(failure).map((item) => {
    const match = pattern.exec(namedField(item) ?? '');
    if (!match) return item;
    const name = nameOf(Number(match[1]));
    return { ...item, data: { ...(item.data as object), field }, details: name ? `${name}: ${item.details}` : item.details };
  });
}
