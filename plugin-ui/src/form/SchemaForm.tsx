import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList } from '../api/errors';
import { fieldSpec, outputValue, validateField, type FieldError, type FieldKind, type FieldSpec, type JsonSchema } from './schema';

export type FormValues = Record<string, unknown>;

export interface SchemaFormProps {
  schema: JsonSchema;
  /** Initial values (e.g. the record being edited, or a `…/zero/0` blank). */
  value: FormValues;
  /** The properties to edit, in order (default: every property of the schema). */
  fields?: string[];
  /** Required besides the schema's own `required`. */
  required?: string[];
  /** Override how a field is edited (`textarea`, `enum` with `options`…). */
  widgets?: Record<string, FieldKind>;
  /** Options of a field shown as a list, when the schema has no `enum` (provinces, branches). */
  options?: Record<string, { value: unknown; label: string }[]>;
  /** The label of a field (from the module's namespace). */
  label(field: string): string;
  /** The label of an enum value; default the value itself. */
  optionLabel?(field: string, value: unknown): string;
  /** Show a field only when this holds for the current values (e.g. persons vs companies). */
  visible?(field: string, values: FormValues): boolean;
  /** Called with every valid change of values (e.g. to follow the type). */
  onValues?(values: FormValues): void;
  /**
   * Called with the values to send (only the fields shown, typed). A rejection with the host's
   * errors puts each `data.field` error under its field and the rest above the form.
   */
  onSubmit(values: FormValues): Promise<unknown> | void;
  submitLabel?: string;
  /** Extra buttons beside submit (cancel…). */
  actions?: ReactNode;
  /** Rendered above the fields (e.g. the avatar uploader). */
  children?: ReactNode;
  disabled?: boolean;
  /** The form's accessible name. */
  name?: string;
}

type Errors = Record<string, string>;

/**
 * A form generated from a JSON Schema. Fields validate when they lose focus, on change (lists,
 * check boxes) and while typing once they have been visited or shown an error; submitting
 * validates everything, focuses the first wrong field and sends nothing until all are right.
 * Required and e-mail messages are the kit's Spanish ones.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { schema, value, fields, required = [], widgets = {}, options = {}, label, optionLabel, visible, onValues, onSubmit, submitLabel, actions, children, disabled, name } = props;
  const { t } = useTranslation(UI_NAMESPACE);
  const id = useId();
  const [values, setValues] = useState<FormValues>(value);
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const specs = useMemo(() => {
    const names = fields ?? Object.keys(schema.properties ?? {});
    const requiredSet = new Set([...(schema.required ?? []), ...required]);
    return names
      .filter((n) => schema.properties?.[n])
      .map((n) => {
        const spec = fieldSpec(n, schema.properties![n], schema, requiredSet.has(n), widgets[n] ?? (options[n] ? 'enum' : undefined));
        return options[n] ? { ...spec, options: options[n].map((o) => o.value) } : spec;
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema, JSON.stringify(fields), JSON.stringify(required), JSON.stringify(widgets), JSON.stringify(Object.keys(options))]);

  const shown = specs.filter((spec) => !visible || visible(spec.name, values));
  const message = (error: FieldError) => (error ? t(error.key, error.values) : '');

  const check = (spec: FieldSpec, v: unknown) => {
    const text = message(validateField(spec, v));
    setErrors((all) => {
      if ((all[spec.name] ?? '') === text) return all;
      const next = { ...all };
      if (text) next[spec.name] = text;
      else delete next[spec.name];
      return next;
    });
  };

  const update = (spec: FieldSpec, v: unknown, validateNow: boolean) => {
    const next = { ...values, [spec.name]: v };
    setValues(next);
    onValues?.(next);
    if (validateNow || touched[spec.name] || errors[spec.name]) check(spec, v);
  };

  const blur = (spec: FieldSpec) => {
    setTouched((all) => ({ ...all, [spec.name]: true }));
    check(spec, values[spec.name]);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    for (const spec of shown) {
      const text = message(validateField(spec, values[spec.name]));
      if (text) found[spec.name] = text;
    }
    setErrors(found);
    setTouched(Object.fromEntries(shown.map((s) => [s.name, true])));
    setGeneral([]);
    const first = shown.find((s) => found[s.name]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    const out: FormValues = {};
    for (const spec of shown) out[spec.name] = outputValue(spec, values[spec.name]);
    setBusy(true);
    try {
      await onSubmit(out);
    } catch (failure) {
      const byField: Errors = {};
      const rest: string[] = [];
      for (const item of errorList(failure)) {
        const field = (item.data as { field?: string } | null)?.field;
        if (field && shown.some((s) => s.name === field)) byField[field] = item.details;
        else rest.push(item.details || item.code);
      }
      setErrors(byField);
      setGeneral(rest);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="vk-form" noValidate onSubmit={submit} aria-label={name} aria-busy={busy}>
      {general.length > 0 && (
        <div className="vk-alert vk-alert--danger" role="alert">
          {general.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </div>
      )}
      {Object.keys(errors).length > 0 && general.length === 0 && (
        <p className="vk-error" role="status">
          {t('form.invalid')}
        </p>
      )}
      {children}
      <div className="vk-form__grid">
        {shown.map((spec) => (
          <Field
            key={spec.name}
            id={`${id}-${spec.name}`}
            spec={spec}
            label={label(spec.name)}
            value={values[spec.name]}
            error={errors[spec.name]}
            disabled={disabled || busy}
            optionLabel={(v) => options[spec.name]?.find((o) => String(o.value) === String(v))?.label ?? optionLabel?.(spec.name, v) ?? String(v)}
            chooseLabel={t('form.choose')}
            onInput={(v) => update(spec, v, false)}
            onChange={(v) => update(spec, v, true)}
            onBlur={() => blur(spec)}
          />
        ))}
      </div>
      <div className="vk-form__actions">
        {actions}
        <button type="submit" className="vk-btn vk-btn--primary" disabled={disabled || busy}>
          {busy ? t('form.saving') : (submitLabel ?? t('form.save'))}
        </button>
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  spec: FieldSpec;
  label: string;
  value: unknown;
  error?: string;
  disabled?: boolean;
  optionLabel(value: unknown): string;
  chooseLabel: string;
  onInput(value: unknown): void;
  onChange(value: unknown): void;
  onBlur(): void;
}

function Field({ id, spec, label, value, error, disabled, optionLabel, chooseLabel, onInput, onChange, onBlur }: FieldProps) {
  const describedBy = error ? `${id}-error` : undefined;
  const common = {
    id,
    name: spec.name,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': spec.required || undefined,
    onBlur,
  };
  const text = value === null || value === undefined ? '' : String(value);
  let control: ReactNode;
  if (spec.kind === 'boolean') {
    return (
      <div className="vk-field">
        <label className="vk-check" htmlFor={id}>
          <input type="checkbox" {...common} checked={Boolean(value)} onChange={(e) => onChange(e.target.checked)} />
          <span>{label}</span>
        </label>
        {error && <span className="vk-error" id={`${id}-error`}>{error}</span>}
      </div>
    );
  }
  if (spec.kind === 'enum') {
    control = (
      <select className="vk-input" {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        {(spec.nullable || !spec.required || text === '') && <option value="">{chooseLabel}</option>}
        {spec.options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    );
  } else if (spec.kind === 'textarea') {
    control = <textarea className="vk-input" rows={3} {...common} value={text} onChange={(e) => onInput(e.target.value)} />;
  } else {
    const type = spec.kind === 'integer' || spec.kind === 'number' ? 'number' : spec.kind === 'email' ? 'email' : spec.kind === 'date' ? 'date' : 'text';
    control = (
      <input
        className="vk-input"
        type={type}
        {...common}
        value={text}
        maxLength={spec.schema.maxLength}
        step={spec.kind === 'integer' ? 1 : undefined}
        onChange={(e) => onInput(e.target.value)}
      />
    );
  }
  return (
    <div className="vk-field">
      <label className="vk-label" htmlFor={id}>
        {label}
        {spec.required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {error && (
        <span className="vk-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
