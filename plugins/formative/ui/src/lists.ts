/**
 * The plugin's fixed values (README): the permissions the screens ask about, the values the API
 * takes in the order the screens offer them (their Spanish names are in the catalogue) and the
 * host's limits.
 */
import type { AssignmentStatus, ContentStatus } from './api';

/** The contents: create, change, delete, read (`/formative/content/…`; the role tree's "Contenidos"). */
export const PERMISSION = 'formative.content';
/** Assigning contents to students, their progress, the links, the reports ("Asignar contenidos"). */
export const ASSIGN = 'formative.content.assign';

/** "En desarrollo" (the default) and "Publicado" (only a published content is assigned). */
export const STATUSES: ContentStatus[] = ['developing', 'publish'];

/** The contents' "Estado" filter: '' every status. */
export const STATUS_FILTERS = ['', 'developing', 'publish'] as const;

/**
 * The contents' "Situación" filter: '' is the host's default (every state but deleted), then
 * each state, and `all`.
 */
export const STATE_FILTERS = ['', 'active', 'inactive', 'deleted', 'all'] as const;

/** The students' filter (README `formative/assignment/read`'s `status`): '' every live one. */
export const ASSIGNMENT_FILTERS = ['', 'active', 'pending', 'expired', 'completed'] as const;

/** What an assignment's `status` says, as the badges name it. */
export const ASSIGNMENT_STATUSES: AssignmentStatus[] = ['active', 'pending', 'expired', 'inactive'];

/** The tabs of a content. */
export const CONTENT_TABS = ['content', 'students'] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

/** The host's limits (README "Records"). */
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_CATEGORY = 60;
export const MAX_HOURS = 1000;
export const MIN_ACCESS_DAYS = 1;
export const MAX_ACCESS_DAYS = 1095;
export const DEFAULT_ACCESS_DAYS = 90;
export const MAX_SYLLABI = 20;
export const MAX_CONTACTS = 300;
export const DEFAULT_PERCENTAGE = 100;
