/**
 * The plugin's fixed values (README): the permissions the screens ask about, the lists' filters
 * and the kinds of people, in the order the screens offer them. Their Spanish names are in the
 * catalogue.
 */
import type { PersonKind } from './api';

/** Entering one's own rooms (teacher or member): `/room/menu`, `/pizarra/open`. */
export const PERMISSION = 'room';
/** Every room of the business: `/room/list` (people, inspectors, reports, settings). */
export const MANAGE = 'room.manage';

/**
 * The rooms' "Situación" filter: '' is the host's default (every state but deleted). The plugin
 * has no call that makes a room inactive, so only deleted ones are apart.
 */
export const STATE_FILTERS = ['', 'deleted', 'all'] as const;

/** The kinds of people in a room, as the report and the present list name them. */
export const PERSON_KINDS: readonly PersonKind[] = ['teacher', 'member', 'student', 'inspector', 'manager'];

/** The tabs of a room's detail in the list. */
export const DETAIL_TABS = ['data', 'people', 'inspectors', 'report'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** How often the meeting pages ask again (and record the caller's presence): every minute. */
export const POLL_MS = 60_000;

/** What the meeting's frame may use: the camera, the microphone, the full screen, sharing the screen. */
export const FRAME_ALLOW = 'camera; microphone; fullscreen; display-capture; autoplay';

/** The longest texts the host takes (README "Records"). */
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_ORGANISATION = 200;
export const MAX_EMAIL = 200;
