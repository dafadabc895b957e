import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldErrorMessage, FormMessages, UI_NAMESPACE, useFieldErrors, type FormErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Branch, CourseDetail, CourseFields, Group, Modality } from '../api';
import { KINDS, type Category, type Kind } from '../kinds';
import { MODALITIES } from '../lists';
import { formatHours, parseHours, parseWhole } from '../format';

/** The course's fields as the form holds them (text, as typed). */
export interface CourseDraft {
  reference: string;
  name: string;
  category: Category;
  group_id: string;
  administration_code: string;
  cap_authorisation: string;
  formative_action: string;
  formative_group: string;
  modality: Modality;
  max_students: string;
  hours: string;
  start_date: string;
  end_date: string;
  training_centre: string;
  place: string;
  ceded_by: string;
  biometric_control: boolean;
  branch_id: string;
  observations: string;
}

/** Every field the form can show, in the order of the form (the host's errors go under them). */
export const COURSE_FIELDS = [
  'reference', 'name', 'category', 'group_id', 'modality', 'max_students', 'hours', 'start_date', 'end_date', 'branch_id',
  'administration_code', 'cap_authorisation', 'formative_action', 'formative_group',
  'training_centre', 'place', 'ceded_by', 'biometric_control', 'observations',
] as const;
type FieldName = (typeof COURSE_FIELDS)[number];

/** The free-text fields (trimmed when sent). */
const TEXT_FIELDS = ['reference', 'name', 'administration_code', 'cap_authorisation', 'formative_action', 'formative_group', 'training_centre', 'place', 'ceded_by', 'observations'] as const;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** A new course's draft (the kind's first category, in person, 20 students), or a course's. */
export function courseDraft(kind: Kind, course: CourseDetail | null): CourseDraft {
  return {
    reference: course?.reference ?? '',
    name: course?.name ?? '',
    category: course?.category ?? KINDS[kind].categories[0],
    group_id: text(course?.group_id),
    administration_code: course?.administration_code ?? '',
    cap_authorisation: course?.cap_authorisation ?? '',
    formative_action: course?.formative_action ?? '',
    formative_group: course?.formative_group ?? '',
    modality: course?.modality ?? 'in_person',
    max_students: course ? text(course.max_students) : '20',
    hours: course ? formatHours(course.hours) : '',
    start_date: course?.start_date ?? '',
    end_date: course?.end_date ?? '',
    training_centre: course?.training_centre ?? '',
    place: course?.place ?? '',
    ceded_by: course?.ceded_by ?? '',
    biometric_control: course?.biometric_control ?? false,
    branch_id: text(course?.branch_id),
    observations: course?.observations ?? '',
  };
}

/** Why the form refuses a field: the kit's "required" and "integer", or hours that are not a number. */
export type Problem = 'required' | 'integer' | 'hours';
export type BodyResult = { body: Partial<CourseFields> } | { field: FieldName; problem: Problem };

/**
 * The body to send, or the first field the form itself refuses (a name is required; the number
 * of students a whole number; the hours a number — empty on a new course leaves the plugin's
 * default: the legal duration of a points-recovery course). A new course leaves out what is
 * empty (the plugin's defaults apply); an edited one sends empty dates and group as null.
 */
export function courseBody(draft: CourseDraft, { creating, fields, withBranch }: { creating: boolean; fields: readonly FieldName[]; withBranch: boolean }): BodyResult {
  const shown = (f: FieldName) => fields.includes(f);
  const body: Partial<CourseFields> = {};
  for (const f of TEXT_FIELDS) {
    if (!shown(f)) continue;
    const value = draft[f].trim();
    if (creating && f === 'reference' && !value) continue;
    body[f] = value;
  }
  if (!body.name) return { field: 'name', problem: 'required' };
  if (shown('category')) body.category = draft.category;
  if (shown('modality')) body.modality = draft.modality;
  if (shown('max_students')) {
    const max = parseWhole(draft.max_students);
    if (max === null) return { field: 'max_students', problem: draft.max_students.trim() ? 'integer' : 'required' };
    body.max_students = max;
  }
  if (shown('hours')) {
    if (draft.hours.trim()) {
      const hours = parseHours(draft.hours);
      if (hours === null) return { field: 'hours', problem: 'hours' };
      body.hours = hours;
    } else if (!creating) {
      return { field: 'hours', problem: 'required' };
    }
  }
  for (const f of ['start_date', 'end_date'] as const) {
    if (!shown(f)) continue;
    if (draft[f]) body[f] = draft[f];
    else if (!creating) body[f] = null;
  }
  if (shown('group_id') && (draft.group_id || !creating)) body.group_id = draft.group_id ? Number(draft.group_id) : null;
  if (withBranch && draft.branch_id) body.branch_id = Number(draft.branch_id);
  if (shown('biometric_control')) body.biometric_control = draft.biometric_control;
  return { body };
}

/** What changed against the course (`<prefix>update` takes the id and the fields that change). */
export function changedFields(body: Partial<CourseFields>, course: CourseDetail): Partial<CourseFields> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const before = (course as unknown as Record<string, unknown>)[key] ?? null;
    if (JSON.stringify(value ?? null) !== JSON.stringify(before)) changed[key] = value;
  }
  return changed as Partial<CourseFields>;
}

/** The fields of "Nuevo curso" (the rest are edited in the course's "Datos"). */
export const CREATE_FIELDS: readonly FieldName[] = ['reference', 'name', 'category', 'group_id', 'modality', 'max_students', 'hours', 'start_date', 'end_date', 'branch_id'];

export interface CourseFormProps {
  kind: Kind;
  /** The course being edited, or null for a new one. */
  course: CourseDetail | null;
  groups: Group[];
  /** The branches to choose from (empty: no select, the host decides). */
  branches: Branch[];
  readOnly?: boolean;
  label: string;
  submitLabel: string;
  /** Sends the body; a rejection's errors go under their fields. */
  onSubmit(body: Partial<CourseFields>): Promise<unknown>;
  /** Buttons beside the submit one (cancel, delete). */
  extra?: ReactNode;
}

/**
 * A course's data: a new one (reference, name, category, group, modality, maximum of students,
 * hours, dates, branch) or all of an existing one (plus the administrative codes, the place and
 * observations). The host checks everything; its errors go under the field they name.
 */
export function CourseForm({ kind, course, groups, branches, readOnly = false, label, submitLabel, onSubmit, extra }: CourseFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const creating = course === null;
  const fields: readonly FieldName[] = creating ? CREATE_FIELDS : COURSE_FIELDS;
  const [draft, setDraft] = useState<CourseDraft>(() => courseDraft(kind, course));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, COURSE_FIELDS);
  const set = (patch: Partial<CourseDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const disabled = busy || readOnly;
  const withBranch = branches.length > 1;

  async function submit() {
    errors.reset();
    const result = courseBody(draft, { creating, fields, withBranch });
    if ('field' in result) {
      errors.setErrors({ [result.field]: result.problem === 'hours' ? t('form.invalidHours') : ui(`form.${result.problem}`) });
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

  const props = { formId, draft, set, errors, disabled };
  const categories = KINDS[kind].categories;
  return (
    <form
      className="vk-form courses-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="course-errors" />
      <div className="vk-form__grid">
        <TextField {...props} field="reference" hint={creating ? t('form.referenceHint') : undefined} maxLength={50} />
        <TextField {...props} field="name" required maxLength={200} />
        <Field form={formId} field="category" label={t('fields.category')} error={errors.errors.category}>
          <select className="vk-input" {...errors.control('category')} value={draft.category} disabled={disabled} onChange={(ev) => set({ category: ev.target.value as Category })}>
            {categories.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        {(groups.length > 0 || draft.group_id) && (
          <Field form={formId} field="group_id" label={t('fields.group_id')} error={errors.errors.group_id}>
            <select className="vk-input" {...errors.control('group_id')} value={draft.group_id} disabled={disabled} onChange={(ev) => set({ group_id: ev.target.value })}>
              <option value="">{t('form.noGroup')}</option>
              {draft.group_id && !groups.some((g) => String(g.id) === draft.group_id) && <option value={draft.group_id}>{course?.group_name || draft.group_id}</option>}
              {groups.map((g) => (
                <option key={g.id} value={String(g.id)}>
                  {g.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field form={formId} field="modality" label={t('fields.modality')} error={errors.errors.modality}>
          <select className="vk-input" {...errors.control('modality')} value={draft.modality} disabled={disabled} onChange={(ev) => set({ modality: ev.target.value as Modality })}>
            {MODALITIES.map((m) => (
              <option key={m} value={m}>
                {t(`modality.${m}`)}
              </option>
            ))}
          </select>
        </Field>
        <TextField {...props} field="max_students" inputMode="numeric" required />
        <TextField
          {...props}
          field="hours"
          inputMode="decimal"
          required={!creating || kind !== 'points_recovery'}
          hint={creating && kind === 'points_recovery' ? t('form.legalHoursHint') : undefined}
        />
        <TextField {...props} field="start_date" type="date" />
        <TextField {...props} field="end_date" type="date" min={draft.start_date || undefined} />
        {withBranch && (
          <Field form={formId} field="branch_id" label={t('fields.branch_id')} error={errors.errors.branch_id}>
            <select className="vk-input" {...errors.control('branch_id')} value={draft.branch_id} disabled={disabled} onChange={(ev) => set({ branch_id: ev.target.value })}>
              <option value="">{creating ? t('form.ownBranch') : ui('form.choose')}</option>
              {branches.map((b) => (
                <option key={b.branch_id} value={String(b.branch_id)}>
                  {b.trade_name}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
      {!creating && (
        <>
          <h3 className="courses-form__heading">{t('form.administration')}</h3>
          <div className="vk-form__grid">
            <TextField {...props} field="administration_code" maxLength={100} />
            <TextField {...props} field="cap_authorisation" maxLength={100} />
            <TextField {...props} field="formative_action" maxLength={100} />
            <TextField {...props} field="formative_group" maxLength={100} />
          </div>
          <h3 className="courses-form__heading">{t('form.venue')}</h3>
          <div className="vk-form__grid">
            <TextField {...props} field="training_centre" maxLength={200} />
            <TextField {...props} field="place" maxLength={200} />
            <TextField {...props} field="ceded_by" maxLength={200} />
          </div>
          <div className="vk-field">
            <label className="vk-check" htmlFor={`${formId}-biometric_control`}>
              <input
                type="checkbox"
                {...errors.control('biometric_control')}
                checked={draft.biometric_control}
                disabled={disabled}
                onChange={(ev) => set({ biometric_control: ev.target.checked })}
              />
              <span>{t('fields.biometric_control')}</span>
            </label>
            <FieldErrorMessage form={formId} field="biometric_control" error={errors.errors.biometric_control} />
          </div>
          <Field form={formId} field="observations" label={t('fields.observations')} error={errors.errors.observations}>
            <textarea className="vk-input" rows={4} {...errors.control('observations')} value={draft.observations} disabled={disabled} onChange={(ev) => set({ observations: ev.target.value })} />
          </Field>
        </>
      )}
      {(!readOnly || extra) && (
        <div className="vk-form__actions">
          {extra}
          {!readOnly && (
            <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
              {busy ? ui('form.saving') : submitLabel}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

type TextFieldName = Exclude<FieldName, 'category' | 'group_id' | 'modality' | 'branch_id' | 'biometric_control'>;

function TextField({
  formId,
  draft,
  set,
  errors,
  disabled,
  field,
  type = 'text',
  required,
  hint,
  maxLength,
  inputMode,
  min,
}: {
  formId: string;
  draft: CourseDraft;
  set(patch: Partial<CourseDraft>): void;
  errors: FormErrors;
  disabled: boolean;
  field: TextFieldName;
  type?: 'text' | 'date';
  required?: boolean;
  hint?: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal';
  min?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Field form={formId} field={field} label={t(`fields.${field}`)} error={errors.errors[field]} required={required} hint={hint}>
      <input
        className="vk-input"
        type={type}
        {...errors.control(field)}
        value={draft[field]}
        maxLength={maxLength}
        inputMode={inputMode}
        min={min}
        autoComplete="off"
        disabled={disabled}
        onChange={(ev) => set({ [field]: ev.target.value } as Partial<CourseDraft>)}
      />
    </Field>
  );
}
