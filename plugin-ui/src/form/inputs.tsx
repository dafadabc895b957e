// Draft-held form inputs shared by the plugin UIs: each labelled, with its error under it, bound
// to a form's id, its errors (`useFieldErrors`) and whether it is busy.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { Field, type FormErrors } from './fields';

/** What every field of a form needs: the form's id, its errors and whether it is busy. */
export interface FormContext {
  formId: string;
  errors: FormErrors;
  disabled: boolean;
}

interface Common {
  ctx: FormContext;
  field: string;
  label: string;
  required?: boolean;
  hint?: string;
  disabled?: boolean;
}

/** A labelled text (or date, time, password) input of a draft held as text, its error under it. */
export function InputField({
  ctx,
  field,
  label,
  value,
  onChange,
  type = 'text',
  required,
  hint,
  disabled,
  maxLength,
  inputMode,
  min,
  onBlur,
}: Common & {
  value: string;
  onChange(value: string): void;
  /** `password`: typed hidden, for a PIN or a code read out to nobody. */
  type?: 'text' | 'date' | 'time' | 'password';
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel';
  min?: string;
  onBlur?(): void;
}) {
  return (
    <Field form={ctx.formId} field={field} label={label} error={ctx.errors.errors[field]} required={required} hint={hint}>
      <input
        className="vk-input"
        type={type}
        {...ctx.errors.control(field)}
        value={value}
        maxLength={maxLength}
        inputMode={inputMode}
        min={min}
        autoComplete="off"
        disabled={ctx.disabled || disabled}
        onChange={(ev) => onChange(ev.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

/** A labelled select; `empty` is the first option's text (value ''), when there is one. */
export function SelectField({
  ctx,
  field,
  label,
  value,
  onChange,
  options,
  empty,
  required,
  hint,
  disabled,
}: Common & { value: string; onChange(value: string): void; options: { value: string; label: string }[]; empty?: string }) {
  return (
    <Field form={ctx.formId} field={field} label={label} error={ctx.errors.errors[field]} required={required} hint={hint}>
      <select className="vk-input" {...ctx.errors.control(field)} value={value} disabled={ctx.disabled || disabled} onChange={(ev) => onChange(ev.target.value)}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A labelled text area across the form's grid (`maxLength`: the server's limit, 5,000 unless given). */
export function NotesField({
  ctx,
  field,
  label,
  value,
  onChange,
  disabled,
  maxLength = 5000,
}: Common & { value: string; onChange(value: string): void; maxLength?: number }) {
  return (
    <Field form={ctx.formId} field={field} label={label} error={ctx.errors.errors[field]} className="vk-field--wide">
      <textarea className="vk-input" rows={3} {...ctx.errors.control(field)} value={value} maxLength={maxLength} disabled={ctx.disabled || disabled} onChange={(ev) => onChange(ev.target.value)} />
    </Field>
  );
}

/** A labelled check box, its error under it. */
export function CheckField({ ctx, field, label, checked, onChange, hint, disabled }: Common & { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <Field form={ctx.formId} field={field} label={label} error={ctx.errors.errors[field]} hint={hint} className="vk-field--check">
      <input type="checkbox" {...ctx.errors.control(field)} checked={checked} disabled={ctx.disabled || disabled} onChange={(ev) => onChange(ev.target.checked)} />
    </Field>
  );
}

/** The buttons under a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="vk-form__actions">{children}</div>;
}

/**
 * A form's buttons with its submit last: `children` first (cancel…), then `label`, which says
 * "Guardando…" and is disabled while `busy`.
 */
export function SubmitActions({ busy, label, children }: { busy: boolean; label: string; children?: ReactNode }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <FormActions>
      {children}
      <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
        {busy ? t('form.saving') : label}
      </button>
    </FormActions>
  );
}
