import { useTranslation } from 'react-i18next';

/** The "Predeterminada" label of the business's default layout (the one applied to its mail). */
export function DefaultBadge() {
  const { t } = useTranslation();
  return <span className="vk-badge vk-badge--success">{t('mail.layouts.isDefault')}</span>;
}
