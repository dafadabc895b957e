/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens offer
 * them. Their Spanish names are in the catalogue (`priority.high`…).
 */
import type { Priority } from './api';

export const PRIORITIES: Priority[] = ['low', 'normal', 'high'];
/** The task list's "Pendientes / Hechas / Todas": `checked=false`, `true`, or none. */
export const TASK_STATUSES = ['open', 'done', 'all'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const CHECKED_OF: Record<TaskStatus, 'true' | 'false' | ''> = { open: 'false', done: 'true', all: '' };
/** An event's reminders, in minutes before it starts (README "Events": `reminder_minutes`; null: none). */
export const REMINDERS = [0, 5, 10, 15, 30, 60, 120, 1440, 2880] as const;

/** The services and permissions (plugin.toml): one for the events, one for the tasks. */
export const SCHEDULE = 'schedule';
export const TASK = 'task';
