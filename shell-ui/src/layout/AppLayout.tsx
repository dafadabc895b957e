import { Suspense, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TOOLBAR_HEIGHT_PX } from '../config';
import { PageErrorBoundary } from '../components/PageError';
import { Splash } from '../components/Splash';
import { useLayout } from './LayoutContext';
import { Sidebar } from './Sidebar';
import { Header } from './Header';
import { Toolbar } from './Toolbar';
import { Footer } from './Footer';

/** Dark sidebar, fixed header, toolbar (55px or 0), fixed-width content, fluid footer. The page is
 *  the matched child route, or `page` when given (a path only a module may know). */
export function AppLayout({ page }: { page?: ReactNode }) {
  const { config } = useLayout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toolbarHeight = config.toolbar ? TOOLBAR_HEIGHT_PX : 0;
  return (
    <div className={menuOpen ? 'app app--menu-open' : 'app'} style={{ ['--toolbar-height' as string]: `${toolbarHeight}px` }}>
      <Sidebar onNavigate={() => setMenuOpen(false)} />
      {menuOpen && <div className="app__overlay" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <div className="app__wrapper">
        <Header onToggleMenu={() => setMenuOpen((open) => !open)} />
        <Toolbar height={toolbarHeight} />
        <main className="app__content" id="main">
          <div className="container-fixed">
            <PageErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<Splash inline />}>
                {page ?? <Outlet />}
              </Suspense>
            </PageErrorBoundary>
          </div>
        </main>
        <Footer />
      </div>
    </div>
  );
}
