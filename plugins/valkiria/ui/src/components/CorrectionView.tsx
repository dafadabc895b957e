import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Correction, TakingTest } from '../api';
import { clock, letter } from '../format';
import { NoRepetitions, ResultBadge } from './Badges';
import { DoubtAsk, type DoubtAsked } from './DoubtAsk';

/** Where the correction's first button goes: a route of the app (`to`) or an action (`onClick`). */
export interface CorrectionBack {
  label: string;
  to?: string;
  onClick?(): void;
}

export interface CorrectionViewProps {
  correction: Correction;
  test: TakingTest;
  /** The student has two-factor on: a doubt asks for the PIN too. */
  twoFactor: boolean;
  /** "Volver al alumno" on a classroom computer, "Volver a mis test" at home. */
  back: CorrectionBack;
  onRetry(): void;
  /** false: the enrolment's repetitions of the test are used up, "Sin repeticiones" instead of "Repetir el test". */
  canRetry?: boolean;
  /** Sends a doubt about a question of this attempt. */
  askDoubt(questionId: number, doubt: DoubtAsked): Promise<unknown>;
  /** Told of a doubt's refusal once it is shown. */
  onRefused?(failure: unknown): void;
  /** The PIN's label in the doubts' form ("PIN del alumno" by default). */
  pinLabel?: string;
}

/** The way back of a correction (or of a sitting refused): a link of the app, or a button. */
export function BackAction({ back }: { back: CorrectionBack }) {
  return back.to !== undefined ? (
    <Link className="vk-btn vk-btn--light" to={back.to} data-testid="correction-back">
      {back.label}
    </Link>
  ) : (
    <button type="button" className="vk-btn vk-btn--light" data-testid="correction-back" onClick={back.onClick}>
      {back.label}
    </button>
  );
}

/**
 * A corrected attempt: APTO or NO APTO, the errors of the most allowed, the blank ones and the
 * time; then each question with the answer chosen and the right one marked, and its
 * explanation, and "Tengo una duda" (`DoubtAsk`: `askDoubt` sends it about that question, with
 * the PIN when the student has `twoFactor`). `back` and "Repetir el test" ("Sin repeticiones"
 * instead when the enrolment allows no more: `canRetry` false).
 */
export function CorrectionView({ correction, test, twoFactor, back, onRetry, canRetry = true, askDoubt, onRefused, pinLabel }: CorrectionViewProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="card valkiria-take" aria-labelledby="valkiria-correction-title" data-testid="correction">
      <div className="valkiria-head">
        <div>
          <h2 id="valkiria-correction-title" className="valkiria-head__title">
            {t('correction.title', { name: test.name })}
          </h2>
          <p className="valkiria-correction__result">
            <ResultBadge passed={correction.passed} testId="correction-result" />
          </p>
          <p data-testid="correction-errors">{t('correction.errors', { count: correction.errors, max: correction.max_errors })}</p>
          <p className="muted" data-testid="correction-detail">
            {t('correction.detail', { blank: correction.blank, total: correction.total, time: clock(correction.seconds ?? 0) })}
          </p>
        </div>
        <div className="valkiria-actions">
          <BackAction back={back} />
          {canRetry ? (
            <button type="button" className="vk-btn vk-btn--primary" data-testid="correction-retry" onClick={onRetry}>
              {t('correction.retry')}
            </button>
          ) : (
            <NoRepetitions testId="correction-no-repetitions" />
          )}
        </div>
      </div>
      <ol className="valkiria-corrected">
        {correction.questions.map((q) => (
          <li key={q.id} className={`valkiria-corrected__item ${q.right ? 'is-right' : 'is-wrong'}`} data-testid="correction-question" data-right={q.right}>
            <p className="valkiria-corrected__statement">
              <strong>{t('correction.number', { number: q.position })}</strong> {q.statement}
            </p>
            {q.chosen === null && (
              <span className="vk-badge vk-badge--warning" data-testid="correction-blank">
                {t('take.blank')}
              </span>
            )}
            <ul className="valkiria-options">
              {q.answers.map((answer, i) => {
                const isChosen = q.chosen === i;
                const isCorrect = q.correct === i;
                return (
                  <li
                    key={i}
                    className={['valkiria-option', isCorrect ? 'is-correct' : '', isChosen && !isCorrect ? 'is-wrong' : ''].filter(Boolean).join(' ')}
                    data-testid="correction-answer"
                    data-chosen={isChosen}
                    data-correct={isCorrect}
                  >
                    <span className="valkiria-option__letter">{letter(i)})</span>
                    <span>{answer}</span>
                    {isChosen && <span className={`vk-badge ${isCorrect ? 'vk-badge--success' : 'vk-badge--danger'}`}>{t('correction.chosen')}</span>}
                    {isCorrect && <span className="vk-badge vk-badge--success">{t('correction.correct')}</span>}
                  </li>
                );
              })}
            </ul>
            {q.explanation && (
              <p className="valkiria-corrected__explanation" data-testid="correction-explanation">
                {q.explanation}
              </p>
            )}
            <DoubtAsk number={q.position} twoFactor={twoFactor} pinLabel={pinLabel} onRefused={onRefused} send={(doubt) => askDoubt(q.id, doubt)} />
          </li>
        ))}
      </ol>
    </section>
  );
}
