import { FieldErrorMessage, fieldId, namedField, useFieldErrors, type ApiErrorItem } from '@volante/plugin-ui';

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
  const named = namedField(item);
  if (named) return named.replace(/^account\./, '');
  return FIELD_OF_CODE[item.code];
}

/**
 * The kit's `useFieldErrors` with the employees' `fieldOf`: the host's errors under the field
 * they name or always mean, the rest above the form. Every employees form uses this one.
 */
export function useEmployeeFieldErrors(formId: string, fields: readonly string[]) {
  return useFieldErrors(formId, fields, { fieldOf });
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
      <FieldErrorMessage form={form} field={field} error={error} />
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
      <FieldErrorMessage form={form} field={field} error={error} />
    </div>
  );
}
