import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, SubmitActions, UI_NAMESPACE, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ContractType, EmployeeItem, LabourFields, Workday } from '../api';
import { CONTRACT_TYPES, WORKDAYS } from '../lists';
import { formatHours, formatIban, normaliseIban, parseHours } from '../format';
import { useEmployeeFieldErrors } from '../components/Field';
import type { TabProps } from './types';

const FIELDS = ['contract_type', 'workday', 'weekly_hours', 'social_security_number', 'iban', 'professional_category', 'incorporation_date', 'leave_date'] as const;

export interface LabourDraft {
  contract_type: string;
  workday: string;
  weekly_hours: string;
  social_security_number: string;
  iban: string;
  professional_category: string;
  incorporation_date: string;
  leave_date: string;
}

export function labourDraft(employee: EmployeeItem): LabourDraft {
  return {
    contract_type: employee.contract_type ?? '',
    workday: employee.workday ?? '',
    weekly_hours: formatHours(employee.weekly_hours),
    social_security_number: employee.social_security_number ?? '',
    iban: formatIban(employee.iban),
    professional_category: employee.professional_category ?? '',
    incorporation_date: employee.incorporation_date ?? '',
    leave_date: employee.leave_date ?? '',
  };
}

/** `employee/laboral/update`'s body: the NAF's digits, the IBAN without spaces, empty choices null. */
export function labourBody(draft: LabourDraft): LabourFields {
  return {
    contract_type: (draft.contract_type || null) as ContractType | null,
    workday: (draft.workday || null) as Workday | null,
    weekly_hours: parseHours(draft.weekly_hours),
    social_security_number: draft.social_security_number.replace(/[\s/-]+/g, ''),
    iban: normaliseIban(draft.iban),
    professional_category: draft.professional_category.trim(),
    leave_date: draft.leave_date || null,
  };
}

/**
 * "Laboral": contract type, workday, weekly hours, NAF, IBAN, professional category, leave date
 * (`employee/laboral/update`) and the incorporation date (its own call,
 * `employee/update/incorporation`, sent first and only when it changed). One "Guardar".
 */
export function LabourTab({ api, employee, readOnly, onSaved }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, FIELDS);
  const [draft, setDraft] = useState<LabourDraft>(() => labourDraft(employee));
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<LabourDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const e = errors.errors;
  const c = errors.control;
  const disabled = readOnly || busy;

  async function submit() {
    errors.reset();
    const body = labourBody(draft);
    if (Number.isNaN(body.weekly_hours)) {
      errors.setErrors({ weekly_hours: t('labour.hoursInvalid') });
      return;
    }
    setBusy(true);
    try {
      if ((draft.incorporation_date || null) !== (employee.incorporation_date || null)) {
        await api.employees.incorporation(employee.id, draft.incorporation_date || null);
      }
      const saved = await api.employees.labour(employee.id, body);
      toast.success(t('labour.saved'));
      onSaved(saved);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  const text = (field: 'social_security_number' | 'iban' | 'professional_category', extra: { maxLength: number; hint?: string; className?: string; inputMode?: 'numeric' }) => (
    <Field form={formId} field={field} label={t(`fields.${field}`)} error={e[field]} hint={extra.hint}>
      <input
        className={extra.className ? `vk-input ${extra.className}` : 'vk-input'}
        {...c(field)}
        value={draft[field]}
        maxLength={extra.maxLength}
        inputMode={extra.inputMode}
        autoComplete="off"
        disabled={disabled}
        onChange={(ev) => set({ [field]: ev.target.value } as Partial<LabourDraft>)}
      />
    </Field>
  );

  return (
    <form
      className="vk-form employees-form"
      aria-label={t('labour.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={e} general={errors.general} testId="labour-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="contract_type" label={t('fields.contract_type')} error={e.contract_type}>
          <select className="vk-input" {...c('contract_type')} value={draft.contract_type} disabled={disabled} onChange={(ev) => set({ contract_type: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {CONTRACT_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`contract.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="workday" label={t('fields.workday')} error={e.workday}>
          <select className="vk-input" {...c('workday')} value={draft.workday} disabled={disabled} onChange={(ev) => set({ workday: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {WORKDAYS.map((k) => (
              <option key={k} value={k}>
                {t(`workday.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="weekly_hours" label={t('fields.weekly_hours')} error={e.weekly_hours} hint={t('labour.hoursHint')}>
          <input className="vk-input" inputMode="decimal" {...c('weekly_hours')} value={draft.weekly_hours} maxLength={6} disabled={disabled} onChange={(ev) => set({ weekly_hours: ev.target.value })} />
        </Field>
        {text('social_security_number', { maxLength: 16, inputMode: 'numeric', hint: t('labour.nafHint') })}
        {text('iban', { maxLength: 42, className: 'employees-upper', hint: t('labour.ibanHint') })}
        {text('professional_category', { maxLength: 100 })}
        <Field form={formId} field="incorporation_date" label={t('fields.incorporation_date')} error={e.incorporation_date}>
          <input className="vk-input" type="date" {...c('incorporation_date')} value={draft.incorporation_date} disabled={disabled} onChange={(ev) => set({ incorporation_date: ev.target.value })} />
        </Field>
        <Field form={formId} field="leave_date" label={t('fields.leave_date')} error={e.leave_date}>
          <input className="vk-input" type="date" {...c('leave_date')} value={draft.leave_date} disabled={disabled} onChange={(ev) => set({ leave_date: ev.target.value })} />
        </Field>
      </div>
      {!readOnly && <SubmitActions busy={busy} label={t('save')} />}
    </form>
  );
}
