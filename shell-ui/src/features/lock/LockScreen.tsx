import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, hasErrorCode, useApi, useSession, type SessionUser } from '@volante/plugin-ui';
import { SIGN_IN_PATH, useSignOut } from '../auth/useSignOut';
import { useLock } from './LockContext';

/** Asks the password again: POST user/unlock. SESSION-000 (or the host closing it) ends the session. */
export function LockScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const session = useSession();
  const { unlock } = useLock();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      const data = await api.post<{ user?: SessionUser }>('user/unlock', { password });
      if (data?.user) session.setUser(data.user);
      unlock();
    } catch (failure) {
      // SESSION-000: the session is gone; LOGIN-005: too many tries, the host closed it.
      if (hasErrorCode(failure, 'SESSION-000', 'LOGIN-005')) {
        session.purge();
        navigate(SIGN_IN_PATH, { replace: true });
        return;
      }
      setPassword('');
      setError(t('lock.error'));
      setBusy(false);
    }
  }

  const user = session.user;
  return (
    <div className="auth-page auth-page--lock">
      <form className="auth-card" onSubmit={submit} aria-labelledby="lock-title" data-testid="lock-screen">
        <div className="auth-card__brand" aria-hidden="true" />
        <h1 id="lock-title" className="auth-card__title">
          {t('lock.title')}
        </h1>
        <p className="auth-card__subtitle">{user ? t('lock.subtitle', { name: user.first_name, email: user.email }) : t('lock.subtitleAnonymous')}</p>
        <ErrorList messages={error ? [error] : []} testId="lock-error" />
        <div className="vk-field">
          <label className="vk-label" htmlFor="lock-password">
            {t('fields.password')}
          </label>
          <input
            id="lock-password"
            className="vk-input"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="vk-btn vk-btn--primary vk-btn--block" disabled={busy || !password}>
          {busy ? t('common.wait') : t('lock.unlock')}
        </button>
        <p className="auth-card__footer">
          <button type="button" className="link-button" onClick={() => void signOut()}>
            {t('lock.signOut')}
          </button>
        </p>
      </form>
    </div>
  );
}
