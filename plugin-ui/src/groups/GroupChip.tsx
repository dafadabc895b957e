import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { chipColors, hexColor } from './color';

/**
 * How a group is drawn: `chip`, a badge in the group's colour; `dot`, a dot in its colour
 * before its name.
 */
export type GroupLook = 'chip' | 'dot';

/**
 * A record's group as a chip in the group's colour (the plain badge look without one), or the
 * kit's "Sin grupo" when it has none. `look="dot"`: the name after a dot in the group's colour
 * (the kit's primary without one) instead, `group-label` with its `group-dot` (`data-color`: the
 * colour as `#rrggbb`).
 */
export function GroupChip({ name, color, look = 'chip' }: { name: string | null | undefined; color?: string | null; look?: GroupLook }) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (!name) {
    return (
      <span className="muted" data-testid="no-group">
        {t('groups.noGroup')}
      </span>
    );
  }
  if (look === 'dot') {
    const hex = hexColor(color);
    return (
      <span className="vk-group" data-testid="group-label">
        <span className="vk-dot" aria-hidden="true" style={hex ? { backgroundColor: hex } : undefined} data-testid="group-dot" data-color={hex ?? undefined} />
        {name}
      </span>
    );
  }
  return (
    <span className="vk-badge vk-chip" style={chipColors(color) ?? undefined} data-testid="group-chip">
      {name}
    </span>
  );
}
