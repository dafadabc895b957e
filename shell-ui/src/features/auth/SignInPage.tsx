import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, useApi, useSession, type SessionUser } from '@volante/plugin-ui';
import { signInMessages } from './messages';
import { SignInCancelled, useExternalSignIn } from './externalProviders';

/** What the sign-in calls answer. */
interface LoginAnswer {
  target: 'code' | 'dashboard';
  token?: string;
  user?: SessionUser;
  /** Code step: days the device stays authorised, and where the code went (masked). */
  device_days?: number;
  email?: string;
}

type LoginPath = 'user/login' | 'user/login/google' | 'user/login/facebook';

/** A sign-in in progress: which call and what it sent, to repeat it with the code. */
interface PendingLogin {
  path: LoginPath;
  payload: Record<string, unknown>;
}

interface LocationState {
  from?: string;
  notice?: string;
}

export const DASHBOARD_PATH = '/dashboard';

/**
 * Sign-in (spec general §2): e-mail and password, then, for a device not yet authorised, the code
 * sent by e-mail with "authorise this device for N days"; or Google / Facebook.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const api = useApi();
  const session = useSession();
  const external = useExternalSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LocationState;

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [pending, setPending] = useState<PendingLogin | null>(null);
  const [codeStep, setCodeStep] = useState<{ days: number; email: string } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (session.store.getToken() && !busy) return <Navigate to={DASHBOARD_PATH} replace />;

  async function attempt(login: PendingLogin, extra: Record<string, unknown> = {}) {
    setBusy(true);
    setErrors([]);
    try {
      const data = await api.post<LoginAnswer>(
        login.path,
        { ...login.payload, device: session.store.getDevice(), ...extra },
        { auth: false },
      );
      if (data?.target === 'code') {
        setPending(login);
        setCodeStep({ days: Number(data.device_days ?? 0), email: data.email ?? '' });
        setCode('');
        setBusy(false);
      } else if (data?.target === 'dashboard' && data.token && data.user) {
        session.store.signIn(data.token, data.user.role);
        session.setUser(data.user);
        navigate(state.from && state.from !== location.pathname ? state.from : DASHBOARD_PATH, { replace: true });
      } else {
        setErrors([t('signIn.errors.generic')]);
        setBusy(false);
      }
    } catch (failure) {
      setErrors(signInMessages(failure, t));
      setBusy(false);
    }
  }

  function submitCredentials(event: FormEvent) {
    event.preventDefault();
    void attempt({ path: 'user/login', payload: { email: email.trim(), password } });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    void attempt(pending, { code: code.trim(), remember_device: remember });
  }

  async function withProvider(name: 'google' | 'facebook') {
    const getToken = external[name];
    if (!getToken) return;
    setErrors([]);
    let token: string;
    try {
      token = await getToken();
    } catch (failure) {
      if (!(failure instanceof SignInCancelled)) setErrors([t('signIn.errors.provider', { provider: t(`signIn.providerNames.${name}`) })]);
      return;
    }
    if (name === 'google') await attempt({ path: 'user/login/google', payload: { credential: token } });
    else await attempt({ path: 'user/login/facebook', payload: { access_token: token } });
  }

  function backToCredentials() {
    setCodeStep(null);
    setPending(null);
    setErrors([]);
  }

  if (codeStep && pending) {
    return (
      <form className="auth-card" onSubmit={submitCode} aria-labelledby="code-title" data-testid="code-step">
        <h1 id="code-title" className="auth-card__title">
          {t('signIn.code.title')}
        </h1>
        <p className="auth-card__subtitle">{codeStep.email ? t('signIn.code.sentTo', { email: codeStep.email }) : t('signIn.code.sent')}</p>
        <ErrorList messages={errors} />
        <div className="vk-field">
          <label className="vk-label" htmlFor="signin-code">
            {t('signIn.code.label')}
          </label>
          <input
            id="signin-code"
            className="vk-input vk-input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            required
            maxLength={12}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        {codeStep.days > 0 && (
          <label className="vk-check auth-card__check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>{t('signIn.code.remember', { count: codeStep.days, days: codeStep.days })}</span>
          </label>
        )}
        <button type="submit" className="vk-btn vk-btn--primary vk-btn--block" disabled={busy || !code.trim()}>
          {busy ? t('common.wait') : t('signIn.code.submit')}
        </button>
        <div className="auth-card__links">
          <button type="button" className="link-button" disabled={busy} onClick={() => void attempt(pending)}>
            {t('signIn.code.resend')}
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={backToCredentials}>
            {t('actions.back')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="auth-card" onSubmit={submitCredentials} aria-labelledby="signin-title" data-testid="sign-in">
      <h1 id="signin-title" className="auth-card__title">
        {t('signIn.title')}
      </h1>
      <p className="auth-card__subtitle">
        {t('signIn.newHere')} <Link to="/user/sign-up">{t('signIn.createAccount')}</Link>
      </p>
      {state.notice && (
        <div className="vk-alert vk-alert--success" role="status">
          {t(state.notice)}
        </div>
      )}
      <ErrorList messages={errors} />
      <div className="vk-field">
        <label className="vk-label" htmlFor="signin-email">
          {t('fields.email')}
        </label>
        <input
          id="signin-email"
          className="vk-input"
          type="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="vk-field">
        <div className="auth-card__label-row">
          <label className="vk-label" htmlFor="signin-password">
            {t('fields.password')}
          </label>
          <Link to="/user/password/recovery" className="auth-card__forgot">
            {t('signIn.forgot')}
          </Link>
        </div>
        <input
          id="signin-password"
          className="vk-input"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <button type="submit" className="vk-btn vk-btn--primary vk-btn--block" disabled={busy}>
        {busy ? t('common.wait') : t('signIn.submit')}
      </button>
      <div className="auth-card__separator">
        <span>{t('signIn.or')}</span>
      </div>
      <div className="auth-card__providers">
        <ProviderButton name="google" enabled={Boolean(external.google)} busy={busy} onClick={() => void withProvider('google')} />
        <ProviderButton name="facebook" enabled={Boolean(external.facebook)} busy={busy} onClick={() => void withProvider('facebook')} />
        <ProviderButton name="microsoft" enabled={false} busy={busy} tooltip={t('signIn.providers.soon')} />
      </div>
    </form>
  );
}

function ProviderButton({ name, enabled, busy, tooltip, onClick }: { name: 'google' | 'facebook' | 'microsoft'; enabled: boolean; busy: boolean; tooltip?: string; onClick?(): void }) {
  const { t } = useTranslation();
  const hint = enabled ? undefined : (tooltip ?? t('signIn.providers.notConfigured'));
  // A disabled button gets no hover events in some browsers: the tooltip sits on a wrapper.
  return (
    <span className="provider" data-tooltip={hint} title={hint} tabIndex={enabled ? undefined : 0}>
      <button type="button" className={`vk-btn vk-btn--outline vk-btn--block provider--${name}`} disabled={!enabled || busy} onClick={onClick}>
        <span className={`provider__icon provider__icon--${name}`} aria-hidden="true" />
        {t(`signIn.providers.${name}`)}
      </button>
    </span>
  );
}
