import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, UI_NAMESPACE, errorList, type ApiErrorItem } from '@volante/plugin-ui';

export type FieldErrors = Record<string, string>;

/** The id of a form's field control (`useId()` of the form, then the field). */
export const fieldId = (formId: string, field: string) => `${formId}-${field}`;

/** Errors that belong to a field whether or not they name it: a taken e-mail, a weak password. */
const FIELD_OF_CODE: Record<string, string> = {
  ERROR_EMPLOYEE_022: 'email',
  ERROR_EMPLOYEE_122: 'email',
  'PASSWORD-001': 'password',
};

/**
 * The field an error is about: `data.field` (`account.email` is the account block's `email`), or
 * the field its code always means.
 */
export function fieldOf(item: ApiErrorItem): string | undefined {
  const named = (item.data as { field?: unknown } | null)?.field;
  if (typeof named === 'string' && named) return named.replace(/^account\./, '');
  return FIELD_OF_CODE[item.code];
}

/**
 * A form's errors as the kit's schema forms show them: the host's errors that name one of the
 * form's fields (`REQ-102`, `CONFLICT-000`… with `data.field`) under that field, the rest above
 * the form. Writes answer a list of errors and reads one object: `errorList` takes both.
 */
export function useFieldErrors(formId: string, fields: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const key = fields.join(',');

  const reset = useCallback(() => {
    setErrors({});
    setGeneral([]);
  }, []);

  /** Sort a rejection's errors: each field's under it, the others (or their code) above. */
  const fail = useCallback(
    (failure: unknown, fallback: string) => {
      const shown = key.split(',');
      const byField: FieldErrors = {};
      const rest: string[] = [];
      for (const item of errorList(failure)) {
        const field = fieldOf(item);
        if (field && shown.includes(field) && !byField[field]) byField[field] = item.details || fallback;
        else rest.push(item.details || item.code || fallback);
      }
      setErrors(byField);
      setGeneral(rest);
    },
    [key],
  );

  /** The accessibility attributes of a field's control (`aria-invalid`, its message). */
  const control = (field: string) => ({
    id: fieldId(formId, field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(formId, field)}-error` : undefined,
  });

  return { errors, general, setErrors, setGeneral, reset, fail, control };
}

export type FormErrors = ReturnType<typeof useFieldErrors>;

/** Above a form: the errors that name no field, or the kit's "Revise los campos marcados". */
export function FormMessages({ errors, general, testId }: { errors: FieldErrors; general: string[]; testId: string }) {
  const { t: ui } = useTranslation(UI_NAMESPACE);
  if (general.length > 0) return <ErrorList messages={general} testId={testId} />;
  if (Object.keys(errors).length === 0) return null;
  return (
    <p className="vk-error" role="status" data-testid={testId}>
      {ui('form.invalid')}
    </p>
  );
}

/** A labelled field with its error under it (the kit's `vk-field` look). */
export function Field({ form, field, label, error, required, hint, className, children }: { form: string; field: string; label: string; error?: string; required?: boolean; hint?: string; className?: string; children: ReactNode }) {
  const id = fieldId(form, field);
  return (
    <div className={className ? `vk-field ${className}` : 'vk-field'}>
      <label className="vk-label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && <small className="muted">{hint}</small>}
      {error && <FieldError form={form} field={field} error={error} />}
    </div>
  );
}

/** A field's error, for controls `Field` does not wrap (groups of check boxes). */
export function FieldError({ form, field, error }: { form: string; field: string; error?: string }) {
  if (!error) return null;
  return (
    <span className="vk-error" id={`${fieldId(form, field)}-error`} data-testid={`error-${field}`}>
      {error}
    </span>
  );
}

/** A group of check boxes with its legend and error (licence classes, branches, positions). */
export function CheckGroup({
  form,
  field,
  legend,
  options,
  value,
  onChange,
  disabled,
  error,
  empty,
}: {
  form: string;
  field: string;
  legend: string;
  options: { value: string; label: string }[];
  value: readonly string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  error?: string;
  /** Shown instead of the boxes when there is nothing to choose. */
  empty?: string;
}) {
  return (
    <fieldset
      className="vk-field employees-checks"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${fieldId(form, field)}-error` : undefined}
      data-testid={`checks-${field}`}
    >
      <legend className="vk-label">{legend}</legend>
      {options.length === 0 && empty ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="employees-checks__list">
          {options.map((o) => (
            <label key={o.value} className="vk-check">
              <input
                type="checkbox"
                name={field}
                value={o.value}
                checked={value.includes(o.value)}
                disabled={disabled}
                onChange={(ev) => onChange(ev.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
              />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
      )}
      <FieldError form={form} field={field} error={error} />
    </fieldset>
  );
}

/** A labelled check box with its error. */
export function CheckField({ form, field, label, checked, onChange, disabled, error }: { form: string; field: string; label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean; error?: string }) {
  const id = fieldId(form, field);
  return (
    <div className="vk-field">
      <label className="vk-check" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name={field}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(ev) => onChange(ev.target.checked)}
        />
        <span>{label}</span>
      </label>
      <FieldError form={form} field={field} error={error} />
    </div>
  );
}
