import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, UI_NAMESPACE, useFieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Branch, ExamKind, FolderDetail, FolderFields } from '../api';
import { EXAM_KINDS, LICENCES } from '../lists';
import { textOf } from '../format';
import { InputField, NotesField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

export interface FolderDraft {
  reference: string;
  name: string;
  branch_id: string;
  exam_kind: ExamKind;
  licence: string;
  exam_centre: string;
  exam_date: string;
  submitted_on: string;
  notes: string;
}

export const FOLDER_FIELDS = ['reference', 'name', 'exam_kind', 'licence', 'exam_centre', 'exam_date', 'submitted_on', 'branch_id', 'status', 'notes'] as const;
type FolderField = (typeof FOLDER_FIELDS)[number];

export function folderDraft(folder: FolderDetail | null): FolderDraft {
  return {
    reference: folder?.reference ?? '',
    name: folder?.name ?? '',
    branch_id: textOf(folder?.branch_id),
    exam_kind: folder?.exam_kind ?? 'theory',
    licence: folder?.licence ?? '',
    exam_centre: folder?.exam_centre ?? '',
    exam_date: folder?.exam_date ?? '',
    submitted_on: folder?.submitted_on ?? '',
    notes: folder?.notes ?? '',
  };
}

export type FolderBodyResult = { body: Partial<FolderFields> } | { field: FolderField; problem: 'required' };

/**
 * The body to send, or the field the form refuses (the licence is required; an edited folder
 * keeps a reference). A new folder leaves out what is empty (the plugin's defaults: the next
 * `EX-<year>-NNNN`, the caller's branch); an edited one sends empty dates as null.
 */
export function folderBody(draft: FolderDraft, { creating, withBranch }: { creating: boolean; withBranch: boolean }): FolderBodyResult {
  if (!draft.licence) return { field: 'licence', problem: 'required' };
  const body: Partial<FolderFields> = { exam_kind: draft.exam_kind, licence: draft.licence };
  for (const f of ['reference', 'name', 'exam_centre', 'notes'] as const) {
    const value = draft[f].trim();
    if (value || !creating) body[f] = value;
  }
  if (!creating && !body.reference) return { field: 'reference', problem: 'required' };
  for (const f of creating ? (['exam_date'] as const) : (['exam_date', 'submitted_on'] as const)) {
    if (draft[f]) body[f] = draft[f];
    else if (!creating) body[f] = null;
  }
  if (withBranch && draft.branch_id) body.branch_id = Number(draft.branch_id);
  return { body };
}

/**
 * A folder's data: reference (empty: the next one), name, exam, licence, exam centre and date,
 * branch (when the user sees several) and notes; editing adds the date it was handed in. Once the
 * folder has students its exam and licence are fixed.
 */
export function FolderForm({
  folder,
  branches,
  label,
  submitLabel,
  onSubmit,
  extra,
}: {
  folder: FolderDetail | null;
  branches: Branch[];
  label: string;
  submitLabel: string;
  onSubmit(body: Partial<FolderFields>): Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const creating = folder === null;
  const [draft, setDraft] = useState<FolderDraft>(() => folderDraft(folder));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, FOLDER_FIELDS);
  const set = (patch: Partial<FolderDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const withBranch = branches.length > 1;
  const locked = (folder?.students.length ?? 0) > 0;
  const ctx: FormContext = { formId, errors, disabled: busy };

  async function submit() {
    errors.reset();
    const result = folderBody(draft, { creating, withBranch });
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

  const text = (field: 'reference' | 'name' | 'exam_centre' | 'exam_date' | 'submitted_on', options: { hint?: string; type?: 'date'; maxLength?: number; required?: boolean } = {}) => (
    <InputField
      ctx={ctx}
      field={field}
      label={t(`folders.fields.${field}`)}
      value={draft[field]}
      onChange={(value) => set({ [field]: value })}
      hint={options.hint}
      type={options.type}
      maxLength={options.maxLength}
      required={options.required}
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
      <FormMessages errors={errors.errors} general={errors.general} testId="folder-form-errors" />
      <div className="vk-form__grid">
        {text('reference', { maxLength: 40, required: !creating, hint: creating ? t('folders.form.referenceHint') : undefined })}
        {text('name', { maxLength: 200 })}
        <SelectField
          ctx={ctx}
          field="exam_kind"
          label={t('folders.fields.exam_kind')}
          value={draft.exam_kind}
          onChange={(value) => set({ exam_kind: value as ExamKind })}
          options={EXAM_KINDS.map((k) => ({ value: k, label: t(`examKind.${k}`) }))}
          disabled={locked}
          hint={locked ? t('folders.form.lockedHint') : undefined}
        />
        <SelectField
          ctx={ctx}
          field="licence"
          label={t('folders.fields.licence')}
          value={draft.licence}
          onChange={(licence) => set({ licence })}
          empty={ui('form.choose')}
          options={LICENCES.map((l) => ({ value: l, label: l }))}
          required
          disabled={locked}
        />
        {text('exam_centre', { maxLength: 200 })}
        {text('exam_date', { type: 'date' })}
        {!creating && text('submitted_on', { type: 'date' })}
        {withBranch && (
          <SelectField
            ctx={ctx}
            field="branch_id"
            label={t('folders.fields.branch_id')}
            value={draft.branch_id}
            onChange={(branch_id) => set({ branch_id })}
            empty={creating ? t('form.ownBranch') : ui('form.choose')}
            options={branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))}
          />
        )}
      </div>
      <NotesField ctx={ctx} field="notes" label={t('folders.fields.notes')} value={draft.notes} onChange={(notes) => set({ notes })} />
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
