import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasErrorCode, useApi, useSession, type SessionUser } from '@volante/plugin-ui';
import { Splash } from '../components/Splash';
import { SIGN_IN_PATH } from '../features/auth/useSignOut';

type Check = 'checking' | 'ok' | 'offline' | 'signed-out';

/**
 * The auth guard of protected routes: no stored token → sign-in; otherwise GET user/verify on
 * every navigation. `success: false` purges the session; a transport failure keeps it and offers
 * a retry. The first check holds the page; later ones run behind the page already shown.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const api = useApi();
  const session = useSession();
  const location = useLocation();
  const token = session.store.getToken();
  const [check, setCheck] = useState<Check>(session.user ? 'ok' : 'checking');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.get<{ user: SessionUser }>('user/verify').then(
      (data) => {
        if (!live) return;
        if (data?.user) session.setUser(data.user);
        setCheck('ok');
      },
      (failure) => {
        if (!live) return;
        if (hasErrorCode(failure, 'REQ-100')) {
          setCheck((current) => (current === 'ok' ? 'ok' : 'offline'));
          return;
        }
        session.purge();
        setCheck('signed-out');
      },
    );
    return () => {
      live = false;
    };
    // Re-check on each navigation (pathname) and on retry; `session` changes with the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, token, location.pathname, attempt]);

  if (!token || check === 'signed-out') {
    return <Navigate to={SIGN_IN_PATH} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (check === 'checking') return <Splash />;
  if (check === 'offline') {
    return (
      <div className="splash" role="alert">
        <p>{t('errors.offline')}</p>
        <button
          type="button"
          className="vk-btn vk-btn--primary"
          onClick={() => {
            setCheck('checking');
            setAttempt((n) => n + 1);
          }}
        >
          {t('actions.retry')}
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
