import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, SubmitActions, UI_NAMESPACE, useFieldErrors, useProvinceOptions } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Category, WorkshopFields, WorkshopRecord } from '../api';
import { CATEGORIES } from '../lists';

const FIELDS = ['name', 'category', 'tax_code', 'contact_person', 'phone', 'email', 'street', 'city', 'province_id', 'postal_code', 'notes'] as const;
type TextField = Exclude<(typeof FIELDS)[number], 'category' | 'province_id'>;

interface Draft extends Record<TextField, string> {
  category: Category;
  province_id: string;
}

function draftOf(workshop: WorkshopRecord | null): Draft {
  return {
    name: workshop?.name ?? '',
    category: workshop?.category ?? 'workshop',
    tax_code: workshop?.tax_code ?? '',
    contact_person: workshop?.contact_person ?? '',
    phone: workshop?.phone ?? '',
    email: workshop?.email ?? '',
    street: workshop?.street ?? '',
    city: workshop?.city ?? '',
    province_id: workshop?.province_id ? String(workshop.province_id) : '',
    postal_code: workshop?.postal_code ?? '',
    notes: workshop?.notes ?? '',
  };
}

/** The body to send: text trimmed, the province as a number (or none). */
export function workshopBody(draft: Draft): WorkshopFields {
  const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as unknown as Draft;
  return { ...trimmed, province_id: draft.province_id ? Number(draft.province_id) : null };
}

/**
 * A workshop's data: name, category (taller, concesionario, compraventa), NIF/CIF, contact
 * person, phone, e-mail, address with the province (the kit's 52) and postal code, notes. The
 * host checks the NIF/CIF, phone, e-mail and that the postal code is the province's.
 */
export function WorkshopForm({ workshop, readOnly, submitLabel, onSubmit }: { workshop: WorkshopRecord | null; readOnly: boolean; submitLabel: string; onSubmit(fields: WorkshopFields): Promise<unknown> }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const provinces = useProvinceOptions();
  const [draft, setDraft] = useState<Draft>(() => draftOf(workshop));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, FIELDS);
  const c = errors.control;
  const e = errors.errors;
  const disabled = readOnly || busy;

  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      await onSubmit(workshopBody(draft));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  const input = (field: TextField, extra: { type?: string; maxLength?: number; required?: boolean; autoComplete?: string } = {}) => (
    <Field form={formId} field={field} label={t(`fields.${field}`)} error={e[field]} required={extra.required}>
      <input
        className="vk-input"
        type={extra.type ?? 'text'}
        {...c(field)}
        value={draft[field]}
        maxLength={extra.maxLength}
        autoComplete={extra.autoComplete}
        disabled={disabled}
        onChange={(ev) => setDraft((d) => ({ ...d, [field]: ev.target.value }))}
      />
    </Field>
  );

  return (
    <form
      className="vk-form fleet-form"
      aria-label={t('workshop.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={e} general={errors.general} testId="workshop-errors" />
      <div className="vk-form__grid">
        {input('name', { maxLength: 150, required: true })}
        <Field form={formId} field="category" label={t('fields.category')} error={e.category}>
          <select className="vk-input" {...c('category')} value={draft.category} disabled={disabled} onChange={(ev) => setDraft((d) => ({ ...d, category: ev.target.value as Category }))}>
            {CATEGORIES.map((k) => (
              <option key={k} value={k}>
                {t(`category.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {input('tax_code', { maxLength: 20, autoComplete: 'off' })}
        {input('contact_person', { maxLength: 120 })}
        {input('phone', { type: 'tel', maxLength: 30 })}
        {input('email', { type: 'email', maxLength: 150 })}
        {input('street', { maxLength: 200 })}
        {input('city', { maxLength: 100 })}
        <Field form={formId} field="province_id" label={t('fields.province_id')} error={e.province_id}>
          <select className="vk-input" {...c('province_id')} value={draft.province_id} disabled={disabled} onChange={(ev) => setDraft((d) => ({ ...d, province_id: ev.target.value }))}>
            <option value="">{ui('form.choose')}</option>
            {provinces.map((p) => (
              <option key={p.value} value={String(p.value)}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        {input('postal_code', { maxLength: 5, autoComplete: 'off' })}
      </div>
      <Field form={formId} field="notes" label={t('fields.notes')} error={e.notes}>
        <textarea className="vk-input" rows={3} {...c('notes')} value={draft.notes} disabled={disabled} onChange={(ev) => setDraft((d) => ({ ...d, notes: ev.target.value }))} />
      </Field>
      {!readOnly && <SubmitActions busy={busy} label={submitLabel} />}
    </form>
  );
}
