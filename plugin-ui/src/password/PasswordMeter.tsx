import { useTranslation } from 'react-i18next';
import { PASSWORD_CHECK_ORDER, PASSWORD_MIN_LENGTH, passwordChecks, passwordLevel, passwordScore } from './meter';
import { UI_NAMESPACE } from '../i18n';

/** A strength bar and the list of checks, updated as the password is typed. */
export function PasswordMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const checks = passwordChecks(password);
  const level = passwordLevel(password);
  const score = passwordScore(password);
  return (
    <div className={`vk-password-meter vk-password-meter--${level}`} id={id} data-testid="password-meter">
      <div
        className="vk-password-meter__bar"
        role="meter"
        aria-label={t('password.label')}
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={score}
        aria-valuetext={t(`password.levels.${level}`)}
      >
        {PASSWORD_CHECK_ORDER.map((key, i) => (
          <span key={key} className={i < score ? 'vk-password-meter__step is-on' : 'vk-password-meter__step'} />
        ))}
      </div>
      <span className="vk-password-meter__level">{t(`password.levels.${level}`)}</span>
      <ul className="vk-password-meter__checks">
        {PASSWORD_CHECK_ORDER.map((key) => (
          <li key={key} className={checks[key] ? 'is-ok' : 'is-missing'} data-check={key} data-ok={checks[key]}>
            {t(`password.checks.${key}`, { count: PASSWORD_MIN_LENGTH })}
          </li>
        ))}
      </ul>
    </div>
  );
}
