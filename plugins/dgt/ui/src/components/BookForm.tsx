import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, UI_NAMESPACE, useFieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Book, BookFields, Branch } from '../api';
import { parseWhole, textOf } from '../format';
import { InputField, NotesField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

/** A book's fields as the form holds them (text, as typed). */
export interface BookDraft {
  name: string;
  number: string;
  branch_id: string;
  school_code: string;
  opened_on: string;
  closed_on: string;
  capacity: string;
  notes: string;
}

export const BOOK_FIELDS = ['name', 'number', 'branch_id', 'school_code', 'opened_on', 'closed_on', 'capacity', 'notes'] as const;
type BookField = (typeof BOOK_FIELDS)[number];

export function bookDraft(book: Book | null): BookDraft {
  return {
    name: book?.name ?? '',
    number: textOf(book?.number),
    branch_id: textOf(book?.branch_id),
    school_code: book?.school_code ?? '',
    opened_on: book?.opened_on ?? '',
    closed_on: book?.closed_on ?? '',
    capacity: book ? textOf(book.capacity) : '200',
    notes: book?.notes ?? '',
  };
}

export type BookBodyResult = { body: Partial<BookFields> } | { field: BookField; problem: 'required' | 'integer' };

/**
 * The body to send, or the first field the form refuses (a name; whole numbers). A new book
 * leaves out what is empty (the plugin's defaults: the next number, the caller's branch, today,
 * 200 entries); an edited one sends empty dates and number as null.
 */
export function bookBody(draft: BookDraft, { creating, withBranch }: { creating: boolean; withBranch: boolean }): BookBodyResult {
  const body: Partial<BookFields> = {};
  const name = draft.name.trim();
  if (!name) return { field: 'name', problem: 'required' };
  body.name = name;
  if (draft.number.trim()) {
    const number = parseWhole(draft.number);
    if (number === null) return { field: 'number', problem: 'integer' };
    body.number = number;
  } else if (!creating) {
    return { field: 'number', problem: 'required' };
  }
  if (draft.capacity.trim()) {
    const capacity = parseWhole(draft.capacity);
    if (capacity === null) return { field: 'capacity', problem: 'integer' };
    body.capacity = capacity;
  } else if (!creating) {
    return { field: 'capacity', problem: 'required' };
  }
  for (const f of ['school_code', 'notes'] as const) {
    const value = draft[f].trim();
    if (value || !creating) body[f] = value;
  }
  if (draft.opened_on) body.opened_on = draft.opened_on;
  if (!creating) body.closed_on = draft.closed_on || null;
  if (withBranch && draft.branch_id) body.branch_id = Number(draft.branch_id);
  return { body };
}

/**
 * A register book's data: name, number (empty: the next one of the branch), branch (when the
 * user sees several), school code, opening date, capacity and notes; editing adds the closing
 * date. The host checks everything; its errors go under the field they name.
 */
export function BookForm({
  book,
  branches,
  label,
  submitLabel,
  onSubmit,
  extra,
}: {
  book: Book | null;
  branches: Branch[];
  label: string;
  submitLabel: string;
  onSubmit(body: Partial<BookFields>): Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const creating = book === null;
  const [draft, setDraft] = useState<BookDraft>(() => bookDraft(book));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, BOOK_FIELDS);
  const set = (patch: Partial<BookDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const withBranch = branches.length > 1;
  const ctx: FormContext = { formId, errors, disabled: busy };

  async function submit() {
    errors.reset();
    const result = bookBody(draft, { creating, withBranch });
    if ('field' in result) {
      errors.setErrors({ [result.field]: ui(`form.${result.problem}`) });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(result.body);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  const text = (field: Exclude<BookField, 'branch_id' | 'notes'>, options: { required?: boolean; hint?: string; type?: 'date'; numeric?: boolean; maxLength?: number } = {}) => (
    <InputField
      ctx={ctx}
      field={field}
      label={t(`books.fields.${field}`)}
      value={draft[field]}
      onChange={(value) => set({ [field]: value })}
      required={options.required}
      hint={options.hint}
      type={options.type}
      inputMode={options.numeric ? 'numeric' : undefined}
      maxLength={options.maxLength}
    />
  );

  return (
    <form
      className="vk-form dgt-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="book-errors" />
      <div className="vk-form__grid">
        {text('name', { required: true, maxLength: 120 })}
        {text('number', { numeric: true, required: !creating, hint: creating ? t('books.form.numberHint') : undefined })}
        {withBranch && (
          <SelectField
            ctx={ctx}
            field="branch_id"
            label={t('books.fields.branch_id')}
            value={draft.branch_id}
            onChange={(branch_id) => set({ branch_id })}
            empty={creating ? t('form.ownBranch') : ui('form.choose')}
            options={branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))}
          />
        )}
        {text('school_code', { maxLength: 20, hint: t('books.form.schoolCodeHint') })}
        {text('opened_on', { type: 'date', hint: creating ? t('form.todayHint') : undefined })}
        {!creating && text('closed_on', { type: 'date' })}
        {text('capacity', { numeric: true, required: !creating, hint: t('books.form.capacityHint') })}
      </div>
      <NotesField ctx={ctx} field="notes" label={t('books.fields.notes')} value={draft.notes} onChange={(notes) => set({ notes })} />
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
