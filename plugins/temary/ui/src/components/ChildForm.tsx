import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, InputField, SubmitActions, UI_NAMESPACE, useDraftForm } from '@volante/plugin-ui';
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

/** The form's fields as typed (the position as text: '' for none). */
interface ChildDraft {
  title: string;
  text: string;
  position: string;
}

/** The body to send (text trimmed; the position when shown and valid), or null without a title. */
function childBody(draft: ChildDraft, textField: TextField, withPosition: boolean): ChildBody | null {
  const title = draft.title.trim();
  if (!title) return null;
  const body: ChildBody = { title, [textField]: draft.text.trim() };
  const position = withPosition ? parsePosition(draft.position) : undefined;
  if (typeof position === 'number') body.position = position;
  return body;
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

  /** Why a typed position is not one (a whole number from 1), or undefined. */
  function positionError(position: string): string | undefined {
    if (parsePosition(position) !== null) return undefined;
    return /^\s*\d+\s*$/.test(position) ? ui('form.minimum', { min: 1 }) : ui('form.integer');
  }

  const { formId, draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<ChildDraft, ChildBody>(
    () => ({ title: values?.title ?? '', text: values?.text ?? '', position: values?.position ? String(values.position) : '' }),
    {
      fields: CHILD_FIELDS,
      toBody: (d) => childBody(d, textField, withPosition),
      required: 'title',
      validate: ({ position }) => ({ position: withPosition ? positionError(position) : undefined }),
      onSubmit,
      fallback: t('actionError'),
      explain,
      onRefused,
      disabled,
    },
  );
  const content = textField === 'content';

  return (
    <form
      className="vk-form temary-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      data-testid={testId}
      onSubmit={handleSubmit}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId={testId ? `${testId}-errors` : 'child-errors'} />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('fields.title')} value={draft.title} maxLength={MAX_TITLE} required onChange={(title) => set({ title })} />
        {withPosition && (
          <InputField
            ctx={ctx}
            field="position"
            label={t('fields.position')}
            hint={t(values ? 'form.positionHint' : 'form.newPositionHint')}
            inputMode="numeric"
            value={draft.position}
            onChange={(position) => set({ position })}
          />
        )}
      </div>
      <Field form={formId} field={textField} label={t(`fields.${textField}`)} error={errors.errors[textField]} className="vk-field--wide">
        <textarea
          className="vk-input"
          rows={content ? 10 : 3}
          {...errors.control(textField)}
          value={draft.text}
          maxLength={content ? MAX_CONTENT : MAX_DESCRIPTION}
          disabled={ctx.disabled}
          onChange={(ev) => set({ text: ev.target.value })}
        />
      </Field>
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
