/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens offer
 * them. Their Spanish names are in the catalogue (`status.done`…).
 */
import type { LessonStatus } from './api';

/** The licence classes of the fixed list, in its order. */
export const LICENCES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'] as const;
export const LESSON_STATUSES: LessonStatus[] = ['scheduled', 'done', 'no_show', 'cancelled'];
/** The statuses a scheduled lesson's quick actions set, in the order of their buttons. */
export const QUICK_STATUSES = ['done', 'no_show', 'cancelled'] as const;
export type QuickStatus = (typeof QUICK_STATUSES)[number];
export const RECORD_STATES = ['active', 'inactive', 'deleted'] as const;

/** A lesson type's length (README: 15–480 minutes). */
export const MIN_MINUTES = 15;
export const MAX_MINUTES = 480;
/** A pack's lessons (README: 1–200). */
export const MAX_QUANTITY = 200;

/** The service and permission every call needs (README). */
export const PERMISSION = 'hermes';
