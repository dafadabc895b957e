import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, FieldErrorMessage, FormMessages, SearchPicker, errorList, useConfirm, useFieldErrors, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { DgtApi, ExamResult, FolderDetail, FolderStudent, FolderStudentUpdate, FoundContact, NewFolderStudent, Tax } from '../api';
import { RESULTS } from '../lists';
import { bookViewPath } from '../paths';
import { useContactPicker } from './contactPicker';
import { ResultBadge } from './Badges';
import { InputField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

/** A student's name, or "Contacto n.º 7" when the contacts service cannot be asked. */
export function useStudentName() {
  const { t } = useTranslation(NAMESPACE);
  return (s: Pick<FolderStudent, 'contact_id' | 'name'>) => s.name || t('folderStudents.contactId', { id: s.contact_id });
}

/** A fee as the selects offer it: "2.1 Examen B". */
const taxLabel = (tax: Tax) => `${tax.type_code} ${tax.name}`;

export interface FolderStudentsProps {
  api: DgtApi;
  folder: FolderDetail;
  /** The fees offered. */
  taxes: Tax[];
  /** Not closed nor deleted: results, fees and notes change. */
  changing: boolean;
  onSaved(folder: FolderDetail): void;
}

/**
 * A folder's students: name, DNI/NIE, their register entry, fee and receipt, result (a select
 * while the folder is not closed: `student/update`, written into the entry) and notes; "Editar"
 * (fee, receipt, notes), "Quitar" (`student/delete`, asked first) and "Añadir alumno"
 * (`student/add`) while it is open. The host's refusals are shown above the table.
 */
export function FolderStudents({ api, folder, taxes, changing, onSaved }: FolderStudentsProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const nameOf = useStudentName();
  const [failures, setFailures] = useState<string[]>([]);
  const [editing, setEditing] = useState<FolderStudent | null>(null);
  const open = changing && folder.status === 'open';

  async function setResult(student: FolderStudent, result: ExamResult) {
    setFailures([]);
    try {
      onSaved(await api.folderStudents.update(student.id, { result }));
      toast.success(t('folderStudents.resultSaved', { name: nameOf(student), result: t(`result.${result}`) }));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  async function remove(student: FolderStudent) {
    const ok = await confirm({
      title: t('folderStudents.removeTitle'),
      message: t('folderStudents.removeQuestion', { name: nameOf(student) }),
      confirmLabel: t('folderStudents.remove'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      onSaved(await api.folderStudents.remove(student.id));
      toast.success(t('folderStudents.removed', { name: nameOf(student) }));
      if (editing?.id === student.id) setEditing(null);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  const columns: Column<FolderStudent>[] = [
    { key: 'name', header: t('folderStudents.columns.name'), render: (s) => <span data-testid="student-name">{nameOf(s)}</span> },
    { key: 'document', header: t('folderStudents.columns.document'), className: 'dgt-nowrap' },
    {
      key: 'entry',
      header: t('folderStudents.columns.entry'),
      className: 'dgt-num',
      render: (s) =>
        s.entry_number !== null && s.entry_book_id !== null ? (
          <Link to={bookViewPath(s.entry_book_id, { entry: s.book_student_id })}>{s.entry_number}</Link>
        ) : (
          <span className="muted">{t('folderStudents.noEntry')}</span>
        ),
    },
    { key: 'tax', header: t('folderStudents.columns.tax'), render: (s) => s.tax_name ?? '' },
    { key: 'tax_number', header: t('folderStudents.columns.tax_number'), className: 'dgt-nowrap' },
    {
      key: 'result',
      header: t('folderStudents.columns.result'),
      render: (s) =>
        changing ? (
          <select className="vk-input dgt-result" aria-label={t('folderStudents.resultOf', { name: nameOf(s) })} value={s.result} onChange={(ev) => void setResult(s, ev.target.value as ExamResult)}>
            {RESULTS.map((r) => (
              <option key={r} value={r}>
                {t(`result.${r}`)}
              </option>
            ))}
          </select>
        ) : (
          <ResultBadge result={s.result} />
        ),
    },
    { key: 'notes', header: t('folderStudents.columns.notes') },
  ];
  if (changing) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (s) => (
        <>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('folderStudents.editNamed', { name: nameOf(s) })} onClick={() => setEditing(s)}>
            {t('folderStudents.edit')}
          </button>
          {open && (
            <>
              {' '}
              <button type="button" className="vk-btn vk-btn--light" aria-label={t('folderStudents.removeNamed', { name: nameOf(s) })} onClick={() => void remove(s)}>
                {t('folderStudents.remove')}
              </button>
            </>
          )}
        </>
      ),
    });
  }

  return (
    <section className="card dgt-section" aria-labelledby="dgt-folder-students-title">
      <div className="dgt-section__head">
        <h2 id="dgt-folder-students-title" className="card__title">
          {t('folderStudents.title')}
        </h2>
        <p className="muted" data-testid="folder-students-count">
          {t('folderStudents.count', { count: folder.students.length })}
        </p>
      </div>
      <ErrorList messages={failures} testId="students-errors" />
      <DataTable<FolderStudent> label={t('folderStudents.table')} columns={columns} rows={folder.students} rowKey={(s) => s.id} empty={t('folderStudents.empty')} />
      {editing && changing && (
        <StudentEdit
          key={editing.id}
          api={api}
          student={folder.students.find((s) => s.id === editing.id) ?? editing}
          name={nameOf(editing)}
          taxes={taxes}
          onSaved={(answer) => {
            onSaved(answer);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {open ? (
        <AddStudent api={api} folder={folder} taxes={taxes} onSaved={onSaved} />
      ) : (
        changing && <p className="muted">{t('folderStudents.fixed')}</p>
      )}
    </section>
  );
}

const ADD_FIELDS = ['contact_id', 'tax_id', 'tax_number', 'notes'] as const;

/** "Añadir alumno": a contact from the finder, the fee paid and its receipt number. */
function AddStudent({ api, folder, taxes, onSaved }: { api: DgtApi; folder: FolderDetail; taxes: Tax[]; onSaved(folder: FolderDetail): void }) {
  const { t } = useTranslation(NAMESPACE);
  const contactPicker = useContactPicker(api);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, ADD_FIELDS);
  const [contact, setContact] = useState<FoundContact | null>(null);
  const [draft, setDraft] = useState({ tax_id: '', tax_number: '', notes: '' });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const inFolder = new Set(folder.students.map((s) => s.contact_id));

  async function submit() {
    errors.reset();
    if (!contact) {
      errors.setErrors({ contact_id: t('folderStudents.add.chooseFirst') });
      return;
    }
    const body: NewFolderStudent = { folder_id: folder.id, contact_id: contact.id };
    if (draft.tax_id) body.tax_id = Number(draft.tax_id);
    if (draft.tax_number.trim()) body.tax_number = draft.tax_number.trim();
    if (draft.notes.trim()) body.notes = draft.notes.trim();
    setBusy(true);
    try {
      onSaved(await api.folderStudents.add(body));
      toast.success(t('folderStudents.add.done', { name: contact.display_name }));
      setContact(null);
      setDraft({ tax_id: '', tax_number: '', notes: '' });
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form dgt-panel"
      aria-label={t('folderStudents.add.title')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="dgt-form__heading">{t('folderStudents.add.title')}</h3>
      <FormMessages errors={errors.errors} general={errors.general} testId="add-student-errors" />
      {contact ? (
        <p className="dgt-chosen" data-testid="add-student-contact">
          {t('folderStudents.add.chosen', { name: contact.display_name })}{' '}
          <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => setContact(null)}>
            {t('folderStudents.add.change')}
          </button>
        </p>
      ) : (
        <SearchPicker<FoundContact> {...contactPicker} onChoose={setContact} disabled={busy} taken={(c) => inFolder.has(c.id)} />
      )}
      <FieldErrorMessage form={formId} field="contact_id" error={errors.errors.contact_id} />
      <div className="vk-form__grid">
        <SelectField
          ctx={ctx}
          field="tax_id"
          label={t('folderStudents.fields.tax_id')}
          value={draft.tax_id}
          onChange={(tax_id) => set({ tax_id })}
          empty={t('folderStudents.noTax')}
          options={taxes.map((x) => ({ value: String(x.id), label: taxLabel(x) }))}
        />
        <InputField ctx={ctx} field="tax_number" label={t('folderStudents.fields.tax_number')} value={draft.tax_number} maxLength={40} onChange={(tax_number) => set({ tax_number })} />
        <InputField ctx={ctx} field="notes" label={t('folderStudents.fields.notes')} value={draft.notes} maxLength={2000} onChange={(notes) => set({ notes })} />
      </div>
      <SubmitActions busy={busy} label={t('folderStudents.add.submit')} />
    </form>
  );
}

const EDIT_FIELDS = ['tax_id', 'tax_number', 'notes'] as const;

/** A student's fee, receipt and notes (`student/update` with what changed; no fee: `clear_tax`). */
function StudentEdit({ api, student, name, taxes, onSaved, onClose }: { api: DgtApi; student: FolderStudent; name: string; taxes: Tax[]; onSaved(folder: FolderDetail): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, EDIT_FIELDS);
  const [draft, setDraft] = useState({ tax_id: student.tax_id ? String(student.tax_id) : '', tax_number: student.tax_number, notes: student.notes });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  // a deleted fee is still named by the student's row
  const offered = student.tax_id && !taxes.some((x) => x.id === student.tax_id) ? [{ value: String(student.tax_id), label: student.tax_name ?? String(student.tax_id) }] : [];

  async function submit() {
    errors.reset();
    const body: FolderStudentUpdate = {};
    if (draft.tax_id !== (student.tax_id ? String(student.tax_id) : '')) {
      if (draft.tax_id) body.tax_id = Number(draft.tax_id);
      else body.clear_tax = true;
    }
    if (draft.tax_number.trim() !== student.tax_number) body.tax_number = draft.tax_number.trim();
    if (draft.notes.trim() !== student.notes) body.notes = draft.notes.trim();
    if (Object.keys(body).length === 0) {
      toast.info(t('noChanges'));
      return;
    }
    setBusy(true);
    try {
      onSaved(await api.folderStudents.update(student.id, body));
      toast.success(t('folderStudents.saved', { name }));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form dgt-panel"
      aria-label={t('folderStudents.editTitle', { name })}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="dgt-form__heading">{t('folderStudents.editTitle', { name })}</h3>
      <FormMessages errors={errors.errors} general={errors.general} testId="edit-student-errors" />
      <div className="vk-form__grid">
        <SelectField
          ctx={ctx}
          field="tax_id"
          label={t('folderStudents.fields.tax_id')}
          value={draft.tax_id}
          onChange={(tax_id) => set({ tax_id })}
          empty={t('folderStudents.noTax')}
          options={[...offered, ...taxes.map((x) => ({ value: String(x.id), label: taxLabel(x) }))]}
        />
        <InputField ctx={ctx} field="tax_number" label={t('folderStudents.fields.tax_number')} value={draft.tax_number} maxLength={40} onChange={(tax_number) => set({ tax_number })} />
        <InputField ctx={ctx} field="notes" label={t('folderStudents.fields.notes')} value={draft.notes} maxLength={2000} onChange={(notes) => set({ notes })} />
      </div>
      <SubmitActions busy={busy} label={t('save')}>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
