import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckField,
  Field,
  FormMessages,
  InputField,
  MoneyInput,
  NotesField,
  SelectField,
  SubmitActions,
  UI_NAMESPACE,
  centsToInput,
  parseEuros,
  useDraftForm,
  type FormContext,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';

export interface Option {
  value: string;
  label: string;
}

/**
 * One field of a record's form: how it is edited and sent. Text is sent trimmed; a date, a
 * number, an amount or a choice left empty is sent as null.
 */
export type FieldSpec =
  | { field: string; kind: 'text'; required?: boolean; max?: number; inputMode?: 'numeric' | 'tel'; hint?: string }
  | { field: string; kind: 'date' }
  | { field: string; kind: 'integer'; min?: number; max?: number }
  /** Euros typed the Spanish way, sent as cents. */
  | { field: string; kind: 'money' }
  /** `numeric`: the values are ids or numbers; `empty`: the text of the empty choice (none: a value is required); `initial`: a new record's. */
  | { field: string; kind: 'select'; options: Option[]; numeric?: boolean; empty?: string; initial?: string; hint?: string }
  | { field: string; kind: 'check' }
  | { field: string; kind: 'notes'; max?: number };

/** A titled part of the form. */
export interface FormSection {
  title: string;
  fields: FieldSpec[];
}

/** The form's values as its inputs hold them: text, or a check box's state. */
export type Draft = Record<string, string | boolean>;
export type Body = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A record's values as the inputs hold them (a new one's when `record` is null). */
export function draftOf(specs: FieldSpec[], record: object | null): Draft {
  const values = (record ?? {}) as Record<string, unknown>;
  const draft: Draft = {};
  for (const spec of specs) {
    const value = values[spec.field];
    if (spec.kind === 'check') draft[spec.field] = Boolean(value);
    else if (spec.kind === 'money') draft[spec.field] = centsToInput(typeof value === 'number' ? value : null);
    else if (spec.kind === 'select') draft[spec.field] = record ? text(value) : (spec.initial ?? '');
    else draft[spec.field] = text(value);
  }
  return draft;
}

/** The body to send: every field, typed as the API takes it. */
export function bodyOf(specs: FieldSpec[], draft: Draft): Body {
  const body: Body = {};
  for (const spec of specs) {
    const value = draft[spec.field];
    if (spec.kind === 'check') {
      body[spec.field] = Boolean(value);
      continue;
    }
    const typed = String(value ?? '').trim();
    if (spec.kind === 'text' || spec.kind === 'notes') body[spec.field] = typed;
    else if (!typed) body[spec.field] = null;
    else if (spec.kind === 'integer') body[spec.field] = Number(typed);
    else if (spec.kind === 'money') body[spec.field] = parseEuros(typed);
    else if (spec.kind === 'select' && spec.numeric) body[spec.field] = Number(typed);
    else body[spec.field] = typed;
  }
  return body;
}

/** What the form refuses before sending, by field. */
export type Problem = { problem: 'required' } | { problem: 'integer' } | { problem: 'minimum'; min: number } | { problem: 'maximum'; max: number } | { problem: 'amount' };

/**
 * The checks made before sending: required text, whole numbers within their range, amounts in
 * euros. The rest (a DNI's letter, a CCC's control digits, a postal code of another province…)
 * is the host's, and its message goes under the field.
 */
export function problemsOf(specs: FieldSpec[], draft: Draft): Record<string, Problem> {
  const problems: Record<string, Problem> = {};
  for (const spec of specs) {
    const typed = String(draft[spec.field] ?? '').trim();
    if (spec.kind === 'text' && spec.required && !typed) problems[spec.field] = { problem: 'required' };
    if (!typed) continue;
    if (spec.kind === 'integer') {
      if (!/^\d+$/.test(typed)) problems[spec.field] = { problem: 'integer' };
      else if (spec.min !== undefined && Number(typed) < spec.min) problems[spec.field] = { problem: 'minimum', min: spec.min };
      else if (spec.max !== undefined && Number(typed) > spec.max) problems[spec.field] = { problem: 'maximum', max: spec.max };
    }
    if (spec.kind === 'money' && parseEuros(typed) === null) problems[spec.field] = { problem: 'amount' };
  }
  return problems;
}

/**
 * A record's form from its sections: each field labelled from the catalogue (`fields.<name>`),
 * the host's errors under the field they name (`REQ-102`, `CONFLICT-000` with `data.field`), the
 * rest above. `onSubmit` gets every field typed; the page sends what a create or an update needs.
 */
export function RecordForm({
  sections,
  record,
  label,
  submitLabel,
  onSubmit,
  extra,
  disabled = false,
}: {
  sections: FormSection[];
  record: object | null;
  label: string;
  submitLabel: string;
  onSubmit(body: Body): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const specs = sections.flatMap((s) => s.fields);
  const { formId, draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<Draft, Body>(() => draftOf(specs, record), {
    fields: specs.map((s) => s.field),
    toBody: (d) => bodyOf(specs, d),
    validate: (d) => {
      const messages: Record<string, string> = {};
      for (const [field, p] of Object.entries(problemsOf(specs, d))) {
        if (p.problem === 'amount') messages[field] = t('form.amount');
        else if (p.problem === 'minimum') messages[field] = ui('form.minimum', { min: p.min });
        else if (p.problem === 'maximum') messages[field] = ui('form.maximum', { max: p.max });
        else messages[field] = ui(`form.${p.problem}`);
      }
      return messages;
    },
    onSubmit,
    fallback: t('actionError'),
    disabled,
  });

  return (
    <form className="vk-form consulting-form" aria-label={label} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="record-errors" />
      {sections.map((section) => (
        <fieldset key={section.title} className="consulting-section">
          <legend className="consulting-section__title">{section.title}</legend>
          <div className="vk-form__grid">
            {section.fields.map((spec) => (
              <SpecField key={spec.field} spec={spec} ctx={ctx} formId={formId} value={draft[spec.field]} onChange={(value) => set({ [spec.field]: value })} />
            ))}
          </div>
        </fieldset>
      ))}
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}

/** One field's input, as its spec says. */
function SpecField({ spec, ctx, formId, value, onChange }: { spec: FieldSpec; ctx: FormContext; formId: string; value: string | boolean; onChange(value: string | boolean): void }) {
  const { t } = useTranslation(NAMESPACE);
  const label = t(`fields.${spec.field}`);
  const typed = typeof value === 'string' ? value : '';
  switch (spec.kind) {
    case 'check':
      return <CheckField ctx={ctx} field={spec.field} label={label} checked={value === true} onChange={onChange} />;
    case 'notes':
      return <NotesField ctx={ctx} field={spec.field} label={label} maxLength={spec.max} value={typed} onChange={onChange} />;
    case 'select':
      return <SelectField ctx={ctx} field={spec.field} label={label} value={typed} empty={spec.empty} options={spec.options} hint={spec.hint} onChange={onChange} />;
    case 'money':
      return (
        <Field form={formId} field={spec.field} label={label} error={ctx.errors.errors[spec.field]}>
          <MoneyInput {...ctx.errors.control(spec.field)} value={parseEuros(typed)} disabled={ctx.disabled} onChange={(_cents, entered) => onChange(entered)} />
        </Field>
      );
    case 'date':
      return <InputField ctx={ctx} field={spec.field} type="date" label={label} value={typed} onChange={onChange} />;
    case 'integer':
      return <InputField ctx={ctx} field={spec.field} label={label} inputMode="numeric" value={typed} onChange={onChange} />;
    default:
      return <InputField ctx={ctx} field={spec.field} label={label} required={spec.required} maxLength={spec.max} inputMode={spec.inputMode} hint={spec.hint} value={typed} onChange={onChange} />;
  }
}
