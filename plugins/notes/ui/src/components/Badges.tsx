import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { chipStyle } from '../format';

/**
 * A notebook's group as a chip in the group's colour (the plain badge look when it has none), or
 * "Sin grupo".
 */
export function GroupChip({ name, color }: { name: string | null | undefined; color?: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (!name) {
    return (
      <span className="muted" data-testid="no-group">
        {t('noGroup')}
      </span>
    );
  }
  return (
    <span className="vk-badge notes-chip" style={chipStyle(color) ?? undefined} data-testid="group-chip" data-color={color || undefined}>
      {name}
    </span>
  );
}

/** "Fijado": a notebook shown first in the list. */
export function PinnedBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--warning" data-testid="pinned">
      {t('pinned')}
    </span>
  );
}

/** A notebook deleted (it stays readable). */
export function DeletedBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--danger" data-testid="deleted">
      {t('deleted')}
    </span>
  );
}
