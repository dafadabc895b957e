import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu, ErrorList, FilterSelect, FilteredList, formatDate, useConfirm, useCopy, useToast, type ActionsMenuProps, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Assignment, Content, FormativeApi } from '../api';
import { ASSIGNMENT_FILTERS } from '../lists';
import { formatPercent, messagesOf, period, withoutEmail } from '../format';
import { AssignmentBadge } from './Badges';
import { AssignDialog } from './AssignDialog';
import { AssignmentDialog } from './AssignmentDialog';
import { LessonsDialog } from './LessonsDialog';
import { ProgressBar } from './ProgressBar';

/**
 * "Alumnos" (`formative.content.assign`): the content's live assignments (`GET
 * formative/assignment/read?content_id=`) with a search (name or e-mail) and "Situación" (in
 * progress, not started, expired, completed): the student, the days of access, the share open,
 * the progress, the status and when 90 % was reached. Each row, on one line: "Lecciones" (the
 * assignment's lessons, done or not) and "Más" (the kit's `ActionsMenu`): "Editar" (days, share,
 * paused), "Pausar"/"Reanudar", "Copiar enlace" (the kit's `useCopy`) and "Abrir" (the student's
 * page, in a new tab) while it has a link, "Quitar" (asked first: the link is revoked). A deleted
 * content keeps only "Lecciones". "Asignar alumnos" (only a published content) and "Enviar los
 * enlaces por correo" (naming those without an address).
 */
export function StudentsTab({ api, content }: { api: FormativeApi; content: Content }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const copy = useCopy();
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

  /** A row's less used actions, under "Más"; the link's only while it has one. */
  function moreActions(a: Assignment): ActionsMenuProps['items'] {
    const { name, url } = a;
    return [
      { label: t('students.edit'), ariaLabel: t('students.editNamed', { name }), onSelect: () => setEditing(a) },
      a.state === 'inactive'
        ? { label: t('students.resume'), ariaLabel: t('students.resumeNamed', { name }), onSelect: () => void setPaused(a, false) }
        : { label: t('students.pause'), ariaLabel: t('students.pauseNamed', { name }), onSelect: () => void setPaused(a, true) },
      url ? { label: t('links.copy'), ariaLabel: t('links.copyNamed', { name }), onSelect: () => void copy(url, { name }) } : null,
      url ? { label: t('links.open'), ariaLabel: t('links.openNamed', { name }), href: url, newTab: true } : null,
      { label: t('students.delete.button'), ariaLabel: t('students.delete.named', { name }), onSelect: () => void revoke(a), danger: true },
    ];
  }

  const columns: Column<Assignment>[] = [
    {
      key: 'name',
      header: t('students.columns.name'),
      className: 'formative-student-cell',
      render: (a) => (
        <span className="formative-stack">
          <strong data-testid="student-name">{a.name}</strong>
          {a.email ? <span className="muted">{a.email}</span> : <span className="muted">{t('students.noEmail')}</span>}
        </span>
      ),
    },
    { key: 'period', header: t('students.columns.period'), render: (a) => <Period starts={a.starts_on} ends={a.ends_on} /> },
    { key: 'percentage', header: t('students.columns.percentage'), className: 'formative-num', render: (a) => formatPercent(a.percentage) },
    {
      key: 'progress',
      header: t('students.columns.progress'),
      className: 'formative-progress-cell',
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
          {live && <ActionsMenu name={a.name} testId="student-actions" items={moreActions(a)} />}
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

/** The days of access, "01/12/2026 – 28/02/2027": when the column is narrow, on two lines after the dash. */
function Period({ starts, ends }: { starts: string | null; ends: string | null }) {
  const text = period(starts, ends);
  const dash = text.indexOf(' – ');
  return (
    <span data-testid="student-period">
      {dash < 0 ? (
        text
      ) : (
        <>
          <span className="formative-nowrap">{text.slice(0, dash + 2)}</span> <span className="formative-nowrap">{text.slice(dash + 3)}</span>
        </>
      )}
    </span>
  );
}
