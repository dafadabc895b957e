import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

/**
 * A record deleted but still readable: a red badge, "Eliminado" (the kit's name for the state),
 * or `label` where the record's noun wants another form ("Eliminada").
 */
export function DeletedBadge({ label }: { label?: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <span className="vk-badge vk-badge--danger" data-testid="deleted">
      {label ?? t('state.deleted')}
    </span>
  );
}
