import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, MoveButtons, changedFields, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ClassStatus, ClassSummary, GroupDetail, GuidedApi, NewClass } from '../api';
import { isConflict, messagesOf, movedPosition, when } from '../format';
import { classPath } from '../paths';
import { ClassForm, classDraft, type ClassBody } from './ClassForm';
import { StatusBadge } from './Badges';

/**
 * A group's classes in order (from `clase/guiadagrupo/read`): each with its position, title (a
 * link to the class as the classroom sees it), day, time and minutes, status and resources;
 * "↑"/"↓" (`clase/guiada/update {id, position}`), "Editar" in place (title, day, time, minutes;
 * only what changed), "Marcar como impartida"/"Marcar como pendiente" (`status`), "Eliminar"
 * (asked first). "Nueva clase" at the end or at a position. After each change `onChanged` reads
 * the group again; the panel is busy until it has. A deleted group's classes are read only.
 */
export function ClassesPanel({ api, group, readOnly, onChanged }: { api: GuidedApi; group: GroupDetail; readOnly: boolean; onChanged(): Promise<void> }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const classes = group.classes;

  /** A change of the list: its refusal shown above it, then the group read again. */
  async function change(work: () => Promise<unknown>, done?: string) {
    setFailures([]);
    setBusy(true);
    try {
      await work();
      if (done) toast.success(done);
      await onChanged();
    } catch (failure) {
      setFailures(messagesOf(failure));
      if (isConflict(failure)) await onChanged();
    } finally {
      setBusy(false);
    }
  }

  async function remove(klass: ClassSummary) {
    const ok = await confirm({
      title: t('classes.delete.title'),
      message: t('classes.delete.question', { title: klass.title }),
      confirmLabel: t('delete'),
      tone: 'danger',
    });
    if (ok) await change(() => api.classes.remove(klass.id), t('classes.delete.done', { title: klass.title }));
  }

  const mark = (klass: ClassSummary, status: ClassStatus) =>
    change(() => api.classes.update(klass.id, { status }), t(`classes.mark.done.${status}`, { title: klass.title }));

  async function save(klass: ClassSummary, body: ClassBody) {
    const changes = changedFields(body, { title: klass.title, scheduled_on: klass.scheduled_on, starts_at: klass.starts_at, minutes: klass.minutes });
    if (Object.keys(changes).length === 0) {
      toast.info(t('noChanges'));
      setEditing(null);
      return;
    }
    await api.classes.update(klass.id, changes);
    toast.success(t('classes.saved', { title: body.title }));
    setEditing(null);
    await onChanged();
  }

  async function add(body: ClassBody) {
    const fields: NewClass = { group_id: group.id, title: body.title, minutes: body.minutes };
    if (body.scheduled_on) fields.scheduled_on = body.scheduled_on;
    if (body.starts_at) fields.starts_at = body.starts_at;
    if (body.summary) fields.summary = body.summary;
    if (body.position) fields.position = body.position;
    const created = await api.classes.create(fields);
    toast.success(t('classes.new.done', { title: created.title }));
    await onChanged();
  }

  return (
    <section className="card" aria-labelledby="guided-classes-title" aria-busy={busy} data-testid="classes-panel">
      <h2 id="guided-classes-title" className="card__title">
        {t('classes.title')}
      </h2>
      <ErrorList messages={failures} testId="classes-errors" />
      {classes.length === 0 ? (
        <p className="muted" data-testid="classes-empty">
          {t('classes.empty')}
        </p>
      ) : (
        <ol className="guided-order" aria-label={t('classes.title')}>
          {classes.map((klass, index) => {
            const at = when(klass.scheduled_on, klass.starts_at);
            const named = { title: klass.title };
            return (
              <li key={klass.id} className="guided-order__item" data-testid="class-item" data-class-id={klass.id} data-status={klass.status}>
                {editing === klass.id ? (
                  <ClassForm
                    initial={classDraft(klass)}
                    label={t('classes.editNamed', named)}
                    submitLabel={t('save')}
                    testId="class-edit-form"
                    onSubmit={(body) => save(klass, body)}
                    extra={
                      <button type="button" className="vk-btn vk-btn--light" data-testid="class-edit-cancel" onClick={() => setEditing(null)}>
                        {t('cancel')}
                      </button>
                    }
                  />
                ) : (
                  <div className="guided-order__row">
                    <span className="guided-order__position" data-testid="class-item-position">
                      {klass.position}
                    </span>
                    <div className="guided-order__main">
                      <Link to={classPath(klass.id, group.id)} data-testid="class-item-title">
                        {klass.title}
                      </Link>
                      <span className="muted" data-testid="class-item-when">
                        {[at || t('classes.noDate'), t('classes.minutes', { count: klass.minutes }), t('classes.resources', { count: klass.resources })].join(' · ')}
                      </span>
                    </div>
                    <StatusBadge status={klass.status} testId="class-item-status" />
                    {!readOnly && (
                      <div className="guided-actions">
                        <MoveButtons
                          index={index}
                          count={classes.length}
                          busy={busy}
                          upLabel={t('classes.moveUp', named)}
                          downLabel={t('classes.moveDown', named)}
                          testId="class-item"
                          onMove={(delta) => {
                            const position = movedPosition(klass.position, delta, classes.length);
                            if (position !== null) void change(() => api.classes.update(klass.id, { position }));
                          }}
                        />
                        {klass.status === 'pending' ? (
                          <button type="button" className="vk-btn vk-btn--light" data-testid="class-item-mark" aria-label={t('classes.mark.givenNamed', named)} disabled={busy} onClick={() => void mark(klass, 'given')}>
                            {t('classes.mark.given')}
                          </button>
                        ) : (
                          <button type="button" className="vk-btn vk-btn--light" data-testid="class-item-mark" aria-label={t('classes.mark.pendingNamed', named)} disabled={busy} onClick={() => void mark(klass, 'pending')}>
                            {t('classes.mark.pending')}
                          </button>
                        )}
                        <button
                          type="button"
                          className="vk-btn vk-btn--light"
                          data-testid="class-item-edit"
                          aria-label={t('classes.editNamed', named)}
                          disabled={busy}
                          onClick={() => {
                            setFailures([]);
                            setEditing(klass.id);
                          }}
                        >
                          {t('edit')}
                        </button>
                        <button type="button" className="vk-btn vk-btn--light" data-testid="class-item-delete" aria-label={t('classes.deleteNamed', named)} disabled={busy} onClick={() => void remove(klass)}>
                          {t('delete')}
                        </button>
                      </div>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && (
        <>
          <h3 className="guided-subtitle">{t('classes.new.title')}</h3>
          <ClassForm initial={classDraft()} withSummary withPosition label={t('classes.new.title')} submitLabel={t('classes.new.submit')} testId="class-new-form" resets onSubmit={add} />
        </>
      )}
    </section>
  );
}
