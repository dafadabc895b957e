import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/**
 * What was chosen for a list field (suppliers, files, the products a price is copied to): each
 * entry's name (or its link) with "Quitar", or `empty` when there is none.
 */
export function ChosenList<T>({
  items,
  itemKey,
  itemLabel,
  render,
  onRemove,
  empty,
  label,
  disabled = false,
  testId,
}: {
  items: T[];
  itemKey(item: T): number;
  itemLabel(item: T): string;
  /** The entry as shown (default: its name). */
  render?(item: T): ReactNode;
  onRemove(item: T): void;
  empty: string;
  label: string;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  if (items.length === 0) {
    return (
      <p className="muted" data-testid={testId}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="products-chosen" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li key={itemKey(item)}>
          <span>{render ? render(item) : itemLabel(item)}</span>
          {!disabled && (
            <button type="button" className="vk-btn vk-btn--light" aria-label={t('removeNamed', { name: itemLabel(item) })} onClick={() => onRemove(item)}>
              {t('remove')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
