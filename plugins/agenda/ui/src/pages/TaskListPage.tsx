import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, FilterSelect, FilteredList, errorList, formatDate, useApi, useConfirm, usePageLayout, useSession, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { agendaApi, type Task } from '../api';
import { CHECKED_OF, PRIORITIES, TASK_STATUSES, type TaskStatus } from '../lists';
import { changedFields, withoutNulls } from '../format';
import { useStaff, type Named } from '../useStaff';
import { TaskForm } from '../components/TaskForm';
import { OverdueBadge, PriorityBadge } from '../components/Badges';

type Panel = { mode: 'new' } | { mode: 'edit'; task: Task } | null;

/**
 * `/task/list` — the tasks (`GET task/read`), the open ones first by due date: "Pendientes /
 * Hechas / Todas" (`checked`), "Mías" (`assignee_user_id=me`), priority and a search. A row has
 * its "hecha" check box (`task/check`, showing what the host stored), title, owner, due date
 * ("Vencida" when the host says `overdue`), priority, "Editar" and "Eliminar" (asked first).
 * "Nueva tarea" and "Editar" open the task's form above the list.
 */
export default function TaskListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => agendaApi(client), [client]);
  const toast = useToast();
  const confirm = useConfirm();
  const user = useSession().user;
  const me: Named | null = user ? { user_id: user.user_id, name: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email } : null;
  const { staff, failed: staffFailed } = useStaff(api.tasks.staff);
  const [status, setStatus] = useState<TaskStatus>('open');
  const [mine, setMine] = useState(false);
  const [priority, setPriority] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  // bumped after a write: the list is read again
  const [version, setVersion] = useState(0);
  // the tasks the host answered to a check, until the list is read again
  const [stored, setStored] = useState<Record<number, Task>>({});
  const [checking, setChecking] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const title = t('tasks.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    (q: ListQuery) =>
      api.tasks.list({ search: q.search, page: q.page, per_page: q.perPage, checked: CHECKED_OF[status], assignee_user_id: mine ? 'me' : undefined, priority }).then((page) => {
        setStored({});
        return page;
      }),
    [api, status, mine, priority],
  );
  const saved = () => {
    setPanel(null);
    setVersion((v) => v + 1);
  };

  async function check(task: Task, checked: boolean) {
    setFailures([]);
    setChecking(task.id);
    try {
      const answer = await api.tasks.check(task.id, checked);
      setStored((s) => ({ ...s, [answer.id]: answer }));
      toast.success(t(answer.checked ? 'tasks.check.done' : 'tasks.check.undone', { title: answer.title }));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setChecking(null);
    }
  }

  async function remove(task: Task) {
    const ok = await confirm({ title: t('tasks.delete.title'), message: t('tasks.delete.question', { title: task.title }), confirmLabel: t('tasks.delete.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      await api.tasks.remove(task.id);
      toast.success(t('tasks.delete.done', { title: task.title }));
      if (panel?.mode === 'edit' && panel.task.id === task.id) setPanel(null);
      setVersion((v) => v + 1);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  const cur = (task: Task) => stored[task.id] ?? task;
  const columns: Column<Task>[] = [
    {
      key: 'checked',
      header: t('tasks.columns.checked'),
      render: (row) => {
        const task = cur(row);
        return <input type="checkbox" checked={task.checked} disabled={checking === task.id} aria-label={t('tasks.check.label', { title: task.title })} onChange={(ev) => void check(task, ev.target.checked)} />;
      },
    },
    {
      key: 'title',
      header: t('tasks.columns.title'),
      render: (row) => (
        <span className={cur(row).checked ? 'agenda-title--done' : undefined} data-testid="task-title">
          {cur(row).title}
        </span>
      ),
    },
    { key: 'owner', header: t('tasks.columns.owner'), render: (row) => cur(row).assignee_name ?? (cur(row).assignee_user_id ? t('userNumber', { id: cur(row).assignee_user_id }) : t('tasks.noOwner')) },
    {
      key: 'due',
      header: t('tasks.columns.due_date'),
      className: 'agenda-nowrap',
      render: (row) => {
        const task = cur(row);
        return (
          <span className="agenda-badges">
            <span data-testid="task-due">{task.due_date ? formatDate(task.due_date) : t('none')}</span>
            {task.overdue && <OverdueBadge />}
          </span>
        );
      },
    },
    { key: 'priority', header: t('tasks.columns.priority'), render: (row) => <PriorityBadge priority={cur(row).priority} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (row) => (
        <span className="agenda-row-actions">
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('tasks.edit.named', { title: cur(row).title })} onClick={() => setPanel({ mode: 'edit', task: cur(row) })}>
            {t('tasks.edit.action')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('tasks.delete.named', { title: cur(row).title })} onClick={() => void remove(cur(row))}>
            {t('tasks.delete.action')}
          </button>
        </span>
      ),
    },
  ];

  const cancel = (
    <button type="button" className="vk-btn vk-btn--light" onClick={() => setPanel(null)}>
      {t('cancel')}
    </button>
  );

  return (
    <div className="agenda-page" data-testid="task-list">
      {panel?.mode === 'new' && (
        <section className="card" aria-labelledby="agenda-task-create-title" data-testid="task-create">
          <h2 id="agenda-task-create-title" className="card__title">
            {t('tasks.create.title')}
          </h2>
          <TaskForm
            task={null}
            me={me}
            staff={staff}
            staffFailed={staffFailed}
            label={t('tasks.create.title')}
            submitLabel={t('tasks.create.submit')}
            onSubmit={async (body) => {
              // no due date: left out; no owner: null (nobody's), as the README says
              const created = await api.tasks.create({ ...withoutNulls(body), assignee_user_id: body.assignee_user_id });
              toast.success(t('tasks.create.created', { title: created.title }));
              saved();
            }}
            extra={cancel}
          />
        </section>
      )}
      {panel?.mode === 'edit' && (
        <section className="card" aria-labelledby="agenda-task-edit-title" data-testid="task-edit">
          <h2 id="agenda-task-edit-title" className="card__title">
            {t('tasks.edit.title', { title: panel.task.title })}
          </h2>
          <TaskForm
            key={panel.task.id}
            task={panel.task}
            me={me}
            staff={staff}
            staffFailed={staffFailed}
            label={t('tasks.edit.title', { title: panel.task.title })}
            submitLabel={t('save')}
            onSubmit={async (body) => {
              const changed = changedFields(body, panel.task);
              if (Object.keys(changed).length === 0) {
                toast.info(t('noChanges'));
                return;
              }
              await api.tasks.update(panel.task.id, changed);
              toast.success(t('tasks.edit.saved', { title: body.title }));
              saved();
            }}
            extra={cancel}
          />
        </section>
      )}
      <ErrorList messages={failures} testId="task-action-errors" />
      <FilteredList<Task>
        label={title}
        columns={columns}
        rowKey={(x) => x.id}
        load={load}
        filtersKey={JSON.stringify({ status, mine, priority, version })}
        searchPlaceholder={t('tasks.search')}
        empty={t('tasks.empty')}
        filters={
          <>
            <FilterSelect label={t('tasks.filters.status')} value={status} options={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.status.${s}`) }))} onChange={(v) => setStatus(v as TaskStatus)} />
            <FilterSelect
              label={t('tasks.filters.priority')}
              value={priority}
              options={[{ value: '', label: t('tasks.filters.allPriorities') }, ...PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))]}
              onChange={setPriority}
            />
            <label className="agenda-toggle">
              <input type="checkbox" checked={mine} onChange={(ev) => setMine(ev.target.checked)} />
              {t('tasks.mine')}
            </label>
          </>
        }
        actions={
          panel?.mode !== 'new' && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setPanel({ mode: 'new' })}>
              {t('tasks.new')}
            </button>
          )
        }
      />
    </div>
  );
}
