/**
 * The plugin's fixed values (README "Records"): the permission, the licence classes, the states
 * and kinds the screens offer and the host's limits. Their Spanish names are in the catalogue.
 */
import type { ClassStatus, ResourceKind } from './api';

/** The service and permission every call and screen needs (plugin.toml). */
export const PERMISSION = 'guided';

/** The spec's 18 licence classes, in its order (the kit has no list of them: each remote keeps its own). */
export const LICENCES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'] as const;
/** The licence a new group starts with. */
export const DEFAULT_LICENCE = 'B';

/** The groups list's state filter ('' both) and the states a group's form offers. */
export const GROUP_STATE_FILTERS = ['', 'active', 'inactive'] as const;
export const GROUP_STATES = ['active', 'inactive'] as const;
export const CLASS_STATUSES: ClassStatus[] = ['pending', 'given'];
export const RESOURCE_KINDS: ResourceKind[] = ['subtheme', 'sheet', 'video', 'link', 'note'];
/** The kinds a resource is added as, as the editor's tabs. */
export const ADD_TABS = ['book', 'link', 'note'] as const;

/** The host's limits (README "Records"). */
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 2000;
export const MAX_TITLE = 200;
export const MAX_SUMMARY = 4000;
export const MAX_URL = 500;
export const MAX_TEXT = 4000;
export const MIN_MINUTES = 5;
export const MAX_MINUTES = 480;
export const DEFAULT_MINUTES = 60;
