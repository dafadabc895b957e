import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Field, FormMessages, PageState, UI_NAMESPACE, errorList, useConfirm, useFieldErrors, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CoursesApi, Group } from '../api';
import type { Loaded } from '@volante/plugin-ui';

/**
 * The kind's groups (`<prefix>group/read`): name, description and number of courses; a new group
 * (`<prefix>group/create`, the name unique in the kind) and deleting one (`<prefix>group/delete`,
 * confirmed: its courses are left without a group). `onChanged` after each change.
 */
export function GroupsPanel({ api, groups, onChanged, onClose }: { api: CoursesApi; groups: Loaded<Group[]>; onChanged(): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();

  async function remove(group: Group) {
    const ok = await confirm({
      title: t('groups.deleteTitle'),
      message: [t('groups.deleteQuestion', { name: group.name }), t('groups.deleteCourses', { count: group.courses })].join(' '),
      confirmLabel: t('groups.delete'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await api.groups.remove(group.id);
      toast.success(t('groups.deleted', { name: group.name }));
      onChanged();
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    }
  }

  const columns: Column<Group>[] = [
    { key: 'name', header: t('groups.columns.name'), render: (g) => <span data-testid="group-name">{g.name}</span> },
    { key: 'description', header: t('groups.columns.description') },
    { key: 'courses', header: t('groups.columns.courses'), className: 'courses-num', render: (g) => String(g.courses) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (g) => (
        <button type="button" className="vk-btn vk-btn--light" aria-label={t('groups.deleteNamed', { name: g.name })} onClick={() => void remove(g)}>
          {t('groups.delete')}
        </button>
      ),
    },
  ];

  return (
    <section className="card courses-section" aria-labelledby="courses-groups-title" data-testid="groups-panel">
      <div className="courses-section__head">
        <h2 id="courses-groups-title" className="card__title">
          {t('groups.title')}
        </h2>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('groups.close')}
        </button>
      </div>
      {groups.data ? (
        <DataTable<Group> label={t('groups.table')} columns={columns} rows={groups.data} rowKey={(g) => g.id} empty={t('groups.empty')} />
      ) : (
        <PageState error={groups.failed} onRetry={groups.reload} />
      )}
      <GroupCreateForm api={api} onCreated={onChanged} />
    </section>
  );
}

function GroupCreateForm({ api, onCreated }: { api: CoursesApi; onCreated(group: Group): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, ['name', 'description']);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    errors.reset();
    if (!name.trim()) {
      errors.setErrors({ name: ui('form.required') });
      return;
    }
    setBusy(true);
    try {
      const group = await api.groups.create(name.trim(), description.trim());
      toast.success(t('groups.created', { name: group.name }));
      setName('');
      setDescription('');
      onCreated(group);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form courses-inline-form"
      aria-label={t('groups.new')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="group-errors" />
      <Field form={formId} field="name" label={t('groups.name')} error={errors.errors.name} required>
        <input className="vk-input" {...errors.control('name')} value={name} maxLength={100} autoComplete="off" disabled={busy} onChange={(ev) => setName(ev.target.value)} />
      </Field>
      <Field form={formId} field="description" label={t('groups.description')} error={errors.errors.description}>
        <input className="vk-input" {...errors.control('description')} value={description} maxLength={500} autoComplete="off" disabled={busy} onChange={(ev) => setDescription(ev.target.value)} />
      </Field>
      <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
        {busy ? ui('form.saving') : t('groups.create')}
      </button>
    </form>
  );
}
