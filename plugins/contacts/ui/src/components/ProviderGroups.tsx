import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormMessages, InputField, PageState, errorList, useConfirm, useFieldErrors, useToast, type ListPage, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ContactDetail, ContactGroup, ProvidersApi } from '../api';

const GROUP_FIELDS = ['name', 'description'] as const;

/**
 * The suppliers' groups (`provider/group/read`) beside the suppliers' list: each with its members
 * and "Eliminar" (asked first, `provider/group/delete`), and a form to create one
 * (`provider/group/create`: name, description; the host's field errors under their field).
 */
export function ProviderGroupsPanel({ api, groups, onDeleted }: { api: ProvidersApi; groups: Loaded<ListPage<ContactGroup>>; onDeleted(id: number): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, GROUP_FIELDS);
  const [draft, setDraft] = useState({ name: '', description: '' });
  const [busy, setBusy] = useState(false);
  const ctx = { formId, errors, disabled: busy };

  async function create(event: FormEvent) {
    event.preventDefault();
    errors.reset();
    const name = draft.name.trim();
    if (!name) {
      errors.setErrors({ name: t('providers.groups.nameRequired') });
      return;
    }
    setBusy(true);
    try {
      const created = await api.createGroup({ name, description: draft.description.trim() });
      toast.success(t('providers.groups.created', { name: created.name }));
      setDraft({ name: '', description: '' });
      groups.reload();
    } catch (e) {
      errors.fail(e, t('view.actionError'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(group: ContactGroup) {
    const ok = await confirm({ message: t('providers.groups.deleteQuestion', { name: group.name }), confirmLabel: t('providers.groups.delete'), tone: 'danger' });
    if (!ok) return;
    try {
      await api.removeGroup(group.id);
      toast.success(t('providers.groups.deleted', { name: group.name }));
      groups.reload();
      onDeleted(group.id);
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('view.actionError'));
    }
  }

  return (
    <section className="card provider-groups" aria-labelledby={`${formId}-title`} data-testid="provider-groups">
      <h2 id={`${formId}-title`} className="card__title">
        {t('providers.groups.title')}
      </h2>
      {groups.data ? (
        groups.data.items.length ? (
          <ul className="provider-groups__list">
            {groups.data.items.map((g) => (
              <li key={g.id} className="provider-groups__item">
                <span>
                  <strong>{g.name}</strong> <span className="muted">{t('providers.groups.members', { count: g.members })}</span>
                </span>
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('providers.groups.deleteNamed', { name: g.name })} onClick={() => void remove(g)}>
                  {t('providers.groups.delete')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('providers.groups.none')}</p>
        )
      ) : (
        <PageState error={groups.failed} onRetry={groups.reload} />
      )}
      <form className="vk-form" noValidate onSubmit={create} aria-label={t('providers.groups.new')}>
        <FormMessages errors={errors.errors} general={errors.general} testId="group-errors" />
        <div className="vk-form__grid">
          <InputField ctx={ctx} field="name" label={t('providers.groups.name')} required maxLength={100} value={draft.name} onChange={(name) => setDraft((d) => ({ ...d, name }))} />
          <InputField ctx={ctx} field="description" label={t('providers.groups.description')} value={draft.description} onChange={(description) => setDraft((d) => ({ ...d, description }))} />
        </div>
        <FormActions>
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
            {t('providers.groups.create')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}

/**
 * A supplier's groups on its card: "Quitar" from a suppliers' group
 * (`provider/group/settings/remove`) and "Añadir" to another (`…/add`), both `{group_id, contact_id}`.
 * `groups` are the suppliers' groups; a group of the supplier that is not one of them (a clients'
 * group may hold any contact) is shown without "Quitar". `onChanged` gets the supplier's new groups.
 */
export function ProviderGroupsCard({
  api,
  provider,
  groups,
  disabled,
  onChanged,
}: {
  api: ProvidersApi;
  provider: ContactDetail;
  groups: ContactGroup[] | null;
  disabled?: boolean;
  onChanged(groups: ContactDetail['groups']): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const own = new Set((groups ?? []).map((g) => g.id));
  const member = new Set(provider.groups.map((g) => g.id));
  const available = (groups ?? []).filter((g) => !member.has(g.id));

  async function change(run: () => Promise<unknown>, next: ContactDetail['groups'], done: string) {
    setBusy(true);
    try {
      await run();
      toast.success(done);
      onChanged(next);
      setChosen('');
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('view.actionError'));
    } finally {
      setBusy(false);
    }
  }

  function add() {
    const group = available.find((g) => String(g.id) === chosen);
    if (!group) return;
    const next = [...provider.groups, { id: group.id, name: group.name }].sort((a, b) => a.name.localeCompare(b.name, 'es'));
    void change(() => api.addToGroup(group.id, provider.id), next, t('providers.groups.added', { name: group.name }));
  }

  function remove(group: { id: number; name: string }) {
    void change(() => api.removeFromGroup(group.id, provider.id), provider.groups.filter((g) => g.id !== group.id), t('providers.groups.removed', { name: group.name }));
  }

  return (
    <section className="card" data-testid="provider-groups-card">
      <h2 className="card__title">{t('view.groups')}</h2>
      {provider.groups.length ? (
        <ul className="provider-groups__list">
          {provider.groups.map((g) => (
            <li key={g.id} className="provider-groups__item">
              <span>{g.name}</span>
              {own.has(g.id) && !disabled && (
                <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('providers.groups.removeNamed', { name: g.name })} onClick={() => remove(g)}>
                  {t('providers.groups.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('view.noGroups')}</p>
      )}
      {!disabled && available.length > 0 && (
        <div className="provider-groups__add">
          <label className="vk-label" htmlFor={selectId}>
            {t('providers.groups.addTo')}
          </label>
          <select id={selectId} className="vk-input" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{t('providers.groups.choose')}</option>
            {available.map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name}
              </option>
            ))}
          </select>
          <button type="button" className="vk-btn vk-btn--primary" disabled={!chosen || busy} onClick={add}>
            {t('providers.groups.add')}
          </button>
        </div>
      )}
    </section>
  );
}
