import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, UI_NAMESPACE, errorList } from '@volante/plugin-ui';

export type FieldErrors = Record<string, string>;

/** The id of a form's field control (`useId()` of the form, then the field). */
export const fieldId = (formId: string, field: string) => `${formId}-${field}`;

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
        const field = (item.data as { field?: string } | null)?.field;
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
      {error && (
        <span className="vk-error" id={`${id}-error`} data-testid={`error-${field}`}>
          {error}
        </span>
      )}
    </div>
  );
}
