/**
 * The plugin's fixed values (README): the permission the screens ask about, the lists the API
 * takes in the order the screens offer them (their Spanish names are in the catalogue) and the
 * longest texts the host takes.
 */
import type { Repeat } from './api';

/** The service and permission every call and screen needs (plugin.toml). */
export const PERMISSION = 'alarm';

/** `repeat`, in the order the form offers it (`repeat.none`… in the catalogue). */
export const REPEATS: Repeat[] = ['none', 'daily', 'weekly', 'monthly', 'yearly'];

/** The list page's tabs, in order (`/alarma/list?tab=`). */
export const TABS = ['notices', 'alarms'] as const;
export type Tab = (typeof TABS)[number];

/** README "Alarms" and "Groups". */
export const MAX_TITLE = 150;
export const MAX_DESCRIPTION = 2000;
export const MAX_LINK = 300;
export const MAX_PEOPLE = 100;
export const MAX_GROUP_NAME = 100;

/** A new group's colour until one is chosen (the host's default). */
export const DEFAULT_COLOR = '#009EF7';
