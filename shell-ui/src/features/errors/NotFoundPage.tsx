import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="auth-page auth-page--centered">
      <div className="auth-card not-found" data-testid="not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="auth-card__title">{t('notFound.title')}</h1>
        <p className="auth-card__subtitle">{t('notFound.message')}</p>
        <Link className="vk-btn vk-btn--primary" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}
