import { useTranslation } from 'react-i18next';
import { FormMessages, NotesField, SubmitActions, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { MAX_DOUBT_ANSWER } from '../lists';

/**
 * The staff's answer to a doubt (`duda/respuesta`): the text (required, ≤ 4000), an earlier
 * answer in it to be replaced. The host's errors under the field, the rest above the form.
 */
export function DoubtAnswerForm({ answer, disabled = false, onSubmit }: { answer: string | null; disabled?: boolean; onSubmit(answer: string): Promise<unknown> }) {
  const { t } = useTranslation(NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ answer: string }, string>(
    { answer: answer ?? '' },
    {
      fields: ['answer'],
      toBody: (d) => d.answer.trim() || null,
      required: 'answer',
      onSubmit,
      fallback: t('doubt.reply.error'),
      disabled,
    },
  );
  return (
    <form className="vk-form valkiria-inline-form" noValidate aria-label={t('doubt.reply.title')} aria-busy={busy} data-testid="doubt-answer-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="doubt-answer-form-errors" />
      <NotesField ctx={ctx} field="answer" label={t('doubt.reply.label')} maxLength={MAX_DOUBT_ANSWER} value={draft.answer} onChange={(value) => set({ answer: value })} />
      <SubmitActions busy={busy} label={answer ? t('doubt.reply.replace') : t('doubt.reply.send')} />
    </form>
  );
}
