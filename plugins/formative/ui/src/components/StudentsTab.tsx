import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FilterSelect, FilteredList, formatDate, useConfirm, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Assignment, Content, FormativeApi } from '../api';
import { ASSIGNMENT_FILTERS } from '../lists';
import { formatPercent, messagesOf, period, withoutEmail } from '../format';
import { AssignmentBadge } from './Badges';
import { AssignDialog } from './AssignDialog';
import { AssignmentDialog } from './AssignmentDialog';
import { CopyLink } from './CopyLink';
import { LessonsDialog } from './LessonsDialog';
import { ProgressBar } from './ProgressBar';

/**
 * "Alumnos" (`formative.content.assign`): the content's live assignments (`GET
 * formative/assignment/read?content_id=`) with a search (name or e-mail) and "Situación" (in
 * progress, not started, expired, completed): the student, the days of access, the share open,
 * the progress, the status and when 90 % was reached. Each row: "Lecciones" (the assignment's
 * lessons, done or not), "Editar" (days, share, paused), "Pausar"/"Reanudar", the link ("Copiar"),
 * "Quitar" (asked first: the link is revoked). "Asignar alumnos" (only a published content) and
 * "Enviar los enlaces por correo" (naming those without an address).
 */
export function StudentsTab({ api, content }: { api: FormativeApi; content: Content }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(0);
  const [assigning, setAssigning] = useState(false);
  const [editing, setEditing] = useState<Assignment | null>(null);
  const [viewing, setViewing] = useState<Assignment | null>(null);
  const [sending, setSending] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const live = content.state !== 'deleted';
  // the host assigns only a live (not deleted), published content
  const assignable = live && content.status === 'publish';
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  const load = useCallback((q: ListQuery) => api.assignments.list({ content_id: content.id, search: q.search, status, page: q.page, per_page: q.perPage }), [api, content.id, status]);

  /** What a write answered about the students without an address. */
  function tellWithoutEmail(names: string[]) {
    setNotice(names.length ? t('students.withoutEmail', { names: names.join(', ') }) : null);
  }

  async function sendLinks() {
    setSending(true);
    setFailures([]);
    setNotice(null);
    try {
      const answer = await api.assignments.send(content.id);
      toast.success(t('students.sent', { count: answer.sent }));
      tellWithoutEmail(withoutEmail(answer.without_email));
    } catch (failure) {
      setFailures(messagesOf(failure));
    } finally {
      setSending(false);
    }
  }

  async function setPaused(a: Assignment, paused: boolean) {
    setFailures([]);
    try {
      await api.assignments.update(a.id, { state: paused ? 'inactive' : 'active' });
      toast.success(t(paused ? 'students.paused' : 'students.resumed', { name: a.name }));
      refresh();
    } catch (failure) {
      setFailures(messagesOf(failure));
    }
  }

  async function revoke(a: Assignment) {
    const ok = await confirm({
      title: t('students.delete.title'),
      message: t('students.delete.question', { name: a.name, content: content.name }),
      confirmLabel: t('students.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    try {
      await api.assignments.remove(a.id);
      toast.success(t('students.delete.done', { name: a.name }));
      refresh();
    } catch (failure) {
      setFailures(messagesOf(failure));
    }
  }

  const columns: Column<Assignment>[] = [
    {
      key: 'name',
      header: t('students.columns.name'),
      render: (a) => (
        <span className="formative-stack">
          <strong data-testid="student-name">{a.name}</strong>
          {a.email ? <span className="muted">{a.email}</span> : <span className="muted">{t('students.noEmail')}</span>}
        </span>
      ),
    },
    { key: 'period', header: t('students.columns.period'), className: 'formative-nowrap', render: (a) => <span data-testid="student-period">{period(a.starts_on, a.ends_on)}</span> },
    { key: 'percentage', header: t('students.columns.percentage'), className: 'formative-num', render: (a) => formatPercent(a.percentage) },
    {
      key: 'progress',
      header: t('students.columns.progress'),
      render: (a) => <ProgressBar value={a.progress} label={t('students.progressOf', { name: a.name })} detail={t('progress.lessons', { done: a.done, total: a.total })} />,
    },
    { key: 'status', header: t('students.columns.status'), render: (a) => <AssignmentBadge status={a.status} /> },
    { key: 'reached_90_at', header: t('students.columns.reached_90_at'), className: 'formative-nowrap', render: (a) => formatDate(a.reached_90_at) || t('none') },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'formative-row-actions',
      render: (a) => (
        <span className="formative-actions">
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('students.lessonsNamed', { name: a.name })} onClick={() => setViewing(a)}>
            {t('students.lessons')}
          </button>
          {live && (
            <>
              <button type="button" className="vk-btn vk-btn--light" aria-label={t('students.editNamed', { name: a.name })} onClick={() => setEditing(a)}>
                {t('students.edit')}
              </button>
              {a.state === 'inactive' ? (
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('students.resumeNamed', { name: a.name })} onClick={() => void setPaused(a, false)}>
                  {t('students.resume')}
                </button>
              ) : (
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('students.pauseNamed', { name: a.name })} onClick={() => void setPaused(a, true)}>
                  {t('students.pause')}
                </button>
              )}
              <CopyLink url={a.url} name={a.name} />
              <button type="button" className="vk-btn vk-btn--danger" aria-label={t('students.delete.named', { name: a.name })} onClick={() => void revoke(a)}>
                {t('students.delete.button')}
              </button>
            </>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="formative-tab" data-testid="students-tab">
      {!assignable && live && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="not-assignable">
          {t('students.notPublished')}
        </p>
      )}
      <ErrorList messages={failures} testId="students-errors" />
      {notice && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="without-email">
          {notice}
        </p>
      )}
      <FilteredList<Assignment>
        label={t('students.table')}
        columns={columns}
        rowKey={(a) => a.id}
        load={load}
        filtersKey={status}
        refreshKey={version}
        searchPlaceholder={t('students.search')}
        empty={t('students.empty')}
        filters={
          <FilterSelect
            label={t('students.filters.status')}
            value={status}
            options={ASSIGNMENT_FILTERS.map((s) => ({ value: s, label: t(`students.filters.statuses.${s || 'any'}`) }))}
            onChange={setStatus}
          />
        }
        actions={
          live && (
            <>
              <button type="button" className="vk-btn vk-btn--outline" disabled={sending} onClick={() => void sendLinks()} data-testid="send-links">
                {sending ? t('students.sending') : t('students.send')}
              </button>
              <button type="button" className="vk-btn vk-btn--primary" disabled={!assignable} onClick={() => setAssigning(true)}>
                {t('students.assign')}
              </button>
            </>
          )
        }
      />
      {assigning && (
        <AssignDialog
          api={api}
          content={content}
          onClose={() => setAssigning(false)}
          onAssigned={(answer, sent) => {
            setAssigning(false);
            setFailures([]);
            toast.success(sent ? t('assign.doneSent', { count: answer.items.length, sent: answer.sent }) : t('assign.done', { count: answer.items.length }));
            tellWithoutEmail(sent ? withoutEmail(answer.without_email) : []);
            refresh();
          }}
        />
      )}
      {editing && (
        <AssignmentDialog
          api={api}
          assignment={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            toast.success(t('edit.saved', { name: saved.name }));
            refresh();
          }}
        />
      )}
      {viewing && <LessonsDialog api={api} assignment={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
