import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { chipColors } from './color';

/**
 * A record's group as a chip in the group's colour (the plain badge look without one), or the
 * kit's "Sin grupo" when it has none.
 */
export function GroupChip({ name, color }: { name: string | null | undefined; color?: string | null }) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (!name) {
    return (
      <span className="muted" data-testid="no-group">
        {t('groups.noGroup')}
      </span>
    );
  }
  return (
    <span className="vk-badge vk-chip" style={chipColors(color) ?? undefined} data-testid="group-chip">
      {name}
    </span>
  );
}
