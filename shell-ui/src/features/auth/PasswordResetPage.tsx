import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PasswordMeter, hasErrorCode, passwordMeetsPolicy, useApi } from '@volante/plugin-ui';
import { resetMessages } from './messages';

/** The mailed link: a new password for the token in the URL (POST user/password/update). */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const api = useApi();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [invalidUrl, setInvalidUrl] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!passwordMeetsPolicy(password)) return setErrors([t('reset.errors.PASSWORD-001')]);
    if (password !== repeat) return setErrors([t('reset.errors.mismatch')]);
    setBusy(true);
    setErrors([]);
    try {
      await api.post('user/password/update', { token, password }, { auth: false });
      setDone(true);
    } catch (failure) {
      setInvalidUrl(hasErrorCode(failure, 'PASSWORD-RESET-003'));
      setErrors(resetMessages(failure, t));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="auth-card" data-testid="password-reset">
        <h1 className="auth-card__title">{t('reset.title')}</h1>
        <div className="vk-alert vk-alert--success" role="status">
          {t('reset.done')}
        </div>
        <Link className="vk-btn vk-btn--primary vk-btn--block" to="/user/sign-in">
          {t('actions.backToSignIn')}
        </Link>
      </div>
    );
  }

  return (
    <form className="auth-card" onSubmit={submit} aria-labelledby="reset-title" data-testid="password-reset">
      <h1 id="reset-title" className="auth-card__title">
        {t('reset.title')}
      </h1>
      <p className="auth-card__subtitle">{t('reset.subtitle')}</p>
      <ErrorList messages={errors} />
      {invalidUrl && (
        <p className="auth-card__footer">
          <Link to="/user/password/recovery">{t('reset.requestAgain')}</Link>
        </p>
      )}
      <div className="vk-field">
        <label className="vk-label" htmlFor="reset-password">
          {t('fields.newPassword')}
        </label>
        <input
          id="reset-password"
          className="vk-input"
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordMeter password={password} />
      </div>
      <div className="vk-field">
        <label className="vk-label" htmlFor="reset-repeat">
          {t('fields.repeatPassword')}
        </label>
        <input
          id="reset-repeat"
          className="vk-input"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      </div>
      <button type="submit" className="vk-btn vk-btn--primary vk-btn--block" disabled={busy}>
        {busy ? t('common.wait') : t('reset.submit')}
      </button>
      <p className="auth-card__footer">
        <Link to="/user/sign-in">{t('actions.backToSignIn')}</Link>
      </p>
    </form>
  );
}
