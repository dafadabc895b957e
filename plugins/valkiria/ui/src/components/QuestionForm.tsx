import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, NotesField, SelectField, SubmitActions, UI_NAMESPACE, indexedFieldErrors, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Block, QuestionFields } from '../api';
import { letter } from '../format';
import { MAX_EXPLANATION, MAX_REFERENCE, MAX_STATEMENT, MIN_ANSWERS } from '../lists';
import { AnswerInputs, blankAnswer } from './AnswerInputs';

/** Every field the form shows (the host names them in its errors). */
export const QUESTION_FIELDS = ['block_id', 'reference', 'statement', 'answers', 'correct', 'explanation'] as const;

/** The form's fields as typed: the block as a select's value, the right answer -1 until marked. */
export interface QuestionDraft {
  block_id: string;
  reference: string;
  statement: string;
  answers: string[];
  correct: number;
  explanation: string;
}

/** A question's draft: a stored one as it is, a new one with two empty answers (in `blockId`, when given). */
export function questionDraft(question: QuestionFields | null, blockId?: number | null): QuestionDraft {
  if (!question) return { block_id: blockId ? String(blockId) : '', reference: '', statement: '', answers: Array<string>(MIN_ANSWERS).fill(''), correct: -1, explanation: '' };
  return {
    block_id: String(question.block_id),
    reference: question.reference ?? '',
    statement: question.statement,
    answers: [...question.answers],
    correct: question.correct,
    explanation: question.explanation ?? '',
  };
}

/** The fields to send (texts trimmed), or null without a statement. */
export function questionBody(draft: QuestionDraft): QuestionFields | null {
  const statement = draft.statement.trim();
  if (!statement) return null;
  return {
    block_id: Number(draft.block_id),
    reference: draft.reference.trim(),
    statement,
    answers: draft.answers.map((a) => a.trim()),
    correct: draft.correct,
    explanation: draft.explanation.trim(),
  };
}

/**
 * A question: its block (of the licence), reference (empty: the host makes `P-<id>`), statement
 * (required), 2 to 4 answers with the right one marked, and the explanation. Checked before
 * sending: the block, no empty answer, one marked. The host's errors go under their field (an
 * answer's, `answers[1]`, under the answers, "Respuesta b: …"), the rest above the form.
 */
export function QuestionForm({
  blocks,
  question,
  blockId,
  label,
  submitLabel,
  onSubmit,
  extra,
  testId,
}: {
  /** The licence's blocks, for the select. */
  blocks: Block[];
  /** null: a new question. */
  question: QuestionFields | null;
  /** A new question's block. */
  blockId?: number | null;
  label: string;
  submitLabel: string;
  /** Sends the fields (a new question's page draws the form again, empty, once created). */
  onSubmit(body: QuestionFields): Promise<unknown>;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<QuestionDraft, QuestionFields>(() => questionDraft(question, blockId), {
    fields: QUESTION_FIELDS,
    toBody: questionBody,
    required: 'statement',
    validate: (d) => ({
      block_id: d.block_id ? undefined : ui('form.required'),
      answers: blankAnswer(d.answers, t('question.blankAnswer')),
      correct: d.correct >= 0 && d.correct < d.answers.length ? undefined : t('question.noCorrect'),
    }),
    onSubmit,
    fallback: t('saveError'),
    explain: (failure) => indexedFieldErrors(failure, 'answers', (i) => t('question.answerN', { letter: letter(i) })),
  });
  const options = blocks.map((b) => ({ value: String(b.id), label: t('question.blockOption', { position: b.position, name: b.name }) }));

  return (
    <form className="vk-form valkiria-form" noValidate aria-label={label} aria-busy={busy} data-testid={testId} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
      <div className="vk-form__grid">
        <SelectField ctx={ctx} field="block_id" label={t('fields.block')} required empty={t('choose')} options={options} value={draft.block_id} onChange={(block_id) => set({ block_id })} />
        <InputField ctx={ctx} field="reference" label={t('fields.reference')} hint={t('question.referenceHint')} maxLength={MAX_REFERENCE} value={draft.reference} onChange={(reference) => set({ reference })} />
        <NotesField ctx={ctx} field="statement" label={t('fields.statement')} maxLength={MAX_STATEMENT} value={draft.statement} onChange={(statement) => set({ statement })} />
        <AnswerInputs ctx={ctx} answers={draft.answers} onChange={(answers) => set({ answers })} correct={draft.correct} onCorrect={(correct) => set({ correct })} resizable />
        <NotesField ctx={ctx} field="explanation" label={t('fields.explanation')} maxLength={MAX_EXPLANATION} value={draft.explanation} onChange={(explanation) => set({ explanation })} />
      </div>
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
