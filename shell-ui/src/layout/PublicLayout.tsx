import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageErrorBoundary } from '../components/PageError';
import { Splash } from '../components/Splash';

/**
 * The frame of a module's public screen (a signing page opened from a link): no sidebar, header
 * or session; the product's name above a centred page. The same whether or not the visitor is
 * signed in. The page is the matched child route, or `page` when given.
 */
export function PublicLayout({ page }: { page?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="public-page" data-testid="public-layout">
      <header className="public-page__brand">
        <span className="sidebar__logo" aria-hidden="true" />
        <span className="public-page__product">{t('app.name')}</span>
      </header>
      <main className="public-page__main" id="main">
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Splash inline />}>{page ?? <Outlet />}</Suspense>
        </PageErrorBoundary>
      </main>
      <footer className="public-page__footer">{t('layout.footer', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
