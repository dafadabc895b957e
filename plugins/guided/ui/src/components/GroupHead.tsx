import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, FormMessages, InputField, SubmitActions, changedFields, useConfirm, useDraftForm, useLoad, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { GroupDetail, GuidedApi } from '../api';
import { isConflict, messagesOf, period } from '../format';
import { MAX_NAME } from '../lists';
import { GROUPS_PATH, groupPath } from '../paths';
import { GroupForm, groupAsSent } from './GroupForm';
import { StateBadge } from './Badges';
import { useBranches, useStaff } from './useHostLists';

type Open = 'edit' | 'copy' | null;

/**
 * A group's head: name, licence, state, its book (or "Sin libro"), branch, teacher, dates, how
 * many classes were given and its description. "Editar" opens its form (`clase/guiadagrupo/update`
 * with only what changed), "Copiar grupo" asks for the copy's name (`clon`; then the copy's
 * page), "Eliminar" asks first (`delete`; then the groups). A deleted group is read only.
 * `onSaved` shows the group an update answered; `onChanged` reads it again after a refusal.
 */
export function GroupHead({ api, group, onSaved, onChanged }: { api: GuidedApi; group: GroupDetail; onSaved(group: GroupDetail): void; onChanged(): Promise<void> }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const deleted = group.state === 'deleted';
  const dates = period(group.starts_on, group.ends_on);

  const toggle = (which: Open) => {
    setFailures([]);
    setOpen((current) => (current === which ? null : which));
  };

  async function remove() {
    const ok = await confirm({ title: t('groups.delete.title'), message: t('groups.delete.question', { name: group.name }), confirmLabel: t('delete'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    setBusy(true);
    try {
      await api.groups.remove(group.id);
      toast.success(t('groups.delete.done', { name: group.name }));
      navigate(GROUPS_PATH);
    } catch (failure) {
      setFailures(messagesOf(failure));
      setBusy(false);
      if (isConflict(failure)) await onChanged();
    }
  }

  return (
    <section className="card guided-head" aria-busy={busy} data-testid="group-head">
      <div className="guided-head__main">
        <h2 className="guided-head__title" data-testid="group-title">
          {group.name}
        </h2>
        <p className="guided-inline">
          <span className="vk-badge" data-testid="group-licence">
            {t('licenceNamed', { licence: group.licence })}
          </span>
          <StateBadge state={group.state} />
        </p>
        <dl className="guided-facts">
          <dt>{t('fields.book')}</dt>
          <dd data-testid="group-book">
            {group.book ? (
              <span className="guided-inline">
                {group.book.name || t('books.unnamed', { id: group.book.id })}
                <StateBadge state={group.book.state} />
              </span>
            ) : group.temary_id ? (
              t('groups.view.bookUnavailable')
            ) : (
              t('groups.form.noBook')
            )}
          </dd>
          <dt>{t('fields.branch')}</dt>
          <dd data-testid="group-branch">{group.branch || t('none')}</dd>
          <dt>{t('fields.teacher')}</dt>
          <dd data-testid="group-teacher">{group.teacher || t('groups.noTeacher')}</dd>
          <dt>{t('groups.view.dates')}</dt>
          <dd data-testid="group-dates">{dates || t('none')}</dd>
          <dt>{t('groups.view.progress')}</dt>
          <dd data-testid="group-progress">{t('groups.progress', { given: group.given, total: group.total })}</dd>
        </dl>
        {group.description && (
          <p className="guided-text" data-testid="group-description">
            {group.description}
          </p>
        )}
      </div>
      <div className="guided-actions">
        <Link className="vk-btn vk-btn--light" to={GROUPS_PATH} data-testid="group-back">
          {t('groups.back')}
        </Link>
        {!deleted && (
          <>
            <button type="button" className="vk-btn vk-btn--light" data-testid="group-edit" aria-expanded={open === 'edit'} disabled={busy} onClick={() => toggle('edit')}>
              {t('edit')}
            </button>
            <button type="button" className="vk-btn vk-btn--light" data-testid="group-copy" aria-expanded={open === 'copy'} disabled={busy} onClick={() => toggle('copy')}>
              {t('groups.copy.action')}
            </button>
            <button type="button" className="vk-btn vk-btn--danger" data-testid="group-delete" disabled={busy} onClick={() => void remove()}>
              {t('delete')}
            </button>
          </>
        )}
      </div>
      <ErrorList messages={failures} testId="group-action-errors" />
      {open === 'edit' && !deleted && (
        <div className="guided-head__form">
          <GroupEditor
            api={api}
            group={group}
            onCancel={() => setOpen(null)}
            onSaved={(saved) => {
              setOpen(null);
              onSaved(saved);
            }}
            onRefused={(failure) => void (isConflict(failure) && onChanged())}
          />
        </div>
      )}
      {open === 'copy' && !deleted && (
        <div className="guided-head__form">
          <CopyForm
            group={group}
            onCancel={() => setOpen(null)}
            onSubmit={async (name) => {
              const copy = await api.groups.copy(group.id, name || undefined);
              toast.success(t('groups.copy.done', { name: copy.name }));
              navigate(groupPath(copy.id));
            }}
          />
        </div>
      )}
    </section>
  );
}

/** The group's form with the lists it offers (books, branches, staff), read when it opens. */
function GroupEditor({ api, group, onCancel, onSaved, onRefused }: { api: GuidedApi; group: GroupDetail; onCancel(): void; onSaved(group: GroupDetail): void; onRefused(failure: unknown): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const books = useLoad(api.books.list);
  const branches = useBranches(api);
  const { staff } = useStaff(api);
  return (
    <GroupForm
      group={group}
      books={books.data}
      booksFailed={books.failed}
      branches={branches}
      staff={staff}
      label={t('groups.view.editTitle')}
      submitLabel={t('save')}
      testId="group-form"
      extra={
        <button type="button" className="vk-btn vk-btn--light" data-testid="group-form-cancel" onClick={onCancel}>
          {t('cancel')}
        </button>
      }
      onSubmit={async (body) => {
        const changes = changedFields(body, groupAsSent(group));
        if (Object.keys(changes).length === 0) {
          toast.info(t('noChanges'));
          onCancel();
          return;
        }
        try {
          const saved = await api.groups.update(group.id, changes);
          toast.success(t('groups.view.saved', { name: saved.name }));
          onSaved(saved);
        } catch (failure) {
          onRefused(failure);
          throw failure;
        }
      }}
    />
  );
}

/** "Copiar grupo": the copy's name (empty: "<name> (copia)", the host's default). */
function CopyForm({ group, onCancel, onSubmit }: { group: GroupDetail; onCancel(): void; onSubmit(name: string): Promise<unknown> }) {
  const { t } = useTranslation(NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ name: string }, string>(
    { name: '' },
    { fields: ['name'], toBody: (d) => d.name.trim(), onSubmit, fallback: t('saveError') },
  );
  return (
    <form className="vk-form guided-form" noValidate aria-label={t('groups.copy.title')} aria-busy={busy} data-testid="group-copy-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="group-copy-form-errors" />
      <p className="muted">{t('groups.copy.intro')}</p>
      <InputField ctx={ctx} field="name" label={t('groups.copy.name')} hint={t('groups.copy.nameHint', { name: t('groups.copy.defaultName', { name: group.name }) })} maxLength={MAX_NAME} value={draft.name} onChange={(name) => set({ name })} />
      <SubmitActions busy={busy} label={t('groups.copy.submit')}>
        <button type="button" className="vk-btn vk-btn--light" data-testid="group-copy-cancel" onClick={onCancel}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
