import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, NotesField, SelectField, SubmitActions, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Temary, TemaryFields, TemaryStatus } from '../api';
import { useExplain } from '../actions';
import { MAX_CATEGORY, MAX_DESCRIPTION, MAX_NAME, STATUSES } from '../lists';

export const TEMARY_FIELDS = ['name', 'description', 'category', 'status'] as const;

export interface TemaryDraft {
  name: string;
  description: string;
  category: string;
  status: TemaryStatus;
}

export function temaryDraft(temary: Temary | null): TemaryDraft {
  return {
    name: temary?.name ?? '',
    description: temary?.description ?? '',
    category: temary?.category ?? '',
    status: temary?.status ?? 'developing',
  };
}

/** The body to send (text trimmed), or null when the name is missing. */
export function temaryBody(draft: TemaryDraft): TemaryFields | null {
  const name = draft.name.trim();
  if (!name) return null;
  return { name, description: draft.description.trim(), category: draft.category.trim(), status: draft.status };
}

/**
 * A syllabus's data: name (required), category (what it prepares for, free text), description
 * and, for a new one, its status ("Desarrollo" or "Publicado"; a saved one changes it with
 * "Publicar" / "Pasar a desarrollo"). The host's errors go under the field they name.
 */
export function TemaryForm({
  temary,
  label,
  submitLabel,
  onSubmit,
  onRefused,
  withStatus = false,
  extra,
  disabled = false,
}: {
  temary: Temary | null;
  label: string;
  submitLabel: string;
  /** The body with every field shown (the page sends what it needs of it). */
  onSubmit(body: TemaryFields): Promise<unknown>;
  /** The host refused (the page reads the syllabus again after a conflict). */
  onRefused?(failure: unknown): void;
  withStatus?: boolean;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const explain = useExplain();
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => temaryDraft(temary), {
    fields: TEMARY_FIELDS,
    toBody: temaryBody,
    required: 'name',
    onSubmit,
    fallback: t('actionError'),
    explain,
    onRefused,
    disabled,
  });

  return (
    <form
      className="vk-form temary-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={handleSubmit}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="temary-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="name" label={t('fields.name')} value={draft.name} maxLength={MAX_NAME} required onChange={(name) => set({ name })} />
        <InputField ctx={ctx} field="category" label={t('fields.category')} hint={t('form.categoryHint')} value={draft.category} maxLength={MAX_CATEGORY} onChange={(category) => set({ category })} />
        {withStatus && (
          <SelectField
            ctx={ctx}
            field="status"
            label={t('fields.status')}
            value={draft.status}
            options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(status) => set({ status: status as TemaryStatus })}
          />
        )}
      </div>
      <NotesField ctx={ctx} field="description" maxLength={MAX_DESCRIPTION} label={t('fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
