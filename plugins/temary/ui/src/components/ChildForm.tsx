import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormActions, FormMessages, InputField, UI_NAMESPACE, useFieldErrors, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { useExplain } from '../actions';
import { parsePosition } from '../format';
import { MAX_CONTENT, MAX_DESCRIPTION, MAX_TITLE } from '../lists';

/** Every field a child's form may show (the host names them in its errors). */
export const CHILD_FIELDS = ['title', 'description', 'content', 'position'] as const;

/** Its text: a theme's or subtheme's description, a section's content. */
export type TextField = 'description' | 'content';

/** What the form sends: title, its text and, when shown and filled in, the position. */
export interface ChildBody {
  title: string;
  description?: string;
  content?: string;
  position?: number;
}

export interface ChildValues {
  title: string;
  text: string;
  position?: number;
}

/**
 * A theme, subtheme or section: its title (required), its text (a description, or a section's
 * content in a large box) and, where offered, its position (1 is the first; empty on a new one:
 * at the end). The host's errors go under the field they name, the rest (a parent that no
 * longer exists, a record deleted meanwhile) above the form.
 */
export function ChildForm({
  values,
  textField,
  withPosition = false,
  label,
  submitLabel,
  onSubmit,
  onRefused,
  extra,
  disabled = false,
  testId,
}: {
  values: ChildValues | null;
  textField: TextField;
  withPosition?: boolean;
  label: string;
  submitLabel: string;
  onSubmit(body: ChildBody): Promise<unknown>;
  onRefused?(failure: unknown): void;
  extra?: ReactNode;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const explain = useExplain();
  const formId = useId();
  const [title, setTitle] = useState(values?.title ?? '');
  const [text, setText] = useState(values?.text ?? '');
  const [position, setPosition] = useState(values?.position ? String(values.position) : '');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, CHILD_FIELDS);
  const ctx: FormContext = { formId, errors, disabled: busy || disabled };
  const content = textField === 'content';

  async function submit() {
    errors.reset();
    const body: ChildBody = { title: title.trim(), [textField]: text.trim() };
    const local: Record<string, string> = {};
    if (!body.title) local.title = ui('form.required');
    if (withPosition) {
      const wanted = parsePosition(position);
      if (wanted === null) local.position = /^\s*\d+\s*$/.test(position) ? ui('form.minimum', { min: 1 }) : ui('form.integer');
      else if (wanted !== undefined) body.position = wanted;
    }
    if (Object.keys(local).length > 0) {
      errors.setErrors(local);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (failure) {
      errors.fail(explain(failure), t('actionError'));
      onRefused?.(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form temary-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      data-testid={testId}
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId={testId ? `${testId}-errors` : 'child-errors'} />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('fields.title')} value={title} maxLength={MAX_TITLE} required onChange={setTitle} />
        {withPosition && (
          <InputField
            ctx={ctx}
            field="position"
            label={t('fields.position')}
            hint={t(values ? 'form.positionHint' : 'form.newPositionHint')}
            inputMode="numeric"
            value={position}
            onChange={setPosition}
          />
        )}
      </div>
      <Field form={formId} field={textField} label={t(`fields.${textField}`)} error={errors.errors[textField]} className="vk-field--wide">
        <textarea
          className="vk-input"
          rows={content ? 10 : 3}
          {...errors.control(textField)}
          value={text}
          maxLength={content ? MAX_CONTENT : MAX_DESCRIPTION}
          disabled={ctx.disabled}
          onChange={(ev) => setText(ev.target.value)}
        />
      </Field>
      {!disabled && (
        <FormActions>
          {extra}
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
            {busy ? ui('form.saving') : submitLabel}
          </button>
        </FormActions>
      )}
    </form>
  );
}
