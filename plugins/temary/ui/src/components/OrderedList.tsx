import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveButtons } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { MediaKind, Positioned } from '../api';
import type { ChildKind } from '../lists';

/**
 * One level of a syllabus's tree in order: each child with its position, its title (a link, or
 * text) and what the page adds under it, and, unless read only, "↑" and "↓" (the kit's
 * `MoveButtons`, `<testId>-up` / `<testId>-down`: not past either end; only where `movable`, the
 * default) and "Eliminar". A subtheme's sheets and videos are listed the same way. `replace` draws something else in a child's place (its edit form).
 */
export function OrderedList<T extends Positioned>({
  kind,
  items,
  label,
  readOnly,
  movable = true,
  busy,
  onMove,
  onDelete,
  title,
  detail,
  actions,
  below,
  replace,
  testId,
}: {
  kind: ChildKind | MediaKind;
  items: T[];
  /** The list's accessible name. */
  label: string;
  readOnly: boolean;
  /** Whether "↑" and "↓" are offered (default true). */
  movable?: boolean;
  /** A move or a delete on its way: the buttons wait. */
  busy: boolean;
  onMove(item: T, position: number): void;
  onDelete(item: T): void;
  title(item: T): ReactNode;
  detail?(item: T): ReactNode;
  /** More buttons or links before the moves ("Editar"). */
  actions?(item: T): ReactNode;
  below?(item: T): ReactNode;
  replace?(item: T): ReactNode | null;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  if (items.length === 0) {
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        {t(`${kind}.empty`)}
      </p>
    );
  }
  return (
    <ol className="temary-order" aria-label={label}>
      {items.map((item, index) => {
        const instead = replace?.(item);
        if (instead) {
          return (
            <li key={item.id} className="temary-order__item" data-testid={testId}>
              {instead}
            </li>
          );
        }
        const named = { title: item.title };
        return (
          <li key={item.id} className="temary-order__item" data-testid={testId}>
            <div className="temary-order__row">
              <span className="temary-order__position" data-testid="position">
                {item.position}
              </span>
              <div className="temary-order__main">
                <span className="temary-order__title">{title(item)}</span>
                {detail?.(item)}
              </div>
              <div className="temary-order__actions">
                {actions?.(item)}
                {!readOnly && movable && (
                  <MoveButtons
                    index={index}
                    count={items.length}
                    busy={busy}
                    upLabel={t(`${kind}.moveUp`, named)}
                    downLabel={t(`${kind}.moveDown`, named)}
                    onMove={(delta) => onMove(item, item.position + delta)}
                    testId={testId}
                  />
                )}
                {!readOnly && (
                  <button type="button" className="vk-btn vk-btn--light" aria-label={t(`${kind}.delete.named`, named)} disabled={busy} onClick={() => onDelete(item)}>
                    {t('delete')}
                  </button>
                )}
              </div>
            </div>
            {below?.(item)}
          </li>
        );
      })}
    </ol>
  );
}
