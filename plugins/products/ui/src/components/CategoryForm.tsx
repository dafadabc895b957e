import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, ImageField, InputField, NotesField, SelectField, SubmitActions, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Category, CategoryFields, CategoryStatus } from '../api';
import { CATEGORY_IMAGE_FOLDER, CATEGORY_STATUSES } from '../lists';

export const CATEGORY_FIELDS = ['name', 'description', 'status', 'thumbnail_file_id'] as const;

export interface CategoryDraft {
  name: string;
  description: string;
  status: CategoryStatus;
  thumbnail_file_id: number | null;
}

export function categoryDraft(category: Category | null): CategoryDraft {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    status: category?.status ?? 'publish',
    thumbnail_file_id: category?.thumbnail_file_id ?? null,
  };
}

/** The body to send, or null when the name is missing. */
export function categoryBody(draft: CategoryDraft): CategoryFields | null {
  const name = draft.name.trim();
  if (!name) return null;
  return { name, description: draft.description.trim(), status: draft.status, thumbnail_file_id: draft.thumbnail_file_id };
}

/**
 * A category's data: name (unique), description, status ("Pública": the web shop shows it, or
 * "Privada") and thumbnail (PNG or JPEG). The host's errors go under the field they name.
 */
export function CategoryForm({
  category,
  label,
  submitLabel,
  onSubmit,
  extra,
  disabled = false,
}: {
  category: Category | null;
  label: string;
  submitLabel: string;
  onSubmit(body: CategoryFields): Promise<unknown>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => categoryDraft(category), {
    fields: CATEGORY_FIELDS,
    toBody: categoryBody,
    required: 'name',
    onSubmit,
    fallback: t('actionError'),
    disabled,
  });

  return (
    <form
      className="vk-form products-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={handleSubmit}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="category-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="name" label={t('categories.fields.name')} value={draft.name} maxLength={100} required onChange={(name) => set({ name })} />
        <SelectField
          ctx={ctx}
          field="status"
          label={t('categories.fields.status')}
          value={draft.status}
          hint={t('categories.form.statusHint')}
          options={CATEGORY_STATUSES.map((s) => ({ value: s, label: t(`categoryStatus.${s}`) }))}
          onChange={(status) => set({ status: status as CategoryStatus })}
        />
      </div>
      <NotesField ctx={ctx} field="description" maxLength={2000} label={t('categories.fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      <ImageField ctx={ctx} field="thumbnail_file_id" label={t('categories.fields.thumbnail_file_id')} folder={CATEGORY_IMAGE_FOLDER} fileId={draft.thumbnail_file_id} onChange={(thumbnail_file_id) => set({ thumbnail_file_id })} />
      {!disabled && (
        <SubmitActions busy={busy} label={submitLabel}>
          {extra}
        </SubmitActions>
      )}
    </form>
  );
}
