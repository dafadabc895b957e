import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FormActions, FormMessages, InputField, PageState, UI_NAMESPACE, errorList, useConfirm, useFieldErrors, useToast, type FormContext, type Loaded } from '@volante/plugin-ui';

/** A group as the panel shows it: its name and how many things are in it. */
export interface PanelGroup {
  group_id: number;
  name: string;
  count: number;
}

const GROUP_FIELDS = ['name'] as const;

export interface GroupsPanelProps {
  /** The panel's heading ("Grupos de notificaciones"). */
  title: string;
  groups: Loaded<PanelGroup[]>;
  /** "{{count}} notificaciones" for a group. */
  countLabel(group: PanelGroup): string;
  /** What the confirm dialog says happens to the group's contents. */
  deleteMessage(group: PanelGroup): string;
  create(name: string): Promise<unknown>;
  remove(groupId: number): Promise<unknown>;
  /** A group was created, or deleted (`deleted`: its id). */
  onChanged(deleted?: number): void;
  testId: string;
}

/**
 * The provider's groups beside a list: each with its count and "Eliminar" (asked first; a refusal,
 * e.g. CONFLICT-000, is shown above the list), and a form to create one by name (the host's field
 * errors, e.g. a duplicate name, under the field).
 */
export function GroupsPanel({ title, groups, countLabel, deleteMessage, create, remove, onChanged, testId }: GroupsPanelProps) {
  const { t } = useTranslation();
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, GROUP_FIELDS);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const ctx: FormContext = { formId, errors, disabled: busy };

  async function submit(event: FormEvent) {
    event.preventDefault();
    errors.reset();
    setFailures([]);
    const trimmed = name.trim();
    if (!trimmed) {
      errors.setErrors({ name: ui('form.required') });
      return;
    }
    setBusy(true);
    try {
      await create(trimmed);
      toast.success(t('provider.groups.created', { name: trimmed }));
      setName('');
      groups.reload();
      onChanged();
    } catch (failure) {
      errors.fail(failure, t('provider.groups.createError'));
    } finally {
      setBusy(false);
    }
  }

  async function drop(group: PanelGroup) {
    const ok = await confirm({
      title: t('provider.groups.deleteTitle', { name: group.name }),
      message: deleteMessage(group),
      confirmLabel: t('provider.groups.delete'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    setBusy(true);
    try {
      await remove(group.group_id);
      toast.success(t('provider.groups.deleted', { name: group.name }));
      groups.reload();
      onChanged(group.group_id);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || t('provider.groups.deleteError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card groups-panel" aria-labelledby={`${formId}-title`} data-testid={testId}>
      <h2 id={`${formId}-title`} className="card__title">
        {title}
      </h2>
      <ErrorList messages={failures} testId={`${testId}-errors`} />
      {groups.data ? (
        groups.data.length > 0 ? (
          <ul className="groups-panel__list" aria-label={title}>
            {groups.data.map((group) => (
              <li key={group.group_id} className="groups-panel__item">
                <span>
                  <strong>{group.name}</strong> <small className="muted">{countLabel(group)}</small>
                </span>
                <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('provider.groups.deleteFor', { name: group.name })} onClick={() => void drop(group)}>
                  {t('provider.groups.delete')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('provider.groups.none')}</p>
        )
      ) : (
        <PageState error={groups.failed} onRetry={groups.reload} />
      )}
      <form className="vk-form groups-panel__form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('provider.groups.new')} aria-busy={busy}>
        <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-form-errors`} />
        <InputField ctx={ctx} field="name" label={t('provider.groups.name')} required value={name} onChange={setName} />
        <FormActions>
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
            {t('provider.groups.create')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}
