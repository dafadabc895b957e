import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, FormActions, FormMessages, InputField, PageState, UI_NAMESPACE, errorList, useConfirm, useFieldErrors, useToast, type FormContext, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AlarmGroup, AlarmsApi } from '../api';
import { DEFAULT_COLOR, MAX_GROUP_NAME } from '../lists';
import { charCount, safeColor } from '../format';
import { GroupLabel } from './GroupLabel';

export const GROUP_FIELDS = ['name', 'color'] as const;

/**
 * The alarm groups (`GET alarma/group/read`) beside the alarms: each with its colour and
 * "Eliminar" (asked first, saying its alarms stay, without a group: `alarma/group/delete`), and
 * "Nuevo grupo" (`alarma/group/create {name, color}`; the host's field errors under their
 * field). `onChanged` hears of a group created or deleted (`deleted`: its id).
 */
export function GroupsPanel({ api, groups, onChanged }: { api: AlarmsApi; groups: Loaded<AlarmGroup[]>; onChanged(deleted?: number): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, GROUP_FIELDS);
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const ctx: FormContext = { formId, errors, disabled: busy };

  async function create(event: FormEvent) {
    event.preventDefault();
    errors.reset();
    const trimmed = name.trim();
    if (!trimmed) {
      errors.setErrors({ name: ui('form.required') });
      return;
    }
    if (charCount(trimmed) > MAX_GROUP_NAME) {
      errors.setErrors({ name: t('form.maxLength', { count: MAX_GROUP_NAME }) });
      return;
    }
    setBusy(true);
    try {
      const created = await api.groups.create({ name: trimmed, color });
      toast.success(t('groups.created', { name: created.name }));
      setName('');
      setColor(DEFAULT_COLOR);
      groups.reload();
      onChanged();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(group: AlarmGroup) {
    const ok = await confirm({
      title: t('groups.delete.title'),
      message: t('groups.delete.question', { name: group.name }),
      confirmLabel: t('groups.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.groups.remove(group.id);
      toast.success(t('groups.delete.done', { name: group.name }));
      groups.reload();
      onChanged(group.id);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  return (
    <section className="card alarms-groups" aria-labelledby={`${formId}-title`} data-testid="groups-panel">
      <h2 id={`${formId}-title`} className="card__title">
        {t('groups.title')}
      </h2>
      <ErrorList messages={failures} testId="group-action-errors" />
      {groups.data ? (
        groups.data.length ? (
          <ul className="alarms-groups__list" aria-label={t('groups.title')}>
            {groups.data.map((g) => (
              <li key={g.id} className="alarms-groups__item" data-testid="group">
                <GroupLabel group={g} />
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('groups.delete.named', { name: g.name })} onClick={() => void remove(g)}>
                  {t('groups.delete.action')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('groups.none')}</p>
        )
      ) : (
        <PageState error={groups.failed} onRetry={groups.reload} />
      )}
      <form className="vk-form" noValidate onSubmit={create} aria-label={t('groups.new')} aria-busy={busy}>
        <h3 className="alarms-subtitle">{t('groups.new')}</h3>
        <FormMessages errors={errors.errors} general={errors.general} testId="group-errors" />
        <InputField ctx={ctx} field="name" label={t('groups.fields.name')} required maxLength={MAX_GROUP_NAME} value={name} onChange={setName} />
        <Field form={formId} field="color" label={t('groups.fields.color')} error={errors.errors.color}>
          <input type="color" className="alarms-color" {...errors.control('color')} value={safeColor(color) ?? safeColor(DEFAULT_COLOR)!} disabled={busy} onChange={(ev) => setColor(ev.target.value)} />
        </Field>
        <FormActions>
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
            {busy ? ui('form.saving') : t('groups.create')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}
