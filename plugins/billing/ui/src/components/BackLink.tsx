import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** "Volver" to where the page came from. */
export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Link className="vk-btn vk-btn--light" to={to}>
      {t('back')}
    </Link>
  );
}
