import type { ApiClient, ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
export type Priority = 'low' | 'normal' | 'high';

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

// --- Events (schedule/) -----------------------------------------------------------------------

/** The fields `schedule/create` and `/update` take (README "Events"). */
export interface EventFields {
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`; null: all day. */
  start_time: string | null;
  /** `HH:MM`, after the start; needs one. */
  end_time: string | null;
  place: string;
  description: string;
  /** Active users of the business, at most 100. */
  user_ids: number[];
  /** Remind the staff it concerns this many minutes before it starts (all day: before 09:00); null: no reminder. One of `REMINDERS`. */
  reminder_minutes: number | null;
}

/** One person an event concerns, named from the host's staff directory (null when not found). */
export interface EventUser {
  user_id: number;
  name: string | null;
}

/** An event as every `schedule/` call answers it. */
export interface ScheduleEvent extends Stored, EventFields {
  branch_id: number | null;
  checked: boolean;
  created_by: number | null;
  users: EventUser[];
  created_by_name: string | null;
}

export interface EventQuery {
  from?: string;
  to?: string;
  /** A user id, or `me`. */
  user_id?: string;
  search?: string;
  page?: number;
  per_page?: number;
}

// --- Tasks (task/) ----------------------------------------------------------------------------

/** The fields `task/create` and `/update` take (README "Tasks"). */
export interface TaskFields {
  title: string;
  description: string;
  /** `YYYY-MM-DD`; null: none. */
  due_date: string | null;
  priority: Priority;
  /** null: nobody's. */
  assignee_user_id: number | null;
}

export interface Task extends Stored, TaskFields {
  branch_id: number | null;
  checked: boolean;
  checked_at: string | null;
  checked_by: number | null;
  created_by: number | null;
  assignee_name: string | null;
  checked_by_name: string | null;
  created_by_name: string | null;
  /** Not done and due before today (Spain). */
  overdue: boolean;
}

export interface TaskQuery {
  search?: string;
  /** A user id, or `me`. */
  assignee_user_id?: string;
  checked?: 'true' | 'false' | '';
  priority?: string;
  page: number;
  per_page: number;
}

/** `GET schedule/staff` and `GET task/staff`: the business's active users, by name. */
export interface StaffMember {
  user_id: number;
  name: string;
  branch_id: number | null;
}

/** Leave out empty query values: the plugin's defaults apply. */
function compact(query: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as Record<string, string | number>;
}

/** The most rows a page may hold (the SDK clamps `per_page` to 500): a week's events at once. */
export const ALL_ROWS = 500;

/** The agenda plugin's calls. */
export function agendaApi(api: ApiClient) {
  return {
    events: {
      list: (query: EventQuery) => api.get<ListPage<ScheduleEvent>>('schedule/read', compact(query)),
      read: (id: number) => api.get<ScheduleEvent>('schedule/read', { id }),
      create: (fields: Partial<EventFields>) => api.post<ScheduleEvent>('schedule/create', fields),
      update: (id: number, fields: Partial<EventFields>) => api.post<ScheduleEvent>('schedule/update', { id, ...fields }),
      remove: (id: number) => api.post<ScheduleEvent>('schedule/delete', { id }),
      check: (id: number, checked: boolean) => api.post<ScheduleEvent>('schedule/check', { id, checked }),
      /** Whom an event may concern (extension; needs only `schedule`). */
      staff: () => api.get<StaffMember[]>('schedule/staff'),
    },
    tasks: {
      list: (query: TaskQuery) => api.get<ListPage<Task>>('task/read', compact(query)),
      read: (id: number) => api.get<Task>('task/read', { id }),
      create: (fields: Partial<TaskFields>) => api.post<Task>('task/create', fields),
      update: (id: number, fields: Partial<TaskFields>) => api.post<Task>('task/update', { id, ...fields }),
      remove: (id: number) => api.post<Task>('task/delete', { id }),
      check: (id: number, checked: boolean) => api.post<Task>('task/check', { id, checked }),
      /** Whose a task may be (extension; needs only `task`). */
      staff: () => api.get<StaffMember[]>('task/staff'),
    },
  };
}

export type AgendaApi = ReturnType<typeof agendaApi>;
