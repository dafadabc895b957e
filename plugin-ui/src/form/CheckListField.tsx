import { fieldId, FieldErrorMessage } from './fields';
import type { FormContext } from './inputs';

export interface CheckListFieldProps {
  ctx: FormContext;
  field: string;
  /** The group's legend. */
  label: string;
  /** The values to choose from, in order. */
  options: { value: string; label: string }[];
  /** The values chosen, in the order they were chosen. */
  value: string[];
  onChange(value: string[]): void;
  /** Shown instead of the boxes when there is nothing to choose. */
  empty?: string;
  hint?: string;
  disabled?: boolean;
}

/**
 * A multiple choice drawn as check boxes (a form's categories, the people of an event), across
 * the form's grid, with its error under it. A value ticked goes to the end of the list; one
 * unticked leaves it.
 */
export function CheckListField({ ctx, field, label, options, value, onChange, empty, hint, disabled }: CheckListFieldProps) {
  const id = fieldId(ctx.formId, field);
  const error = ctx.errors.errors[field];
  return (
    <fieldset
      className="vk-field vk-field--wide vk-checklist"
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid={`checklist-${field}`}
    >
      <legend className="vk-label">{label}</legend>
      {options.length > 0 ? (
        <ul className="vk-checklist__list">
          {options.map((o) => (
            <li key={o.value}>
              <label className="vk-check">
                <input
                  type="checkbox"
                  checked={value.includes(o.value)}
                  disabled={ctx.disabled || disabled}
                  onChange={(ev) => onChange(ev.target.checked ? [...value.filter((v) => v !== o.value), o.value] : value.filter((v) => v !== o.value))}
                />
                {o.label}
              </label>
            </li>
          ))}
        </ul>
      ) : (
        empty && <p className="muted">{empty}</p>
      )}
      {hint && <small className="muted">{hint}</small>}
      <FieldErrorMessage form={ctx.formId} field={field} error={error} />
    </fieldset>
  );
}
