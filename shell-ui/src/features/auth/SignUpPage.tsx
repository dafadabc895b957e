import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PasswordMeter, passwordMeetsPolicy, useApi } from '@volante/plugin-ui';
import { signUpMessages } from './messages';

const FIELDS = ['business_name', 'first_name', 'last_name', 'email'] as const;
type Field = (typeof FIELDS)[number];

/** Self sign-up: a new business with its first user (POST registration). */
export default function SignUpPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ business_name: '', first_name: '', last_name: '', email: '' });
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!passwordMeetsPolicy(password)) {
      setErrors([t('signUp.errors.PASSWORD-001')]);
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      await api.post(
        'registration',
        {
          business_name: values.business_name.trim(),
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          email: values.email.trim(),
          password,
        },
        { auth: false },
      );
      navigate('/user/sign-in', { replace: true, state: { notice: 'signUp.done' } });
    } catch (failure) {
      setErrors(signUpMessages(failure, t));
      setBusy(false);
    }
  }

  return (
    <form className="auth-card" onSubmit={submit} aria-labelledby="signup-title" data-testid="sign-up">
      <h1 id="signup-title" className="auth-card__title">
        {t('signUp.title')}
      </h1>
      <p className="auth-card__subtitle">
        {t('signUp.haveAccount')} <Link to="/user/sign-in">{t('signUp.signIn')}</Link>
      </p>
      <ErrorList messages={errors} />
      {FIELDS.map((field) => (
        <div className="vk-field" key={field}>
          <label className="vk-label" htmlFor={`signup-${field}`}>
            {t(`fields.${field}`)}
          </label>
          <input
            id={`signup-${field}`}
            className="vk-input"
            type={field === 'email' ? 'email' : 'text'}
            autoComplete={field === 'email' ? 'email' : field === 'first_name' ? 'given-name' : field === 'last_name' ? 'family-name' : 'organization'}
            required={field !== 'last_name'}
            value={values[field]}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
          />
        </div>
      ))}
      <div className="vk-field">
        <label className="vk-label" htmlFor="signup-password">
          {t('fields.password')}
        </label>
        <input
          id="signup-password"
          className="vk-input"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordMeter password={password} />
      </div>
      <button type="submit" className="vk-btn vk-btn--primary vk-btn--block" disabled={busy}>
        {busy ? t('common.wait') : t('signUp.submit')}
      </button>
    </form>
  );
}
