import { useTranslation } from 'react-i18next';
import { Field, UI_NAMESPACE, useProvinceOptions, type FormErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Branch, EmployeeItem, Gender, PersonalFields } from '../api';
import { GENDERS, LICENCE_CLASSES, inLicenceOrder } from '../lists';
import { CheckField, CheckGroup } from './Field';

/** The personal, contact and teacher fields as the forms hold them (text, '' for none). */
export interface PersonalDraft {
  code: string;
  fiscal_code: string;
  gender: string;
  first_name: string;
  last_name: string;
  second_last_name: string;
  birthday: string;
  phone: string;
  street: string;
  city: string;
  province_id: string;
  postal_code: string;
  is_teacher: boolean;
  teacher_classes: string[];
  teacher_number: string;
}

export const PERSONAL_FIELDS = [
  'code',
  'first_name',
  'last_name',
  'second_last_name',
  'fiscal_code',
  'gender',
  'birthday',
  'phone',
  'street',
  'city',
  'province_id',
  'postal_code',
  'is_teacher',
  'teacher_classes',
  'teacher_number',
] as const;

export function personalDraft(employee: EmployeeItem | null): PersonalDraft {
  return {
    code: employee?.code ?? '',
    fiscal_code: employee?.fiscal_code ?? '',
    gender: employee?.gender ?? '',
    first_name: employee?.first_name ?? '',
    last_name: employee?.last_name ?? '',
    second_last_name: employee?.second_last_name ?? '',
    birthday: employee?.birthday ?? '',
    phone: employee?.phone ?? '',
    street: employee?.street ?? '',
    city: employee?.city ?? '',
    province_id: employee?.province_id ? String(employee.province_id) : '',
    postal_code: employee?.postal_code ?? '',
    is_teacher: employee?.is_teacher ?? false,
    teacher_classes: employee?.teacher_classes ?? [],
    teacher_number: employee?.teacher_number ?? '',
  };
}

/**
 * The body to send: text trimmed (the NIF/NIE upper case), empty choices as null, the licence
 * classes in the spec's order; not a teacher, no classes and no teacher number.
 */
export function personalBody(draft: PersonalDraft): PersonalFields {
  const teacher = draft.is_teacher;
  return {
    code: draft.code.trim(),
    fiscal_code: draft.fiscal_code.trim().toUpperCase(),
    gender: (draft.gender || null) as Gender | null,
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    second_last_name: draft.second_last_name.trim(),
    birthday: draft.birthday || null,
    phone: draft.phone.trim(),
    street: draft.street.trim(),
    city: draft.city.trim(),
    province_id: draft.province_id ? Number(draft.province_id) : null,
    postal_code: draft.postal_code.trim(),
    is_teacher: teacher,
    teacher_classes: teacher ? inLicenceOrder(draft.teacher_classes) : [],
    teacher_number: teacher ? draft.teacher_number.trim() : '',
  };
}

type TextField = 'code' | 'fiscal_code' | 'first_name' | 'last_name' | 'second_last_name' | 'phone' | 'street' | 'city' | 'postal_code' | 'teacher_number';

interface FieldsetProps {
  formId: string;
  draft: PersonalDraft;
  set(patch: Partial<PersonalDraft>): void;
  errors: FormErrors;
  disabled: boolean;
  /** A new employee: the code may be left empty (the next free one). */
  creating?: boolean;
}

/** Personal data (code, names, NIF/NIE, gender, birthday) and contact (phone, address). */
export function PersonalFieldset({ formId, draft, set, errors, disabled, creating }: FieldsetProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const provinces = useProvinceOptions();
  const e = errors.errors;
  const c = errors.control;
  const input = (field: TextField, extra: { type?: string; maxLength?: number; required?: boolean; autoComplete?: string; hint?: string; className?: string } = {}) => (
    <Field form={formId} field={field} label={t(`fields.${field}`)} error={e[field]} required={extra.required} hint={extra.hint}>
      <input
        className={extra.className ? `vk-input ${extra.className}` : 'vk-input'}
        type={extra.type ?? 'text'}
        {...c(field)}
        value={draft[field]}
        maxLength={extra.maxLength}
        autoComplete={extra.autoComplete ?? 'off'}
        disabled={disabled}
        onChange={(ev) => set({ [field]: ev.target.value } as Partial<PersonalDraft>)}
      />
    </Field>
  );
  return (
    <>
      <h3 className="employees-form__heading">{t('form.personal')}</h3>
      <div className="vk-form__grid">
        {input('first_name', { maxLength: 100, required: true })}
        {input('last_name', { maxLength: 100 })}
        {input('second_last_name', { maxLength: 100 })}
        {input('fiscal_code', { maxLength: 9, className: 'employees-upper', hint: t('form.fiscalCodeHint') })}
        {input('code', { maxLength: 20, hint: creating ? t('form.codeHint') : undefined })}
        <Field form={formId} field="gender" label={t('fields.gender')} error={e.gender}>
          <select className="vk-input" {...c('gender')} value={draft.gender} disabled={disabled} onChange={(ev) => set({ gender: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`gender.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="birthday" label={t('fields.birthday')} error={e.birthday}>
          <input className="vk-input" type="date" {...c('birthday')} value={draft.birthday} disabled={disabled} onChange={(ev) => set({ birthday: ev.target.value })} />
        </Field>
      </div>
      <h3 className="employees-form__heading">{t('form.contact')}</h3>
      <div className="vk-form__grid">
        {input('phone', { type: 'tel', maxLength: 30 })}
        {input('street', { maxLength: 200 })}
        {input('city', { maxLength: 100 })}
        <Field form={formId} field="province_id" label={t('fields.province_id')} error={e.province_id}>
          <select className="vk-input" {...c('province_id')} value={draft.province_id} disabled={disabled} onChange={(ev) => set({ province_id: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {provinces.map((p) => (
              <option key={p.value} value={String(p.value)}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        {input('postal_code', { maxLength: 5 })}
      </div>
    </>
  );
}

/** Teacher data: whether they teach, the licence classes (the spec's 18) and the teacher number. */
export function TeacherFieldset({ formId, draft, set, errors, disabled }: FieldsetProps) {
  const { t } = useTranslation(NAMESPACE);
  const e = errors.errors;
  return (
    <>
      <h3 className="employees-form__heading">{t('form.teacher')}</h3>
      <CheckField form={formId} field="is_teacher" label={t('fields.is_teacher')} checked={draft.is_teacher} disabled={disabled} error={e.is_teacher} onChange={(is_teacher) => set({ is_teacher })} />
      {draft.is_teacher && (
        <>
          <CheckGroup
            form={formId}
            field="teacher_classes"
            legend={t('fields.teacher_classes')}
            options={LICENCE_CLASSES.map((l) => ({ value: l, label: l }))}
            value={draft.teacher_classes}
            disabled={disabled}
            error={e.teacher_classes}
            onChange={(teacher_classes) => set({ teacher_classes })}
          />
          <div className="vk-form__grid">
            <Field form={formId} field="teacher_number" label={t('fields.teacher_number')} error={e.teacher_number}>
              <input
                className="vk-input"
                {...errors.control('teacher_number')}
                value={draft.teacher_number}
                maxLength={30}
                autoComplete="off"
                disabled={disabled}
                onChange={(ev) => set({ teacher_number: ev.target.value })}
              />
            </Field>
          </div>
        </>
      )}
    </>
  );
}

/** The main branch that goes with the branches ticked: the one chosen if still ticked, else the first. */
export function mainAmong(branches: readonly string[], main: string): string {
  return branches.includes(main) ? main : (branches[0] ?? '');
}

/** The branches the employee works in (check boxes) and the main one (a select among them). */
export function BranchFields({
  formId,
  branches,
  value,
  main,
  onChange,
  errors,
  disabled,
}: {
  formId: string;
  branches: Branch[];
  value: string[];
  main: string;
  onChange(value: string[], main: string): void;
  errors: FormErrors;
  disabled: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const e = errors.errors;
  // shown in the business's order, whatever order they were ticked in
  const ticked = branches.filter((b) => value.includes(String(b.branch_id)));
  return (
    <>
      <CheckGroup
        form={formId}
        field="branches"
        legend={t('fields.branches')}
        options={branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))}
        value={value}
        disabled={disabled}
        error={e.branches}
        empty={t('workplaces.noBranches')}
        onChange={(next) => {
          const ordered = branches.map((b) => String(b.branch_id)).filter((id) => next.includes(id));
          onChange(ordered, mainAmong(ordered, main));
        }}
      />
      <div className="vk-form__grid">
        <Field form={formId} field="branch_id" label={t('fields.branch_id')} error={e.branch_id} hint={ticked.length === 0 ? t('workplaces.tickFirst') : undefined}>
          <select className="vk-input" {...errors.control('branch_id')} value={main} disabled={disabled || ticked.length === 0} onChange={(ev) => onChange(value, ev.target.value)}>
            {ticked.length === 0 && <option value="">{t('workplaces.noMain')}</option>}
            {ticked.map((b) => (
              <option key={b.branch_id} value={String(b.branch_id)}>
                {b.trade_name}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </>
  );
}
