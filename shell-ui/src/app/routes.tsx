import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyPage } from './lazyPage';
import { RequireAuth } from './RequireAuth';
import { ScrollToTop } from './NavigationEffects';
import { LayoutProvider } from '../layout/LayoutContext';
import { AppLayout } from '../layout/AppLayout';
import { LockProvider } from '../features/lock/LockContext';
import { AuthLayout } from '../features/auth/AuthLayout';
import { PageErrorBoundary } from '../components/PageError';
import { Splash } from '../components/Splash';

const SignInPage = lazyPage(() => import('../features/auth/SignInPage'));
const SignUpPage = lazyPage(() => import('../features/auth/SignUpPage'));
const PasswordRecoveryPage = lazyPage(() => import('../features/auth/PasswordRecoveryPage'));
const PasswordResetPage = lazyPage(() => import('../features/auth/PasswordResetPage'));
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'));
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'));

function Protected() {
  return (
    <RequireAuth>
      <LockProvider>
        <AppLayout />
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

/** Every route of the shell. Plugin routes will be added under the protected layout. */
export function AppRoutes() {
  return (
    <LayoutProvider>
      <ScrollToTop />
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
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </LayoutProvider>
  );
}
