import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FormActions, FormMessages, PageState, useConfirm, useDraftForm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Language, TakenTest, TakingQuestion, TakingTest } from '../api';
import { clock, isPin, letter } from '../format';
import { TEST_LANGUAGES } from '../lists';
import { PinField } from './PinField';
import { useCountdown } from './useCountdown';

/** Under this many seconds left the countdown warns. */
const HURRY_SECONDS = 60;

/** What a sitting sends besides who takes it and the test: the language, the PIN, the time and the answers. */
export type TakenAnswers = Omit<TakenTest, 'student_id' | 'test_id'>;

/** The answers given so far, by question id (null: left blank again). */
type Answers = Record<number, number | null>;
const isAnswered = (answers: Answers, id: number) => answers[id] !== undefined && answers[id] !== null;

export interface TestTakingProps {
  test: TakingTest;
  /** Whose sitting it is, under the test's name. */
  studentName: string;
  /** The student has two-factor on: the PIN is asked before correcting. */
  twoFactor: boolean;
  language: Language;
  /** Another language chosen: the page reads the test in it (the answers are kept). */
  onLanguage(language: Language): void;
  /** Sends the sitting to be corrected; a rejection is shown above the button. */
  send(answers: TakenAnswers): Promise<void>;
  /** Told of a refusal once it is shown (a page that closes on some of them). */
  onRefused?(failure: unknown): void;
  /** The PIN's label ("PIN del alumno" by default). */
  pinLabel?: string;
  /** Leaving without correcting (asked first); none: no such button. */
  onLeave?(): void;
}

/**
 * One sitting of a test, the same on a classroom computer and at home: the language (Spanish or
 * a translation; the answers kept when it changes), the countdown of the test's minutes, the grid
 * of questions (those answered marked), one question at a time with its answers, "Anterior",
 * "Dejar en blanco" and "Siguiente", and the PIN when the student has two-factor on. "Corregir"
 * (asked first while some are blank; by itself when the time is up) hands `send` the language,
 * the seconds spent (at most the time allowed) and every question's answer.
 */
export function TestTaking({ test, studentName, twoFactor, language, onLanguage, send, onRefused, pinLabel, onLeave }: TestTakingProps) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [answers, setAnswers] = useState<Answers>({});
  const [index, setIndex] = useState(0);
  const { left, spent } = useCountdown(test.minutes);
  const timeUp = useRef(false);
  const questions = test.questions;
  const total = questions.length;
  const question = questions[Math.min(index, total - 1)];
  const answered = questions.filter((q) => isAnswered(answers, q.id)).length;

  const { draft, set, busy, errors, ctx, submit } = useDraftForm<{ pin: string }, TakenAnswers>(
    { pin: '' },
    {
      fields: ['pin'],
      toBody: (d) => ({
        language,
        ...(twoFactor ? { pin: d.pin.trim() } : {}),
        seconds: spent(),
        answers: questions.map((q) => ({ question_id: q.id, chosen: answers[q.id] ?? null })),
      }),
      validate: (d) => ({ pin: twoFactor && !isPin(d.pin) ? t('take.pinNeeded') : undefined }),
      onSubmit: send,
      onRefused,
      fallback: t('take.error'),
    },
  );

  useEffect(() => {
    if (left > 0 || timeUp.current) return;
    timeUp.current = true;
    toast.info(t('take.timeUp'));
    void submit();
  });

  async function finish(event: FormEvent) {
    event.preventDefault();
    const blank = total - answered;
    if (blank > 0) {
      const ok = await confirm({ title: t('take.confirm.title'), message: t('take.confirm.blank', { count: blank }), confirmLabel: t('take.correct') });
      if (!ok) return;
    }
    await submit();
  }

  async function leave() {
    const ok = await confirm({ title: t('take.leave.title'), message: t('take.leave.question'), confirmLabel: t('take.leave.action'), tone: 'danger' });
    if (ok) onLeave?.();
  }

  if (!question) return <PageState error={t('take.noQuestions')} />;
  const choose = (chosen: number | null) => setAnswers((a) => ({ ...a, [question.id]: chosen }));

  return (
    <section className="card valkiria-take" aria-labelledby="valkiria-take-title" data-testid="take">
      <div className="valkiria-head">
        <div>
          <h2 id="valkiria-take-title" className="valkiria-head__title" data-testid="take-title">
            {test.name}
          </h2>
          <p className="muted" data-testid="take-student">
            {t('take.for', { name: studentName, licence: test.licence, count: test.max_errors })}
          </p>
        </div>
        <div className="valkiria-actions">
          <LanguageSwitch language={language} onLanguage={onLanguage} />
          <Countdown left={left} />
        </div>
      </div>

      <QuestionGrid questions={questions} answers={answers} current={index} onOpen={setIndex} />
      <p className="muted" data-testid="take-answered">
        {t('take.answered', { answered, total })}
      </p>

      <QuestionStep question={question} number={index + 1} total={total} language={language} chosen={answers[question.id] ?? null} onChoose={choose} onMove={(delta) => setIndex((i) => Math.min(total - 1, Math.max(0, i + delta)))} />

      <form className="vk-form valkiria-inline-form" noValidate aria-label={t('take.correct')} aria-busy={busy} data-testid="take-form" onSubmit={(ev) => void finish(ev)}>
        <FormMessages errors={errors.errors} general={errors.general} testId="take-errors" />
        {twoFactor && <PinField ctx={ctx} label={pinLabel} value={draft.pin} onChange={(pin) => set({ pin })} />}
        <FormActions>
          {onLeave && (
            <button type="button" className="vk-btn vk-btn--light" disabled={busy} data-testid="take-leave" onClick={() => void leave()}>
              {t('take.leave.action')}
            </button>
          )}
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy} data-testid="take-submit">
            {busy ? t('take.correcting') : t('take.correct')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}

/** The language a test is taken in: Spanish first, then the translations'. */
export function LanguageSwitch({ language, onLanguage }: { language: Language; onLanguage(language: Language): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span data-testid="take-language">
      <FilterSelect label={t('take.language')} value={language} options={TEST_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} onChange={(value) => onLanguage(value as Language)} />
    </span>
  );
}

/** The time left, `mm:ss`, red in the last minute. */
export function Countdown({ left }: { left: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span
      className={`valkiria-countdown ${left <= HURRY_SECONDS ? 'valkiria-countdown--hurry' : ''}`}
      role="timer"
      aria-label={t('take.timeLeft', { time: clock(left) })}
      data-testid="take-countdown"
      data-seconds={left}
    >
      {clock(left)}
    </span>
  );
}

/** The test's questions by number, those answered filled, the one shown current; each opens its question. */
export function QuestionGrid({ questions, answers, current, onOpen }: { questions: TakingQuestion[]; answers: Answers; current: number; onOpen(index: number): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <nav className="valkiria-grid" aria-label={t('take.grid')} data-testid="take-grid">
      {questions.map((q, i) => {
        const done = isAnswered(answers, q.id);
        return (
          <button
            key={q.id}
            type="button"
            className={['valkiria-grid__item', done ? 'is-answered' : '', i === current ? 'is-current' : ''].filter(Boolean).join(' ')}
            aria-current={i === current ? 'step' : undefined}
            aria-label={t(done ? 'take.gridAnswered' : 'take.gridBlank', { number: i + 1 })}
            data-testid="take-grid-item"
            data-answered={done}
            onClick={() => onOpen(i)}
          >
            {i + 1}
          </button>
        );
      })}
    </nav>
  );
}

/**
 * The question shown: "Pregunta n de N", "Sin traducir: en castellano" when it has no
 * translation into the language chosen, its answers as radios, "Anterior", "Dejar en blanco" and
 * "Siguiente" (`onMove(-1 | 1)`).
 */
export function QuestionStep({
  question,
  number,
  total,
  language,
  chosen,
  onChoose,
  onMove,
}: {
  question: TakingQuestion;
  number: number;
  total: number;
  language: Language;
  chosen: number | null;
  onChoose(chosen: number | null): void;
  onMove(delta: -1 | 1): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <fieldset className="valkiria-question-card" data-testid="take-question" data-question-id={question.id}>
      <legend className="valkiria-question-card__position" data-testid="take-position">
        {t('take.position', { number, total })}
      </legend>
      {!question.translated && language !== 'es' && (
        <span className="vk-badge vk-badge--warning" data-testid="take-untranslated">
          {t('take.untranslated')}
        </span>
      )}
      <p className="valkiria-question-card__statement" data-testid="take-statement">
        {question.statement}
      </p>
      <ul className="valkiria-options">
        {question.answers.map((answer, i) => (
          <li key={i}>
            <label className={`valkiria-option ${chosen === i ? 'is-chosen' : ''}`}>
              <input type="radio" name={`valkiria-q-${question.id}`} checked={chosen === i} data-testid={`take-answer-${i}`} onChange={() => onChoose(i)} />
              <span className="valkiria-option__letter">{letter(i)})</span>
              <span>{answer}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="valkiria-actions">
        <button type="button" className="vk-btn vk-btn--light" disabled={number <= 1} data-testid="take-prev" onClick={() => onMove(-1)}>
          {t('take.previous')}
        </button>
        <button type="button" className="vk-btn vk-btn--light" disabled={chosen === null} data-testid="take-clear" onClick={() => onChoose(null)}>
          {t('take.clear')}
        </button>
        <button type="button" className="vk-btn vk-btn--primary" disabled={number >= total} data-testid="take-next" onClick={() => onMove(1)}>
          {t('take.next')}
        </button>
      </div>
    </fieldset>
  );
}
