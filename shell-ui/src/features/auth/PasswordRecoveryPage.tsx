import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, useApi } from '@volante/plugin-ui';
import { recoveryMessages } from './messages';

/** Forgotten password: POST user/password/recovery {email}; the host mails a reset link. */
export default function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const api = useApi();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      await api.post('user/password/recovery', { email: email.trim() }, { auth: false });
      setSent(true);
    } catch (failure) {
      setErrors(recoveryMessages(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-card" onSubmit={submit} aria-labelledby="recovery-title" data-testid="password-recovery">
      <h1 id="recovery-title" className="auth-card__title">
        {t('recovery.title')}
      </h1>
      <p className="auth-card__subtitle">{t('recovery.subtitle')}</p>
      {sent ? (
        <div className="vk-alert vk-alert--success" role="status">
          {t('recovery.sent')}
        </div>
      ) : (
        <>
          <ErrorList messages={errors} />
          <div className="vk-field">
            <label className="vk-label" htmlFor="recovery-email">
              {t('fields.email')}
            </label>
            <input
              id="recovery-email"
              className="vk-input"
              type="email"
              autoComplete="email"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <button type="submit" className="vk-btn vk-btn--primary vk-btn--block" disabled={busy}>
            {busy ? t('common.wait') : t('recovery.submit')}
          </button>
        </>
      )}
      <p className="auth-card__footer">
        <Link to="/user/sign-in">{t('actions.backToSignIn')}</Link>
      </p>
    </form>
  );
}
