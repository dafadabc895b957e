import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, NotesField, SubmitActions, errorList, useFieldErrors, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Note, NoteFields } from '../api';
import { MAX_MESSAGE } from '../lists';
import { withReasons } from '../format';

export const NOTE_FIELDS = ['message', 'date'] as const;

/**
 * A note: its message and its day (empty: today, the server's). Nothing is checked here: the
 * host's "Debe indicar un mensaje para guardar" goes under the message, any other field error
 * under its field, and the rest (a refusal, with its reason) above the form.
 */
export function NoteForm({
  note,
  label,
  submitLabel,
  onSubmit,
  extra,
}: {
  note: Note | null;
  label: string;
  submitLabel: string;
  onSubmit(body: NoteFields): Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const formId = useId();
  const [message, setMessage] = useState(note?.message ?? '');
  const [date, setDate] = useState(note?.date ?? '');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, NOTE_FIELDS);
  const ctx: FormContext = { formId, errors, disabled: busy };

  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      await onSubmit({ message: message.trim(), date });
    } catch (failure) {
      errors.fail(withReasons(errorList(failure)), t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form notes-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="note-errors" />
      <NotesField ctx={ctx} field="message" maxLength={MAX_MESSAGE} label={t('notes.fields.message')} value={message} onChange={setMessage} />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="date" type="date" label={t('notes.fields.date')} hint={t('notes.form.dateHint')} value={date} onChange={setDate} />
      </div>
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
