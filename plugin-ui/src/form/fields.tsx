/**
 * Plain controlled forms with the kit's look (`vk-field`), for the forms `SchemaForm` cannot draw:
 * a labelled field row with its error under it, and the host's errors sorted between the fields
 * and the top of the form.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList, type ApiErrorItem } from '../api/errors';
import { ErrorList } from '../errors/ErrorList';

/** A form's messages by field. */
export type FieldErrors = Record<string, string>;

/** The id of a form's field control (`useId()` of the form, then the field). */
export const fieldId = (formId: string, field: string) => `${formId}-${field}`;

/** The field an error of the host is about: its `data.field`, when it names one. */
export function namedField(item: ApiErrorItem): string | undefined {
  const named = (item.data as { field?: unknown } | null)?.field;
  return typeof named === 'string' && named ? named : undefined;
}

export interface FieldErrorsOptions {
  /**
   * The field an error belongs to (default `namedField`: its `data.field`). A plugin whose errors
   * name fields its own way (a prefix, a code that always means one field) passes its rule; it
   * must be stable (a module-level function).
   */
  fieldOf?(item: ApiErrorItem): string | undefined;
}

/**
 * A form's errors as the kit's schema forms show them: the host's errors that name one of the
 * form's fields (`REQ-102`, `CONFLICT-000`… with `data.field`) under that field, the rest above
 * the form. Writes answer a list of errors and reads one object: `errorList` takes both.
 */
export function useFieldErrors(formId: string, fields: readonly string[], { fieldOf = namedField }: FieldErrorsOptions = {}) {
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
    [key, fieldOf],
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

/** What `useFieldErrors` hands out (for the parts of a form drawn by another component). */
export type FormErrors = ReturnType<typeof useFieldErrors>;

/** Above a form: the errors that name no field, or the kit's "Revise los campos marcados". */
export function FormMessages({ errors, general, testId }: { errors: FieldErrors; general: string[]; testId: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (general.length > 0) return <ErrorList messages={general} testId={testId} />;
  if (Object.keys(errors).length === 0) return null;
  return (
    <p className="vk-error" role="status" data-testid={testId}>
      {t('form.invalid')}
    </p>
  );
}

export interface FieldProps {
  /** The form's id (`useId()`). */
  form: string;
  field: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** A labelled field with its error under it (the kit's `vk-field` look). */
export function Field({ form, field, label, error, required, hint, className, children }: FieldProps) {
  const id = fieldId(form, field);
  return (
    <div className={className ? `vk-field ${className}` : 'vk-field'}>
      <label className="vk-label" htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && <small className="muted">{hint}</small>}
      <FieldErrorMessage form={form} field={field} error={error} />
    </div>
  );
}

/** A field's error (what `Field` shows under its control), for controls `Field` does not wrap. */
export function FieldErrorMessage({ form, field, error }: { form: string; field: string; error?: string }) {
  if (!error) return null;
  return (
    <span className="vk-error" id={`${fieldId(form, field)}-error`} data-testid={`error-${field}`}>
      {error}
    </span>
  );
}
