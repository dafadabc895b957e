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
import { PublicLayout } from '../layout/PublicLayout';
import { ModuleNotices } from '../layout/Notices';
import { VersionNotice } from '../layout/VersionNotice';
import { ModulesProvider, isPublicRoute, useModules } from '../modules/ModulesContext';
import { ModuleFallback, ModulePage, PublicModuleFallback } from '../modules/ModuleRoutes';

const SignInPage = lazyPage(() => import('../features/auth/SignInPage'));
const SignUpPage = lazyPage(() => import('../features/auth/SignUpPage'));
const PasswordRecoveryPage = lazyPage(() => import('../features/auth/PasswordRecoveryPage'));
const PasswordResetPage = lazyPage(() => import('../features/auth/PasswordResetPage'));
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'));
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'));
const BusinessListPage = lazyPage(() => import('../features/provider/BusinessListPage'));
const BusinessViewPage = lazyPage(() => import('../features/provider/BusinessViewPage'));
const PluginListPage = lazyPage(() => import('../features/provider/PluginListPage'));
const NotificationListPage = lazyPage(() => import('../features/provider/NotificationListPage'));
const NotificationViewPage = lazyPage(() => import('../features/provider/NotificationViewPage'));
const ServerListPage = lazyPage(() => import('../features/servers/ServerListPage'));
const ServerViewPage = lazyPage(() => import('../features/servers/ServerViewPage'));
const MailLayoutListPage = lazyPage(() => import('../features/mail/MailLayoutListPage'));
const MailLayoutViewPage = lazyPage(() => import('../features/mail/MailLayoutViewPage'));
const AboutVersionPage = lazyPage(() => import('../features/about/AboutVersionPage'));

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
 * A path no route matched. It may belong to a module still loading (or one that failed).
 * Signed in, the layout shows and ModuleFallback decides (a 404 when no module declares it).
 * Signed out, the modules with public screens are listed (PublicModuleFallback): a path one of
 * them declares waits for it in the public layout; any other goes to sign-in.
 */
function UnknownPath() {
  const session = useSession();
  if (!session.store.getToken()) return <PublicLayout page={<PublicModuleFallback />} />;
  return <Protected page={<ModuleFallback />} />;
}

function ShellRoutes() {
  const { entries } = useModules();
  const moduleRoutes = entries.flatMap((entry) =>
    entry.status === 'ready' && entry.module
      ? entry.module.routes.map((route) => ({ module: entry.module!, route, open: isPublicRoute(entry.info, route.path) }))
      : [],
  );
  const routeOf = ({ module, route, open }: (typeof moduleRoutes)[number]) => (
    <Route key={`${module.id} ${route.path}`} path={route.path} element={<ModulePage module={module} route={route} open={open} />} />
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
        {/* "Acerca de Volante": the version and the user's modules (from the user menu). */}
        <Route path="/about/version" element={<AboutVersionPage />} />
        {/* The business's own screens: the host refuses them without the permission (shown as the page's alert). */}
        <Route path="/mail/layout/list" element={<MailLayoutListPage />} />
        <Route path="/mail/layout/view/:id" element={<MailLayoutViewPage />} />
        <Route path="/facilauto" element={<RequireProvider />}>
          <Route path="business/list" element={<BusinessListPage />} />
          <Route path="business/view/:business_id" element={<BusinessViewPage />} />
          <Route path="plugins" element={<PluginListPage />} />
          <Route path="notifications/list" element={<NotificationListPage />} />
          <Route path="notifications/view/:facilauto_notification_id" element={<NotificationViewPage />} />
        </Route>
        {/* The provider's technical service: its servers and the live connections. */}
        <Route path="/servicio/tecnico" element={<RequireProvider />}>
          <Route path="servers" element={<ServerListPage />} />
          <Route path="view/:servidor_id" element={<ServerViewPage />} />
        </Route>
        {moduleRoutes.filter((r) => !r.open).map(routeOf)}
      </Route>
      {/* A module's public screens (a signing page): no session needed, signed in or not. */}
      <Route element={<PublicLayout />}>{moduleRoutes.filter((r) => r.open).map(routeOf)}</Route>
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

/**
 * Every route of the shell, the provider's screens and the routes of the user's modules; and,
 * signed in, the modules' notices and the new-version notice (here rather than in AppLayout, which
 * remounts between the layout route and an unknown path's, so that listening never stops while
 * navigating and the release this page loaded is kept).
 */
export function AppRoutes() {
  return (
    <ModulesProvider>
      <LayoutProvider>
        <ScrollToTop />
        <ModuleNotices />
        <VersionNotice />
        <ShellRoutes />
      </LayoutProvider>
    </ModulesProvider>
  );
}
