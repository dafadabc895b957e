import { useTranslation } from 'react-i18next';
import { CheckListField, FormActions, FormMessages, InputField, UI_NAMESPACE, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ChatApi, GroupCreate } from '../api';
import { GROUP_EMPLOYEES_MAX, GROUP_NAME_MAX } from '../lists';
import { GroupImageField } from './GroupImageField';

/** The fields of a group's form (the host's errors naming one go under it). */
export const GROUP_FIELDS = ['name', 'employees', 'image_file_id'] as const;

export interface GroupDraft {
  name: string;
  employees: string[];
  image_file_id: number | null;
}

/** The body of a draft, or null when it has no name. */
export function groupBody(draft: GroupDraft): GroupCreate | null {
  const name = draft.name.trim();
  if (!name) return null;
  return { name, image_file_id: draft.image_file_id, employees: draft.employees.map(Number) };
}

/**
 * A group's form: its name (1 to 100 characters), the employees to invite (a new group: `employees`
 * given, from `chat/all`), and its image. Checked here before sending; the host's errors go
 * under their field.
 */
export function GroupForm({
  api,
  title,
  submitLabel,
  initial,
  employees,
  onSubmit,
  onCancel,
}: {
  api: ChatApi;
  title: string;
  submitLabel: string;
  initial?: { name: string; image_file_id: number | null };
  /** The employees who may be invited; null: the form has no such field (renaming). */
  employees: { value: string; label: string }[] | null;
  onSubmit(body: GroupCreate): Promise<unknown>;
  onCancel(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, ctx, busy, errors, handleSubmit } = useDraftForm<GroupDraft, GroupCreate>(
    { name: initial?.name ?? '', employees: [], image_file_id: initial?.image_file_id ?? null },
    {
      fields: GROUP_FIELDS,
      toBody: groupBody,
      required: 'name',
      validate: (d) => ({
        name: d.name.trim().length > GROUP_NAME_MAX ? ui('form.maxLength', { count: GROUP_NAME_MAX }) : undefined,
        employees: d.employees.length > GROUP_EMPLOYEES_MAX ? t('groups.form.tooMany', { count: GROUP_EMPLOYEES_MAX }) : undefined,
      }),
      onSubmit,
      fallback: t('groups.form.failed'),
    },
  );

  return (
    <form className="vk-form chat-group-form" aria-label={title} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="group-form-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="name" label={t('groups.form.name')} value={draft.name} onChange={(name) => set({ name })} required maxLength={GROUP_NAME_MAX} />
        {employees && (
          <CheckListField
            ctx={ctx}
            field="employees"
            label={t('groups.form.employees')}
            options={employees}
            value={draft.employees}
            onChange={(chosen) => set({ employees: chosen })}
            empty={t('groups.form.noEmployees')}
          />
        )}
        <GroupImageField ctx={ctx} api={api} fileId={draft.image_file_id} onChange={(image_file_id) => set({ image_file_id })} />
      </div>
      <FormActions>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
          {busy ? ui('form.saving') : submitLabel}
        </button>
        <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={onCancel}>
          {t('cancel')}
        </button>
      </FormActions>
    </form>
  );
}
