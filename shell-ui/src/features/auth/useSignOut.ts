import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useApi, useSession } from '@volante/plugin-ui';

export const SIGN_IN_PATH = '/user/sign-in';

/** Logout: POST user/logout, then purge the session whatever the answer, then the sign-in screen. */
export function useSignOut(): () => Promise<void> {
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.post('user/logout');
    } catch {
      // The session is closed on this side in any case.
    }
    session.purge();
    navigate(SIGN_IN_PATH, { replace: true });
  }, [api, session, navigate]);
}
