import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, Field, FormActions, FormMessages, InputField, PageState, UI_NAMESPACE, errorList, useConfirm, useFieldErrors, useToast, type FormContext, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Group, NotesApi } from '../api';
import { DEFAULT_COLOR, MAX_GROUP_NAME } from '../lists';
import { fullHex, refusalText } from '../format';
import { GroupChip } from './Badges';

export const GROUP_FIELDS = ['name', 'color'] as const;

/**
 * The notebooks' groups (`GET note/document/group/read`) beside the list: each as its chip with
 * how many notebooks it has and "Eliminar" (asked first, saying its notebooks stay, without a
 * group: `note/document/group/delete`), and "Nuevo grupo" (`note/document/group/create`: name
 * and colour; the host's field errors under their field). `onDeleted` hears of a deleted group
 * (its notebooks lost it).
 */
export function GroupsPanel({ api, groups, onDeleted }: { api: NotesApi; groups: Loaded<Group[]>; onDeleted(id: number): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, GROUP_FIELDS);
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [noColor, setNoColor] = useState(false);
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
    setBusy(true);
    try {
      const created = await api.groups.create({ name: trimmed, color: noColor ? '' : color });
      toast.success(t('groups.created', { name: created.name }));
      setName('');
      groups.reload();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(group: Group) {
    const ok = await confirm({
      title: t('groups.delete.title'),
      message: t('groups.delete.question', { name: group.name }),
      confirmLabel: t('groups.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      const deleted = await api.groups.remove(group.id);
      toast.success(deleted.documents_released > 0 ? t('groups.delete.released', { name: group.name, count: deleted.documents_released }) : t('groups.delete.done', { name: group.name }));
      groups.reload();
      onDeleted(group.id);
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    }
  }

  return (
    <section className="card notes-groups" aria-labelledby={`${formId}-title`} data-testid="groups-panel">
      <h2 id={`${formId}-title`} className="card__title">
        {t('groups.title')}
      </h2>
      <ErrorList messages={failures} testId="group-action-errors" />
      {groups.data ? (
        groups.data.length ? (
          <ul className="notes-groups__list" aria-label={t('groups.title')}>
            {groups.data.map((g) => (
              <li key={g.id} className="notes-groups__item" data-testid="group">
                <span className="notes-inline">
                  <GroupChip name={g.name} color={g.color} />
                  <span className="muted" data-testid="group-documents">
                    {t('groups.documents', { count: g.documents })}
                  </span>
                </span>
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
        <h3 className="notes-subtitle">{t('groups.new')}</h3>
        <FormMessages errors={errors.errors} general={errors.general} testId="group-errors" />
        <InputField ctx={ctx} field="name" label={t('groups.fields.name')} required maxLength={MAX_GROUP_NAME} value={name} onChange={setName} />
        <Field form={formId} field="color" label={t('groups.fields.color')} error={errors.errors.color}>
          <span className="notes-inline">
            <input type="color" className="notes-color" {...errors.control('color')} value={fullHex(color) ?? DEFAULT_COLOR} disabled={busy || noColor} onChange={(ev) => setColor(ev.target.value)} />
            <label className="vk-check">
              <input type="checkbox" checked={noColor} disabled={busy} onChange={(ev) => setNoColor(ev.target.checked)} />
              {t('groups.noColor')}
            </label>
          </span>
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
