import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, NotesField, SelectField, SubmitActions, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Priority, StaffMember, Task, TaskFields } from '../api';
import { PRIORITIES } from '../lists';
import { staffOptions, type Named } from '../useStaff';

export const TASK_FIELDS = ['title', 'due_date', 'priority', 'assignee_user_id', 'description'] as const;

/** A task's fields as the form holds them (the owner as the select's value, '' for nobody). */
export interface TaskDraft {
  title: string;
  due_date: string;
  priority: Priority;
  assignee_user_id: string;
  description: string;
}

/** A new task is the signed-in user's, of normal priority (README: the host's defaults). */
export function taskDraft(task: Task | null, me: number | null): TaskDraft {
  if (!task) return { title: '', due_date: '', priority: 'normal', assignee_user_id: me ? String(me) : '', description: '' };
  return {
    title: task.title,
    due_date: task.due_date ?? '',
    priority: task.priority,
    assignee_user_id: task.assignee_user_id === null ? '' : String(task.assignee_user_id),
    description: task.description,
  };
}

/** The body to send (no owner: `null`, nobody's; no due date: `null`), or null without a title. */
export function taskBody(draft: TaskDraft): TaskFields | null {
  const title = draft.title.trim();
  if (!title) return null;
  return {
    title,
    due_date: draft.due_date || null,
    priority: draft.priority,
    assignee_user_id: draft.assignee_user_id ? Number(draft.assignee_user_id) : null,
    description: draft.description.trim(),
  };
}

/**
 * A task's data: title, due date, priority, owner (`GET task/staff`; "Sin responsable") and
 * description. The host's errors go under the field they name.
 */
export function TaskForm({
  task,
  me,
  staff,
  staffFailed,
  label,
  submitLabel,
  onSubmit,
  extra,
}: {
  task: Task | null;
  /** The signed-in user: a new task's owner. */
  me: Named | null;
  staff: StaffMember[] | null;
  staffFailed: boolean;
  label: string;
  submitLabel: string;
  onSubmit(body: TaskFields): Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(() => taskDraft(task, me?.user_id ?? null), {
    fields: TASK_FIELDS,
    toBody: taskBody,
    required: 'title',
    onSubmit,
    fallback: t('actionError'),
  });
  const named: Named[] = [];
  if (task?.assignee_user_id) named.push({ user_id: task.assignee_user_id, name: task.assignee_name });
  if (!task && me) named.push(me);
  const owners = staffOptions(staff, named, (id) => t('userNumber', { id }));

  return (
    <form
      className="vk-form agenda-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={handleSubmit}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="task-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('tasks.fields.title')} value={draft.title} maxLength={200} required onChange={(title) => set({ title })} />
        <InputField ctx={ctx} field="due_date" type="date" label={t('tasks.fields.due_date')} value={draft.due_date} onChange={(due_date) => set({ due_date })} />
        <SelectField
          ctx={ctx}
          field="priority"
          label={t('tasks.fields.priority')}
          value={draft.priority}
          onChange={(priority) => set({ priority: priority as Priority })}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        />
        <SelectField
          ctx={ctx}
          field="assignee_user_id"
          label={t('tasks.fields.assignee_user_id')}
          value={draft.assignee_user_id}
          onChange={(assignee_user_id) => set({ assignee_user_id })}
          empty={t('tasks.noOwner')}
          options={owners}
          hint={staffFailed ? t('staffFailed') : undefined}
        />
      </div>
      <NotesField ctx={ctx} field="description" label={t('tasks.fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
