import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A page the user may not open (missing permission, not a provider administrator). */
export function Forbidden() {
  const { t } = useTranslation();
  return (
    <div className="card page-message" role="alert" data-testid="forbidden">
      <h2>{t('forbidden.title')}</h2>
      <p>{t('forbidden.message')}</p>
      <Link className="vk-btn vk-btn--primary" to="/dashboard">
        {t('forbidden.home')}
      </Link>
    </div>
  );
}
