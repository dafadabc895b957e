import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from '@volante/plugin-ui';
import { lazyPage } from './lazyPage';
import { RequireAuth } from './RequireAuth';
import { RequireProvider } from './RequireProvider';
import { ScrollToTop } from './NavigationEffects';
import { LayoutProvider } from '../layout/LayoutContext';
import { AppLayout } from '../layout/AppLayout';
import { LockProvider } from '../features/lock/LockContext';
import { AuthLayout } from '../features/auth/AuthLayout';
import { PageErrorBoundary } from '../components/PageError';
import { Splash } from '../components/Splash';
import { ModulesProvider, useModules } from '../modules/ModulesContext';
import { ModuleFallback, ModulePage } from '../modules/ModuleRoutes';

const SignInPage = lazyPage(() => import('../features/auth/SignInPage'));
const SignUpPage = lazyPage(() => import('../features/auth/SignUpPage'));
const PasswordRecoveryPage = lazyPage(() => import('../features/auth/PasswordRecoveryPage'));
const PasswordResetPage = lazyPage(() => import('../features/auth/PasswordResetPage'));
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'));
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'));
const BusinessListPage = lazyPage(() => import('../features/provider/BusinessListPage'));
const BusinessViewPage = lazyPage(() => import('../features/provider/BusinessViewPage'));
const PluginListPage = lazyPage(() => import('../features/provider/PluginListPage'));

/** The signed-in frame: auth guard, lock, layout; the page is the matched child route (or `page`). */
function Protected({ page }: { page?: ReactNode }) {
  return (
    <RequireAuth>
      <LockProvider>
        <AppLayout page={page} />
      </LockProvider>
    </RequireAuth>
  );
}

function PublicPage({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Splash />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

/**
 * A path no route matched. Without a session it is a 404 at once (nothing asked of the host);
 * signed in, it may belong to a module still loading (or one that failed), so the layout shows
 * and ModuleFallback decides.
 */
function UnknownPath() {
  const session = useSession();
  if (!session.store.getToken()) return <Navigate to="/404" replace />;
  return <Protected page={<ModuleFallback />} />;
}

function ShellRoutes() {
  const { entries } = useModules();
  const moduleRoutes = entries.flatMap((entry) =>
    entry.status === 'ready' && entry.module ? entry.module.routes.map((route) => ({ module: entry.module!, route })) : [],
  );
  return (
    <Routes>
      <Route path="/user" element={<AuthLayout />}>
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="sign-up" element={<SignUpPage />} />
        <Route path="password/recovery" element={<PasswordRecoveryPage />} />
        <Route path="password/reset/:token" element={<PasswordResetPage />} />
        <Route index element={<Navigate to="/user/sign-in" replace />} />
      </Route>
      <Route path="/noauth" element={<Navigate to="/" replace />} />
      <Route path="/404" element={<PublicPage><NotFoundPage /></PublicPage>} />
      <Route element={<Protected />}>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={<DashboardPage />} />
        <Route path="/facilauto" element={<RequireProvider />}>
          <Route path="business/list" element={<BusinessListPage />} />
          <Route path="business/view/:business_id" element={<BusinessViewPage />} />
          <Route path="plugins" element={<PluginListPage />} />
        </Route>
        {moduleRoutes.map(({ module, route }) => (
          <Route key={`${module.id} ${route.path}`} path={route.path} element={<ModulePage module={module} route={route} />} />
        ))}
      </Route>
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

/** Every route of the shell, the provider's screens and the routes of the user's modules. */
export function AppRoutes() {
  return (
    <ModulesProvider>
      <LayoutProvider>
        <ScrollToTop />
        <ShellRoutes />
      </LayoutProvider>
    </ModulesProvider>
  );
}
