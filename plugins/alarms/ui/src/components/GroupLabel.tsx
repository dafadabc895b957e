import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { safeColor } from '../format';

/** A coloured dot (the group's colour). */
export function ColorDot({ color }: { color: string | null | undefined }) {
  const safe = safeColor(color);
  return <span className="alarms-dot" aria-hidden="true" style={safe ? { backgroundColor: safe } : undefined} data-testid="group-dot" data-color={safe ?? undefined} />;
}

/** An alarm's group: its dot and name, or "Sin grupo". */
export function GroupLabel({ group }: { group: { name: string; color: string } | null | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  if (!group) {
    return (
      <span className="muted" data-testid="no-group">
        {t('noGroup')}
      </span>
    );
  }
  return (
    <span className="alarms-group" data-testid="group-label">
      <ColorDot color={group.color} />
      {group.name}
    </span>
  );
}

/** An alarm deleted (it stays readable). */
export function DeletedBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--danger" data-testid="deleted">
      {t('deleted')}
    </span>
  );
}
