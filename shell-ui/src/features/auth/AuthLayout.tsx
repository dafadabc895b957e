import { Outlet, useLocation } from 'react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageErrorBoundary } from '../../components/PageError';
import { Splash } from '../../components/Splash';

/** The frame of the sign-in, sign-up and password pages: a brand panel and a centred card. */
export function AuthLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="auth-page">
      <section className="auth-page__aside" aria-hidden="true">
        <div className="auth-page__logo" />
        <p className="auth-page__product">{t('app.name')}</p>
        <p className="auth-page__claim">{t('auth.claim')}</p>
      </section>
      <section className="auth-page__main">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Splash inline />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </section>
    </div>
  );
}
