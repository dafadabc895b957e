import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** APTO or NO APTO. */
export function ResultBadge({ passed, testId = 'result' }: { passed: boolean; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${passed ? 'vk-badge--success' : 'vk-badge--danger'}`} data-testid={testId} data-passed={passed}>
      {t(passed ? 'result.passed' : 'result.failed')}
    </span>
  );
}

/** An enrolment's end: "Caducada" once past, "Caduca hoy", or the days left (warning within 15). */
export function DaysLeft({ days, expired }: { days: number; expired?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  if (expired || days < 0) {
    return (
      <span className="vk-badge vk-badge--danger" data-testid="days-left" data-days={days}>
        {t('enrolments.expired')}
      </span>
    );
  }
  return (
    <span className={`vk-badge ${days <= 15 ? 'vk-badge--warning' : 'vk-badge--success'}`} data-testid="days-left" data-days={days}>
      {days === 0 ? t('enrolments.today') : t('enrolments.daysLeft', { count: days })}
    </span>
  );
}

/** "Preparado" when the last five attempts all passed. */
export function ReadyBadge({ ready }: { ready: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${ready ? 'vk-badge--success' : ''}`} data-testid="ready" data-ready={ready}>
      {t(ready ? 'summary.ready' : 'summary.notReady')}
    </span>
  );
}

/** A bar of 0–100 (a block's right answers), its figure beside it. */
export function PercentBar({ value, label }: { value: number | null; label: string }) {
  const width = value === null ? 0 : Math.max(0, Math.min(100, value));
  return (
    <span className="valkiria-bar" data-testid="percent-bar" data-value={value ?? ''}>
      <span className="valkiria-bar__track" aria-hidden="true">
        <span className={`valkiria-bar__fill ${width < 50 ? 'valkiria-bar__fill--low' : ''}`} style={{ width: `${width}%` }} />
      </span>
      <span className="valkiria-bar__text">{label}</span>
    </span>
  );
}

/** A figure of a summary: its label and value (inside a `<dl>`). */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="valkiria-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** A doubt read ("Leída") or not ("Sin leer", a warning). */
export function ReadBadge({ read }: { read: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${read ? '' : 'vk-badge--warning'}`} data-testid="doubt-read" data-read={read}>
      {t(read ? 'doubts.read' : 'doubts.unread')}
    </span>
  );
}

/** A doubt answered ("Respondida") or not ("Sin responder"). */
export function AnsweredBadge({ answered }: { answered: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${answered ? 'vk-badge--success' : ''}`} data-testid="doubt-answered" data-answered={answered}>
      {t(answered ? 'doubts.answered' : 'doubts.unanswered')}
    </span>
  );
}

/**
 * How many more times a test may be taken under the enrolment's repetitions ("Le quedan 2");
 * nothing without a limit (`left` null or absent).
 */
export function TimesLeft({ left, testId = 'times-left' }: { left: number | null | undefined; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (left === null || left === undefined) return null;
  return (
    <span className={`valkiria-left ${left <= 0 ? 'is-used' : ''}`} data-testid={testId} data-left={left}>
      {t('repetitions.left', { count: Math.max(0, left) })}
    </span>
  );
}

/** "Sin repeticiones", in place of "Hacer el test" once the enrolment's repetitions of it are used up. */
export function NoRepetitions({ testId = 'no-repetitions' }: { testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--warning" title={t('repetitions.usedHint')} data-testid={testId}>
      {t('repetitions.used')}
    </span>
  );
}
