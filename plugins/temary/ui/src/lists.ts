/**
 * The plugin's fixed values (README "Records"): the permission the screens need, the values the
 * API takes in the order the screens offer them (their Spanish names are in the catalogue) and
 * the longest texts the host takes.
 */
import type { TemaryStatus } from './api';

/** The service and permission every call needs (plugin.toml). */
export const PERMISSION = 'temary';

/** "Desarrollo" (the default) and "Publicado". */
export const STATUSES: TemaryStatus[] = ['developing', 'publish'];

/**
 * The syllabi's "Situación" filter: '' is every state but deleted (the host's default). The
 * plugin has no call that makes a syllabus inactive, so only deleted ones are apart.
 */
export const STATE_FILTERS = ['', 'deleted', 'all'] as const;

export const MAX_NAME = 200;
export const MAX_TITLE = 200;
export const MAX_CATEGORY = 60;
export const MAX_DESCRIPTION = 5000;
/** A sheet's or video's description (the host's limit for them, `tree.rs`). */
export const MAX_MEDIA_DESCRIPTION = 2000;
export const MAX_CONTENT = 100_000;

/** The levels of a syllabus's tree, each kept in order under its parent (README "Order"). */
export const KINDS = ['theme', 'subtheme', 'section'] as const;
export type ChildKind = (typeof KINDS)[number];
