import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, FieldErrorMessage, FormMessages, SearchPicker, UI_NAMESPACE, errorList, formatDate, useFieldErrors, useProvinceOptions } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Book, DgtApi, EntryDetail, EntryFields, ExamResult, ExistingEntry, FoundContact } from '../api';
import { LICENCES, RESULTS } from '../lists';
import { entryStatus, parseWhole, textOf } from '../format';
import { bookViewPath } from '../paths';
import { useContactPicker } from './contactPicker';
import { FormActions, InputField, NotesField, SelectField, type FormContext } from '@volante/plugin-ui';

/** An entry's fields as the form holds them (text, as typed). */
export interface EntryDraft {
  number: string;
  first_name: string;
  last_names: string;
  document: string;
  birth_date: string;
  phone: string;
  address: string;
  city: string;
  province_id: string;
  postal_code: string;
  licence: string;
  enrolled_on: string;
  theory_exam_date: string;
  theory_result: ExamResult;
  practical_exam_date: string;
  practical_result: ExamResult;
  licence_issued_on: string;
  left_on: string;
  notes: string;
}

/** Every field the form can show, in its order (the host's errors go under them). */
export const ENTRY_FIELDS = [
  'contact_id', 'number', 'first_name', 'last_names', 'document', 'birth_date', 'phone', 'address', 'city', 'province_id', 'postal_code',
  'licence', 'enrolled_on', 'theory_exam_date', 'theory_result', 'practical_exam_date', 'practical_result', 'licence_issued_on', 'left_on', 'notes',
] as const;

/** The required text fields, checked before sending. */
const REQUIRED = ['first_name', 'last_names', 'document', 'licence'] as const;
/** Free text: trimmed; a new entry leaves out the empty ones. */
const TEXTS = ['first_name', 'last_names', 'document', 'phone', 'address', 'city', 'postal_code', 'notes'] as const;
/** Dates shown on a new entry (left out when empty: the enrolment becomes today). */
const CREATE_DATES = ['birth_date', 'enrolled_on'] as const;
/** Every date of an entry (an edited one sends the empty ones as null). */
const DATES = ['birth_date', 'enrolled_on', 'theory_exam_date', 'practical_exam_date', 'licence_issued_on', 'left_on'] as const;

/** A DNI/NIE as the host keeps it. */
const normalDocument = (document: string) => document.trim().toUpperCase();

export function entryDraft(entry: EntryDetail | null): EntryDraft {
  return {
    number: textOf(entry?.number),
    first_name: entry?.first_name ?? '',
    last_names: entry?.last_names ?? '',
    document: entry?.document ?? '',
    birth_date: entry?.birth_date ?? '',
    phone: entry?.phone ?? '',
    address: entry?.address ?? '',
    city: entry?.city ?? '',
    province_id: textOf(entry?.province_id),
    postal_code: entry?.postal_code ?? '',
    licence: entry?.licence ?? '',
    enrolled_on: entry?.enrolled_on ?? '',
    theory_exam_date: entry?.theory_exam_date ?? '',
    theory_result: entry?.theory_result ?? 'pending',
    practical_exam_date: entry?.practical_exam_date ?? '',
    practical_result: entry?.practical_result ?? 'pending',
    licence_issued_on: entry?.licence_issued_on ?? '',
    left_on: entry?.left_on ?? '',
    notes: entry?.notes ?? '',
  };
}

export type EntryBodyResult = { body: Partial<EntryFields> } | { field: (typeof ENTRY_FIELDS)[number]; problem: 'required' | 'integer' };

/**
 * The body to send, or the first field the form refuses (names, DNI/NIE and licence are
 * required; the number a whole one). A new entry sends its book and leaves out what is empty
 * (the plugin's defaults: the next number, enrolled today); an edited one sends every field,
 * empty dates as null (the caller sends only what changed).
 */
export function entryBody(draft: EntryDraft, { bookId, contactId, creating }: { bookId: number; contactId: number | null; creating: boolean }): EntryBodyResult {
  for (const f of REQUIRED) if (!draft[f].trim()) return { field: f, problem: 'required' };
  const body: Partial<EntryFields> = creating ? { book_id: bookId } : {};
  if (creating && contactId) body.contact_id = contactId;
  if (draft.number.trim()) {
    const number = parseWhole(draft.number);
    if (number === null) return { field: 'number', problem: 'integer' };
    body.number = number;
  } else if (!creating) {
    body.number = null;
  }
  for (const f of TEXTS) {
    const value = f === 'document' ? normalDocument(draft[f]) : draft[f].trim();
    if (value || !creating) body[f] = value;
  }
  body.licence = draft.licence;
  if (draft.province_id || !creating) body.province_id = draft.province_id ? Number(draft.province_id) : null;
  for (const f of creating ? CREATE_DATES : DATES) {
    if (draft[f]) body[f] = draft[f];
    else if (!creating) body[f] = null;
  }
  if (!creating) {
    body.theory_result = draft.theory_result;
    body.practical_result = draft.practical_result;
  }
  return { body };
}

/** Still training: neither the licence issued nor the student gone. */
const isOpen = (e: Pick<ExistingEntry, 'licence_issued_on' | 'left_on'>) => !e.licence_issued_on && !e.left_on;

export interface EntryFormProps {
  api: DgtApi;
  book: Book;
  /** The entry being edited, or null for a new one. */
  entry: EntryDetail | null;
  label: string;
  submitLabel: string;
  readOnly?: boolean;
  /** Sends the body; a rejection's errors go under their fields. */
  onSubmit(body: Partial<EntryFields>): Promise<unknown>;
  extra?: ReactNode;
}

/**
 * A register entry: the student (names, DNI/NIE, birth date, contact details), the licence and
 * the enrolment; editing adds the exams and how the training ended. A new entry can be filled
 * from a contact (`GET dgt/book/register/contact/read/{id}`), which also lists the entries the
 * person already has; with DNI/NIE and licence filled, the licence check
 * (`student/exist/license`) warns of an open entry for the same licence before saving.
 */
export function EntryForm({ api, book, entry, label, submitLabel, readOnly = false, onSubmit, extra }: EntryFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const contactPicker = useContactPicker(api);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const provinces = useProvinceOptions();
  const formId = useId();
  const creating = entry === null;
  const [draft, setDraft] = useState<EntryDraft>(() => entryDraft(entry));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, ENTRY_FIELDS);
  const [contact, setContact] = useState<{ id: number; name: string } | null>(null);
  const [contactFailed, setContactFailed] = useState<string[]>([]);
  // the entries known of the person whose DNI/NIE this is (the contact's, and the checks' answers)
  const [known, setKnown] = useState<{ document: string; entries: ExistingEntry[] } | null>(null);
  // only the latest check's answer is shown
  const asked = useRef(0);
  const set = (patch: Partial<EntryDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy || readOnly };

  const existing = known && known.document === normalDocument(draft.document) ? known.entries : null;
  const openSame = (existing ?? []).filter((e) => isOpen(e) && e.licence === draft.licence && e.id !== entry?.id);

  /** What a check or a contact told of a DNI/NIE: added to what is known of the same person. */
  const learn = (document: string, entries: ExistingEntry[]) =>
    setKnown((k) => {
      if (!k || k.document !== document) return { document, entries };
      const more = entries.filter((e) => !k.entries.some((x) => x.id === e.id));
      return { document, entries: [...k.entries, ...more] };
    });

  /** The licence check, for a new entry with DNI/NIE and licence: the entries it finds (null when it cannot tell). */
  async function check(document: string, licence: string): Promise<ExistingEntry[] | null> {
    if (!creating || !document.trim() || !licence) return null;
    const mine = ++asked.current;
    try {
      const answer = await api.entries.check(normalDocument(document), licence);
      if (mine === asked.current) learn(normalDocument(document), answer.entries);
      return answer.entries;
    } catch {
      // an invalid DNI/NIE: the host says so under the field when saving
      return null;
    }
  }

  async function choose(found: FoundContact) {
    setContactFailed([]);
    try {
      const person = await api.entries.fromContact(found.id);
      setContact({ id: person.contact_id, name: found.display_name });
      setDraft((d) => {
        const next = { ...d };
        for (const f of ['first_name', 'last_names', 'document', 'birth_date', 'address', 'city', 'postal_code', 'phone'] as const) {
          const value = person[f];
          if (value) next[f] = value;
        }
        if (person.province_id) next.province_id = String(person.province_id);
        if ((LICENCES as readonly string[]).includes(person.licence)) next.licence = person.licence;
        return next;
      });
      asked.current++;
      setKnown({ document: normalDocument(person.document), entries: person.entries });
    } catch (failure) {
      setContactFailed(errorList(failure).map((e) => e.details || e.code));
    }
  }

  async function submit() {
    errors.reset();
    const result = entryBody(draft, { bookId: book.id, contactId: contact?.id ?? null, creating });
    if ('field' in result) {
      errors.setErrors({ [result.field]: ui(`form.${result.problem}`) });
      return;
    }
    setBusy(true);
    try {
      if (creating) {
        const found = await check(draft.document, draft.licence);
        // the host refuses a second open entry for the same licence: the warning says where it is
        if (found?.some((e) => isOpen(e) && e.licence === draft.licence)) return;
      }
      await onSubmit(result.body);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  const text = (
    field: Exclude<keyof EntryDraft, 'theory_result' | 'practical_result' | 'province_id' | 'licence' | 'notes'>,
    options: { required?: boolean; hint?: string; type?: 'date'; inputMode?: 'numeric' | 'tel'; maxLength?: number; onBlur?(): void } = {},
  ) => (
    <InputField
      ctx={ctx}
      field={field}
      label={t(`entries.fields.${field}`)}
      value={draft[field]}
      onChange={(value) => set({ [field]: value })}
      required={options.required}
      hint={options.hint}
      type={options.type}
      inputMode={options.inputMode}
      maxLength={options.maxLength}
      onBlur={options.onBlur}
    />
  );
  const result = (field: 'theory_result' | 'practical_result') => (
    <SelectField
      ctx={ctx}
      field={field}
      label={t(`entries.fields.${field}`)}
      value={draft[field]}
      onChange={(value) => set({ [field]: value as ExamResult })}
      options={RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))}
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
        if (!readOnly) void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="entry-errors" />
      {creating && (
        <section className="dgt-panel" aria-labelledby={`${formId}-contact`}>
          <h4 id={`${formId}-contact`} className="dgt-form__heading">
            {t('entries.form.fromContact')}
          </h4>
          {contact ? (
            <p className="dgt-chosen" data-testid="entry-contact">
              {t('entries.form.contactChosen', { name: contact.name })}{' '}
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setContact(null)} disabled={busy}>
                {t('entries.form.contactUnlink')}
              </button>
            </p>
          ) : (
            <p className="muted">{t('entries.form.fromContactHint')}</p>
          )}
          <ErrorList messages={contactFailed} testId="contact-errors" />
          <FieldErrorMessage form={formId} field="contact_id" error={errors.errors.contact_id} />
          <SearchPicker<FoundContact> {...contactPicker} onChoose={(c) => void choose(c)} disabled={busy} />
        </section>
      )}
      {existing && existing.length > 0 && <ExistingEntries entries={existing} licence={draft.licence} openSame={openSame} />}
      <h4 className="dgt-form__heading">{t('entries.form.student')}</h4>
      <div className="vk-form__grid">
        {text('first_name', { required: true, maxLength: 100 })}
        {text('last_names', { required: true, maxLength: 150 })}
        {text('document', { required: true, maxLength: 12, onBlur: () => void check(draft.document, draft.licence) })}
        {text('birth_date', { type: 'date' })}
        {text('phone', { inputMode: 'tel', maxLength: 20 })}
        {text('address', { maxLength: 200 })}
        {text('city', { maxLength: 100 })}
        <SelectField
          ctx={ctx}
          field="province_id"
          label={t('entries.fields.province_id')}
          value={draft.province_id}
          onChange={(province_id) => set({ province_id })}
          empty={ui('form.choose')}
          options={provinces.map((p) => ({ value: String(p.value), label: p.label }))}
        />
        {text('postal_code', { inputMode: 'numeric', maxLength: 5 })}
      </div>
      <h4 className="dgt-form__heading">{t('entries.form.registration')}</h4>
      <div className="vk-form__grid">
        <SelectField
          ctx={ctx}
          field="licence"
          label={t('entries.fields.licence')}
          value={draft.licence}
          required
          onChange={(licence) => {
            set({ licence });
            void check(draft.document, licence);
          }}
          empty={ui('form.choose')}
          options={LICENCES.map((l) => ({ value: l, label: l }))}
        />
        {text('number', {
          inputMode: 'numeric',
          hint: creating ? (book.fill.next_number ? t('entries.form.numberHint', { next: book.fill.next_number }) : t('books.full')) : undefined,
        })}
        {text('enrolled_on', { type: 'date', hint: creating ? t('form.todayHint') : undefined })}
      </div>
      {!creating && (
        <>
          <h4 className="dgt-form__heading">{t('entries.form.exams')}</h4>
          <div className="vk-form__grid">
            {text('theory_exam_date', { type: 'date' })}
            {result('theory_result')}
            {text('practical_exam_date', { type: 'date' })}
            {result('practical_result')}
            {text('licence_issued_on', { type: 'date' })}
            {text('left_on', { type: 'date' })}
          </div>
        </>
      )}
      <NotesField ctx={ctx} field="notes" label={t('entries.fields.notes')} value={draft.notes} onChange={(notes) => set({ notes })} />
      {(!readOnly || extra) && (
        <FormActions>
          {extra}
          {!readOnly && (
            <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
              {busy ? ui('form.saving') : submitLabel}
            </button>
          )}
        </FormActions>
      )}
    </form>
  );
}

/** The entries the person already has (any branch), with a warning when one is open for the licence. */
function ExistingEntries({ entries, licence, openSame }: { entries: ExistingEntry[]; licence: string; openSame: ExistingEntry[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="dgt-panel" aria-label={t('entries.existing.title')} data-testid="existing-entries">
      {openSame.length > 0 && (
        <p className="vk-alert dgt-alert--warning" role="alert" data-testid="existing-warning">
          {t('entries.existing.openWarning', { licence, book: openSame[0].book_name, number: openSame[0].number ?? '' })}
        </p>
      )}
      <h4 className="dgt-form__heading">{t('entries.existing.title')}</h4>
      <ul className="dgt-results">
        {entries.map((e) => {
          const status = entryStatus(e);
          return (
            <li key={e.id} data-testid="existing-entry">
              <Link to={bookViewPath(e.book_id, { entry: e.id })}>{t('entries.existing.where', { book: e.book_name, number: e.number ?? '' })}</Link>
              <span>
                {t('entries.existing.what', { licence: e.licence, date: formatDate(e.enrolled_on) })} · {t(`entryStatus.${status}`)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
