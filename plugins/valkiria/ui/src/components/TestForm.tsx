import { useCallback, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, FormMessages, InputField, MoveButtons, SelectField, SubmitActions, UI_NAMESPACE, fieldId, indexedFieldErrors, useDraftForm, useLoad, type DraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FoundQuestion, QuestionDetail, TestDetail, TestFields, TestKind, ValkiriaApi } from '../api';
import { blockName, moved, parseWhole, textOf } from '../format';
import { DEFAULT_MAX_ERRORS, DEFAULT_MINUTES, LICENCES, MAX_MINUTES, MAX_NAME, MAX_TEST_QUESTIONS, MIN_MINUTES, TEST_KINDS } from '../lists';
import { editorPath } from '../paths';
import { QuestionFinder } from './QuestionFinder';

/** Every field the form shows (the host names them in its errors). */
export const TEST_FIELDS = ['licence', 'name', 'kind', 'block_id', 'max_errors', 'minutes', 'expires_on', 'question_ids'] as const;

/** The form's fields as typed, and the test's questions in order. */
export interface TestDraft {
  licence: string;
  name: string;
  kind: TestKind;
  block_id: string;
  max_errors: string;
  minutes: string;
  expires_on: string;
  questions: FoundQuestion[];
}

/** A test's draft: a stored one as it is, a new one of `licence` with the host's defaults. */
export function testDraft(test: TestDetail | null, licence: string): TestDraft {
  if (!test) return { licence, name: '', kind: 'exam', block_id: '', max_errors: String(DEFAULT_MAX_ERRORS), minutes: String(DEFAULT_MINUTES), expires_on: '', questions: [] };
  return {
    licence: test.licence,
    name: test.name,
    kind: test.kind,
    block_id: test.block_id ? String(test.block_id) : '',
    max_errors: textOf(test.max_errors),
    minutes: textOf(test.minutes),
    expires_on: test.expires_on ?? '',
    questions: test.questions ?? [],
  };
}

/** The fields to send (the name trimmed, the block only for a block test), or null without a name. */
export function testBody(draft: TestDraft): TestFields | null {
  const name = draft.name.trim();
  if (!name) return null;
  return {
    licence: draft.licence,
    name,
    kind: draft.kind,
    block_id: draft.kind === 'block' && draft.block_id ? Number(draft.block_id) : null,
    question_ids: draft.questions.map((q) => q.id),
    max_errors: parseWhole(draft.max_errors) ?? 0,
    minutes: parseWhole(draft.minutes) ?? 0,
    expires_on: draft.expires_on || null,
  };
}

/**
 * A test: licence (only a new one's; changing it empties the questions), name (required), kind,
 * block (a block test's), errors allowed, minutes and, a new one's, the last day it can be taken;
 * then its questions in order ("↑" / "↓", "Quitar", the reference opening the question beside
 * the form) and the finder that adds them (a block test's, only its block's). Checked before
 * sending: 1 to 60 questions, all of the block for a block test, fewer errors allowed than
 * questions, 1 to 180 minutes. The host's errors go under their field (a question's,
 * `question_ids[2]`, under the questions, its reference first), the rest above the form.
 */
export function TestForm({
  api,
  test,
  licence,
  openQuestion,
  updated,
  label,
  submitLabel,
  onSubmit,
  extra,
}: {
  api: ValkiriaApi;
  /** null: a new one. */
  test: TestDetail | null;
  /** A new test's licence. */
  licence: string;
  /** The question open beside the form (0: none). */
  openQuestion: number;
  /** A question changed beside the form: the list shows its new text. */
  updated: QuestionDetail | null;
  label: string;
  submitLabel: string;
  onSubmit(body: TestFields): Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const form: DraftForm<TestDraft> = useDraftForm<TestDraft, TestFields>(() => testDraft(test, licence), {
    fields: TEST_FIELDS,
    toBody: testBody,
    required: 'name',
    validate: (d) => {
      const count = d.questions.length;
      const errors = parseWhole(d.max_errors);
      const minutes = parseWhole(d.minutes);
      const block = d.kind === 'block' && d.block_id ? Number(d.block_id) : null;
      return {
        block_id: d.kind === 'block' && !d.block_id ? ui('form.required') : undefined,
        max_errors: errors === null ? ui('form.integer') : count > 0 && errors >= count ? t('test.maxErrorsBelow', { count }) : undefined,
        minutes: minutes === null ? ui('form.integer') : minutes < MIN_MINUTES ? ui('form.minimum', { min: MIN_MINUTES }) : minutes > MAX_MINUTES ? ui('form.maximum', { max: MAX_MINUTES }) : undefined,
        question_ids:
          count === 0
            ? t('test.noQuestions')
            : count > MAX_TEST_QUESTIONS
              ? t('test.tooMany', { max: MAX_TEST_QUESTIONS })
              : block !== null && d.questions.some((q) => q.block_id !== block)
                ? t('test.otherBlock')
                : undefined,
      };
    },
    onSubmit,
    fallback: t('saveError'),
    explain: (failure) => indexedFieldErrors(failure, 'question_ids', (i) => form.draft.questions[i]?.reference),
  });
  const { formId, draft, set, setDraft, busy, errors, ctx, handleSubmit } = form;
  const readBlocks = useCallback(() => api.blocks.list(draft.licence), [api, draft.licence]);
  const blocks = useLoad(readBlocks);
  const blockList = blocks.data ?? [];
  const isNew = test === null;
  const testId = test?.id ?? 0;

  useEffect(() => {
    if (!updated) return;
    setDraft((d) => ({
      ...d,
      questions: d.questions.map((q) =>
        q.id === updated.id
          ? { ...q, reference: updated.reference, statement: updated.statement, answers: updated.answers, correct: updated.correct, explanation: updated.explanation, block_id: updated.block_id, block: blockName(updated.block) }
          : q,
      ),
    }));
  }, [updated, setDraft]);

  const setQuestions = (questions: FoundQuestion[]) => set({ questions });
  const block = draft.kind === 'block' && draft.block_id ? Number(draft.block_id) : null;
  const questionsError = errors.errors.question_ids;

  return (
    <>
      <form className="vk-form valkiria-form" noValidate aria-label={label} aria-busy={busy} data-testid="test-form" onSubmit={handleSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId="test-form-errors" />
        <div className="vk-form__grid">
          {isNew && (
            <SelectField
              ctx={ctx}
              field="licence"
              label={t('fields.licence')}
              options={LICENCES.map((l) => ({ value: l, label: l }))}
              value={draft.licence}
              onChange={(value) => set({ licence: value, block_id: '', questions: [] })}
            />
          )}
          <InputField ctx={ctx} field="name" label={t('fields.name')} required maxLength={MAX_NAME} value={draft.name} onChange={(name) => set({ name })} />
          <SelectField
            ctx={ctx}
            field="kind"
            label={t('fields.kind')}
            options={TEST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            value={draft.kind}
            onChange={(kind) => set({ kind: kind as TestKind })}
          />
          {draft.kind === 'block' && (
            <SelectField
              ctx={ctx}
              field="block_id"
              label={t('fields.block')}
              required
              empty={t('choose')}
              options={blockList.map((b) => ({ value: String(b.id), label: t('question.blockOption', { position: b.position, name: b.name }) }))}
              value={draft.block_id}
              onChange={(block_id) => set({ block_id })}
            />
          )}
          <InputField ctx={ctx} field="max_errors" label={t('fields.max_errors')} inputMode="numeric" value={draft.max_errors} onChange={(max_errors) => set({ max_errors })} />
          <InputField ctx={ctx} field="minutes" label={t('fields.minutes')} inputMode="numeric" hint={t('test.minutesHint')} value={draft.minutes} onChange={(minutes) => set({ minutes })} />
          {isNew && <InputField ctx={ctx} field="expires_on" type="date" label={t('fields.expires_on')} hint={t('test.expiryHint')} value={draft.expires_on} onChange={(expires_on) => set({ expires_on })} />}
        </div>
        <fieldset
          className="vk-field vk-field--wide valkiria-test-questions"
          id={fieldId(formId, 'question_ids')}
          aria-invalid={questionsError ? true : undefined}
          aria-describedby={questionsError ? `${fieldId(formId, 'question_ids')}-error` : undefined}
          data-testid="test-questions"
        >
          <legend className="vk-label">{t('test.questions', { count: draft.questions.length })}</legend>
          {draft.questions.length === 0 ? (
            <p className="muted" data-testid="test-questions-empty">
              {t('test.noQuestionsYet')}
            </p>
          ) : (
            <ol className="valkiria-order">
              {draft.questions.map((q, index) => (
                <li
                  key={q.id}
                  className={`valkiria-order__item ${q.id === openQuestion ? 'is-open' : ''}`}
                  aria-current={q.id === openQuestion ? 'true' : undefined}
                  data-testid="test-question"
                  data-question-id={q.id}
                >
                  <div className="valkiria-order__row">
                    <span className="valkiria-order__position">{index + 1}</span>
                    <div className="valkiria-order__main">
                      <Link to={editorPath(testId, q.id, index + 1, draft.licence)} data-testid="test-question-open">
                        {q.reference}
                      </Link>
                      <span>{q.statement}</span>
                      <span className="muted">{blockName(q.block)}</span>
                    </div>
                    <div className="valkiria-actions">
                      <MoveButtons
                        index={index}
                        count={draft.questions.length}
                        busy={busy}
                        upLabel={t('test.moveUp', { reference: q.reference })}
                        downLabel={t('test.moveDown', { reference: q.reference })}
                        testId="test-question"
                        onMove={(delta) => setQuestions(moved(draft.questions, index, delta))}
                      />
                      <button
                        type="button"
                        className="vk-btn vk-btn--light"
                        aria-label={t('test.removeQuestion', { reference: q.reference })}
                        data-testid="test-question-remove"
                        disabled={busy}
                        onClick={() => setQuestions(draft.questions.filter((other) => other.id !== q.id))}
                      >
                        {t('remove')}
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <FieldErrorMessage form={formId} field="question_ids" error={questionsError} />
        </fieldset>
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      </form>
      <QuestionFinder
        api={api}
        licence={draft.licence}
        blocks={blockList}
        onlyBlock={block}
        title={t('test.addQuestions')}
        testId="test-finder"
        action={(q) => {
          const taken = draft.questions.some((other) => other.id === q.id);
          return (
            <button
              type="button"
              className="vk-btn vk-btn--light"
              aria-label={t('test.addNamed', { reference: q.reference })}
              data-testid="finder-add"
              disabled={busy || taken || draft.questions.length >= MAX_TEST_QUESTIONS}
              onClick={() => setQuestions([...draft.questions, q])}
            >
              {taken ? t('test.inTest') : t('test.add')}
            </button>
          );
        }}
      />
    </>
  );
}
