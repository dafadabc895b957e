import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FormActions, FormMessages, InputField, PageState, useApi, useConfirm, useDraftForm, useLoad, usePageLayout, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type Correction, type Language, type TakenTest, type TakingTest } from '../api';
import { clock, isPin, letter, personName } from '../format';
import { TEST_LANGUAGES } from '../lists';
import { STUDENTS_PATH, idParam, studentPath } from '../paths';
import { useStudent } from '../components/useStudent';
import { CorrectionView } from '../components/CorrectionView';

/** Under this many seconds left the countdown warns. */
const HURRY_SECONDS = 60;

/**
 * `/valkiria/test/{test_id}/alumno/{student_id}` — a student takes a test on a classroom
 * computer: the language (Spanish or a translation; `GET valkiria/test/translated/{id}?language=`,
 * the answers kept when it changes), the countdown of the test's minutes, one question at a time
 * with its answers, "Anterior" / "Siguiente" and the grid of questions (those answered marked),
 * the PIN when the student has two-factor on. "Corregir" (asked first while some are blank; by
 * itself when the time is up) sends `POST valkiria/test/test` with the seconds spent, then shows
 * the correction, where each question has "Tengo una duda" (`POST valkiria/duda/create` with the
 * attempt).
 */
export default function TakeTestPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const params = useParams();
  const testId = idParam(params.test_id);
  const studentId = idParam(params.student_id);
  const valid = testId > 0 && studentId > 0;
  const { student, failed, reload } = useStudent(api, valid ? studentId : 0);
  const [language, setLanguage] = useState<Language>('es');
  const readTest = useCallback(() => api.tests.take(testId, language), [api, testId, language]);
  const test = useLoad(readTest, valid);
  const [round, setRound] = useState(0);
  const [correction, setCorrection] = useState<Correction | null>(null);
  const title = test.data?.name ?? t('take.title');
  usePageLayout({
    title,
    breadcrumbs: [
      { label: t('title') },
      { label: t('nav.students'), to: STUDENTS_PATH },
      ...(student ? [{ label: personName(student), to: studentPath(studentId) }] : []),
      { label: title },
    ],
  });

  let body;
  if (!valid) body = <PageState error={t('notFound')} />;
  else if (failed !== null) body = <PageState error={failed} onRetry={reload} />;
  else if (!test.data || !student) body = <PageState error={test.failed} onRetry={test.reload} />;
  else if (correction) {
    body = (
      <CorrectionView
        correction={correction}
        test={test.data}
        studentId={studentId}
        twoFactor={student.two_factor === true}
        askDoubt={(questionId, doubt) => api.doubts.create({ student_id: studentId, question_id: questionId, attempt_id: correction.id, ...doubt })}
        onRetry={() => {
          setCorrection(null);
          setRound((r) => r + 1);
        }}
      />
    );
  } else {
    body = (
      <Taking
        key={round}
        test={test.data}
        studentName={personName(student)}
        twoFactor={student.two_factor === true}
        language={language}
        onLanguage={setLanguage}
        send={async (answers) => setCorrection(await api.tests.correct({ ...answers, student_id: studentId, test_id: testId }))}
      />
    );
  }

  return (
    <div className="valkiria-page" data-testid="take-page">
      {body}
    </div>
  );
}

/** One sitting: the answers so far, the question shown, the clock. */
function Taking({
  test,
  studentName,
  twoFactor,
  language,
  onLanguage,
  send,
}: {
  test: TakingTest;
  studentName: string;
  twoFactor: boolean;
  language: Language;
  onLanguage(language: Language): void;
  send(body: Omit<TakenTest, 'student_id' | 'test_id'>): Promise<void>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [answers, setAnswers] = useState<Record<number, number | null>>({});
  const [index, setIndex] = useState(0);
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const timeUp = useRef(false);
  const questions = test.questions;
  const total = questions.length;
  const question = questions[Math.min(index, total - 1)];
  const allowed = test.minutes * 60;
  const spent = () => Math.min(allowed, Math.max(0, Math.round((Date.now() - started) / 1000)));
  const left = Math.max(0, allowed - Math.floor((now - started) / 1000));
  const answered = questions.filter((q) => answers[q.id] !== undefined && answers[q.id] !== null).length;

  const { draft, set, busy, errors, ctx, submit } = useDraftForm<{ pin: string }, Omit<TakenTest, 'student_id' | 'test_id'>>(
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
      fallback: t('take.error'),
    },
  );

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

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

  if (!question) return <PageState error={t('take.noQuestions')} />;
  const choose = (chosen: number | null) => setAnswers((a) => ({ ...a, [question.id]: chosen }));
  const chosen = answers[question.id] ?? null;

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
          <span data-testid="take-language">
            <FilterSelect label={t('take.language')} value={language} options={TEST_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} onChange={(value) => onLanguage(value as Language)} />
          </span>
          <span
            className={`valkiria-countdown ${left <= HURRY_SECONDS ? 'valkiria-countdown--hurry' : ''}`}
            role="timer"
            aria-label={t('take.timeLeft', { time: clock(left) })}
            data-testid="take-countdown"
            data-seconds={left}
          >
            {clock(left)}
          </span>
        </div>
      </div>

      <nav className="valkiria-grid" aria-label={t('take.grid')} data-testid="take-grid">
        {questions.map((q, i) => {
          const done = answers[q.id] !== undefined && answers[q.id] !== null;
          return (
            <button
              key={q.id}
              type="button"
              className={['valkiria-grid__item', done ? 'is-answered' : '', i === index ? 'is-current' : ''].filter(Boolean).join(' ')}
              aria-current={i === index ? 'step' : undefined}
              aria-label={t(done ? 'take.gridAnswered' : 'take.gridBlank', { number: i + 1 })}
              data-testid="take-grid-item"
              data-answered={done}
              onClick={() => setIndex(i)}
            >
              {i + 1}
            </button>
          );
        })}
      </nav>
      <p className="muted" data-testid="take-answered">
        {t('take.answered', { answered, total })}
      </p>

      <fieldset className="valkiria-question-card" data-testid="take-question" data-question-id={question.id}>
        <legend className="valkiria-question-card__position" data-testid="take-position">
          {t('take.position', { number: index + 1, total })}
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
                <input type="radio" name={`valkiria-q-${question.id}`} checked={chosen === i} data-testid={`take-answer-${i}`} onChange={() => choose(i)} />
                <span className="valkiria-option__letter">{letter(i)})</span>
                <span>{answer}</span>
              </label>
            </li>
          ))}
        </ul>
        <div className="valkiria-actions">
          <button type="button" className="vk-btn vk-btn--light" disabled={index === 0} data-testid="take-prev" onClick={() => setIndex((i) => Math.max(0, i - 1))}>
            {t('take.previous')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" disabled={chosen === null} data-testid="take-clear" onClick={() => choose(null)}>
            {t('take.clear')}
          </button>
          <button type="button" className="vk-btn vk-btn--primary" disabled={index >= total - 1} data-testid="take-next" onClick={() => setIndex((i) => Math.min(total - 1, i + 1))}>
            {t('take.next')}
          </button>
        </div>
      </fieldset>

      <form className="vk-form valkiria-inline-form" noValidate aria-label={t('take.correct')} aria-busy={busy} data-testid="take-form" onSubmit={(ev) => void finish(ev)}>
        <FormMessages errors={errors.errors} general={errors.general} testId="take-errors" />
        {twoFactor && <InputField ctx={ctx} field="pin" label={t('take.pin')} hint={t('take.pinHint')} type="password" inputMode="numeric" maxLength={6} value={draft.pin} onChange={(pin) => set({ pin })} />}
        <FormActions>
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy} data-testid="take-submit">
            {busy ? t('take.correcting') : t('take.correct')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}
