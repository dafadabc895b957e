/**
 * The plugin's fixed lists (README "Fixed lists", also `GET employee/lists`): the values the API
 * takes, in the order the screens offer them. Their Spanish names are in the catalogue
 * (`gender.female`, `contract.indefinite`…).
 */
import type { AccountState, ContractType, Gender, StateFilter, Workday } from './api';

export const GENDERS: Gender[] = ['female', 'male', 'other'];
export const CONTRACT_TYPES: ContractType[] = ['indefinite', 'fixed_discontinuous', 'temporary', 'replacement', 'training', 'freelance'];
export const WORKDAYS: Workday[] = ['full_time', 'part_time'];
/** The spec's 18 driving licence classes a teacher may teach, as the plugin checks them. */
export const LICENCE_CLASSES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'];
/** The list's state filter: '' (active and inactive, the plugin's default) first. */
export const STATE_FILTERS: StateFilter[] = ['', 'active', 'inactive', 'deleted', 'all'];
export const ACCOUNT_STATES: AccountState[] = ['none', 'active', 'inactive', 'locked'];

/** The view's tabs, in the order shown (`?tab=` in the path; an unknown one shows the first). */
export const VIEW_TABS = ['general', 'workplaces', 'labour', 'observations', 'access', 'pin', 'activity'] as const;
export type ViewTab = (typeof VIEW_TABS)[number];

export function tabOf(value: string | null | undefined): ViewTab {
  return VIEW_TABS.find((tab) => tab === value) ?? 'general';
}

/** Licence classes in the spec's order (the order they are sent in), unknown ones dropped. */
export function inLicenceOrder(classes: readonly string[]): string[] {
  return LICENCE_CLASSES.filter((c) => classes.includes(c));
}
