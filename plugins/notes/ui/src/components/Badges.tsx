import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** "Fijado": a notebook shown first in the list. */
export function PinnedBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--warning" data-testid="pinned">
      {t('pinned')}
    </span>
  );
}
