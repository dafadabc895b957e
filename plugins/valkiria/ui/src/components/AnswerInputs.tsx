import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, fieldId, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { letter } from '../format';
import { MAX_ANSWER, MAX_ANSWERS, MIN_ANSWERS } from '../lists';

export interface AnswerInputsProps {
  ctx: FormContext;
  answers: string[];
  onChange(answers: string[]): void;
  /** The right answer's index (-1: none marked yet); without it there is no radio (a translation). */
  correct?: number;
  onCorrect?(index: number): void;
  /** Answers may be added (up to 4) and removed (down to 2): a question's, not a translation's. */
  resizable?: boolean;
  /** The Spanish answers beside a translation's (a hint under each). */
  originals?: string[];
}

/**
 * A question's answers, lettered a–d: a text each, the right one marked with a radio, "Añadir
 * respuesta" and "Quitar" (2 to 4 answers; removing one keeps the right one marked). The errors
 * of `answers` and `correct` go under the group.
 */
export function AnswerInputs({ ctx, answers, onChange, correct, onCorrect, resizable = false, originals }: AnswerInputsProps) {
  const { t } = useTranslation(NAMESPACE);
  const { formId, errors } = ctx;
  const withRadio = correct !== undefined && onCorrect !== undefined;
  const invalid = errors.errors.answers || errors.errors.correct;

  function remove(index: number) {
    onChange(answers.filter((_, i) => i !== index));
    if (!withRadio) return;
    if (correct === index) onCorrect(-1);
    else if (correct > index) onCorrect(correct - 1);
  }

  return (
    <fieldset
      className="vk-field vk-field--wide valkiria-answers"
      id={fieldId(formId, 'answers')}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? `${fieldId(formId, errors.errors.answers ? 'answers' : 'correct')}-error` : undefined}
      data-testid="answers"
    >
      <legend className="vk-label">{withRadio ? t('question.answersWithCorrect') : t('fields.answers')}</legend>
      <ol className="valkiria-answers__list">
        {answers.map((answer, i) => (
          <li key={i} className="valkiria-answers__item">
            <span className="valkiria-answers__letter" aria-hidden="true">
              {letter(i)})
            </span>
            {withRadio && (
              <input
                type="radio"
                name={`${formId}-correct`}
                checked={correct === i}
                disabled={ctx.disabled}
                aria-label={t('question.markCorrect', { letter: letter(i) })}
                data-testid={`answer-correct-${i}`}
                onChange={() => onCorrect(i)}
              />
            )}
            <span className="valkiria-answers__text">
              <input
                className="vk-input"
                value={answer}
                maxLength={MAX_ANSWER}
                disabled={ctx.disabled}
                autoComplete="off"
                aria-label={t('question.answerN', { letter: letter(i) })}
                data-testid={`answer-input-${i}`}
                onChange={(ev) => onChange(answers.map((a, j) => (j === i ? ev.target.value : a)))}
              />
              {originals?.[i] && <small className="muted">{originals[i]}</small>}
            </span>
            {resizable && answers.length > MIN_ANSWERS && (
              <button
                type="button"
                className="vk-btn vk-btn--light"
                disabled={ctx.disabled}
                aria-label={t('question.removeAnswer', { letter: letter(i) })}
                data-testid={`answer-remove-${i}`}
                onClick={() => remove(i)}
              >
                {t('remove')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {resizable && answers.length < MAX_ANSWERS && (
        <button type="button" className="vk-btn vk-btn--light valkiria-answers__add" disabled={ctx.disabled} data-testid="answer-add" onClick={() => onChange([...answers, ''])}>
          {t('question.addAnswer')}
        </button>
      )}
      <FieldErrorMessage form={formId} field="answers" error={errors.errors.answers} />
      <FieldErrorMessage form={formId} field="correct" error={errors.errors.correct} />
    </fieldset>
  );
}

/** Why a list of answers cannot be sent (one is empty), or undefined. */
export function blankAnswer(answers: string[], message: string): string | undefined {
  return answers.some((a) => !a.trim()) ? message : undefined;
}
