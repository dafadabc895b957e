import { Field, type FormContext } from '@volante/plugin-ui';

/**
 * A labelled day-and-hour input (`datetime-local`: its value is `YYYY-MM-DDTHH:MM`, what the host
 * takes for a room's times), its error under it. The kit's `InputField` has no such type.
 */
export function DateTimeField({
  ctx,
  field,
  label,
  value,
  onChange,
  required,
  hint,
}: {
  ctx: FormContext;
  field: string;
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  hint?: string;
}) {
  return (
    <Field form={ctx.formId} field={field} label={label} error={ctx.errors.errors[field]} required={required} hint={hint}>
      <input className="vk-input" type="datetime-local" {...ctx.errors.control(field)} value={value} disabled={ctx.disabled} onChange={(ev) => onChange(ev.target.value)} />
    </Field>
  );
}
