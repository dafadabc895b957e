import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, changedFields, formatDateTime, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ClassDetail, ClassStatus, GuidedApi } from '../api';
import { isConflict, messagesOf, when } from '../format';
import { classPath, groupPath } from '../paths';
import { ClassForm, classDraft } from './ClassForm';
import { StateBadge, StatusBadge } from './Badges';

/**
 * A class's head as the classroom sees it: its title, group (a link back), day, time and minutes,
 * status (and who gave it, when), what it is about; the previous and next classes of the group;
 * "Marcar como impartida" / "Marcar como pendiente" (`clase/guiada/update {id, status}`) and
 * "Editar la clase" (title, day, time, minutes, summary; only what changed). Read only when the
 * class or its group was deleted. `onChanged` shows the class a write answered.
 */
export function ClassHead({ api, klass, groupId, readOnly, onChanged, onRefresh }: { api: GuidedApi; klass: ClassDetail; groupId: number; readOnly: boolean; onChanged(klass: ClassDetail): void; onRefresh(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const at = when(klass.scheduled_on, klass.starts_at);

  async function mark(status: ClassStatus) {
    setFailures([]);
    setBusy(true);
    try {
      onChanged(await api.classes.update(klass.id, { status }));
      toast.success(t(`classes.mark.done.${status}`, { title: klass.title }));
    } catch (failure) {
      setFailures(messagesOf(failure));
      if (isConflict(failure)) onRefresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card guided-head" aria-busy={busy} data-testid="class-head" data-class-id={klass.id} data-status={klass.status}>
      <div className="guided-head__main">
        <p className="guided-inline">
          <Link to={groupPath(groupId)} data-testid="class-group">
            {t('classes.view.group', { name: klass.group.name })}
          </Link>
          <span className="vk-badge">{t('licenceNamed', { licence: klass.group.licence })}</span>
          <StateBadge state={klass.group.state} />
        </p>
        <h2 className="guided-head__title" data-testid="class-title">
          {t('classes.view.title', { position: klass.position, title: klass.title })}
        </h2>
        <p className="guided-inline">
          <StatusBadge status={klass.status} />
          <StateBadge state={klass.state} deletedLabel={t('states.deletedClass')} />
          <span data-testid="class-when">{[at || t('classes.noDate'), t('classes.minutes', { count: klass.minutes })].join(' · ')}</span>
        </p>
        {klass.status === 'given' && klass.given_at && (
          <p className="muted" data-testid="class-given">
            {klass.given_by_name ? t('classes.view.givenBy', { at: formatDateTime(klass.given_at), name: klass.given_by_name }) : t('classes.view.givenAt', { at: formatDateTime(klass.given_at) })}
          </p>
        )}
        {klass.summary && (
          <p className="guided-text" data-testid="class-summary">
            {klass.summary}
          </p>
        )}
      </div>
      <div className="guided-head__side">
        <nav className="guided-actions" aria-label={t('classes.view.neighbours')}>
          {klass.previous_id ? (
            <Link className="vk-btn vk-btn--light" to={classPath(klass.previous_id, groupId)} data-testid="class-previous">
              {t('classes.view.previous')}
            </Link>
          ) : null}
          {klass.next_id ? (
            <Link className="vk-btn vk-btn--light" to={classPath(klass.next_id, groupId)} data-testid="class-next">
              {t('classes.view.next')}
            </Link>
          ) : null}
        </nav>
        {!readOnly && (
          <div className="guided-actions">
            {klass.status === 'pending' ? (
              <button type="button" className="vk-btn vk-btn--primary" data-testid="class-mark" disabled={busy} onClick={() => void mark('given')}>
                {t('classes.mark.given')}
              </button>
            ) : (
              <button type="button" className="vk-btn vk-btn--light" data-testid="class-mark" disabled={busy} onClick={() => void mark('pending')}>
                {t('classes.mark.pending')}
              </button>
            )}
            <button type="button" className="vk-btn vk-btn--light" data-testid="class-edit" aria-expanded={editing} disabled={busy} onClick={() => setEditing((e) => !e)}>
              {t('classes.view.edit')}
            </button>
          </div>
        )}
      </div>
      <ErrorList messages={failures} testId="class-action-errors" />
      {editing && !readOnly && (
        <div className="guided-head__form">
          <ClassForm
            initial={classDraft(klass)}
            withSummary
            label={t('classes.view.edit')}
            submitLabel={t('save')}
            testId="class-form"
            extra={
              <button type="button" className="vk-btn vk-btn--light" data-testid="class-form-cancel" onClick={() => setEditing(false)}>
                {t('cancel')}
              </button>
            }
            onSubmit={async (body) => {
              const changes = changedFields(body, { title: klass.title, scheduled_on: klass.scheduled_on, starts_at: klass.starts_at, minutes: klass.minutes, summary: klass.summary ?? '' });
              if (Object.keys(changes).length === 0) {
                toast.info(t('noChanges'));
                setEditing(false);
                return;
              }
              try {
                onChanged(await api.classes.update(klass.id, changes));
              } catch (failure) {
                if (isConflict(failure)) onRefresh();
                throw failure;
              }
              toast.success(t('classes.saved', { title: body.title }));
              setEditing(false);
            }}
          />
        </div>
      )}
    </section>
  );
}
