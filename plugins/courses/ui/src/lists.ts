/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens offer
 * them. Their Spanish names are in the catalogue (`category.partial`, `modality.online`…).
 */
import type { Modality, SessionKind, StateFilter, TeacherRole } from './api';

export const MODALITIES: Modality[] = ['in_person', 'online', 'mixed'];
export const SESSION_KINDS: SessionKind[] = ['theory', 'practice'];
export const TEACHER_ROLES: TeacherRole[] = ['trainer', 'psychologist', 'instructor'];
/** The list's state filter: '' (all but deleted, the plugin's default) first. */
export const STATE_FILTERS: StateFilter[] = ['', 'active', 'inactive', 'deleted', 'all'];
export const COURSE_STATES = ['active', 'inactive', 'deleted'] as const;

/** The view's tabs, in the order shown (`?tab=` in the path; an unknown one shows the first). */
export const VIEW_TABS = ['data', 'students', 'sessions', 'catalogues'] as const;
export type ViewTab = (typeof VIEW_TABS)[number];

export function tabOf(value: string | null | undefined): ViewTab {
  return VIEW_TABS.find((tab) => tab === value) ?? 'data';
}
