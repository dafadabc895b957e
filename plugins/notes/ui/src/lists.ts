/**
 * The plugin's fixed values (README): the permissions the screens ask about and the lists'
 * filters, in the order the screens offer them. Their Spanish names are in the catalogue.
 */

/** The service and permission every call needs (plugin.toml). */
export const PERMISSION = 'note';
/** Changing and deleting other people's notes (without it, only their author may). */
export const MANAGE = 'note.manage';

/**
 * The notebooks' "Situación" filter: '' is every state but deleted (the host's default). The
 * plugin has no call that makes a notebook inactive, so only deleted ones are apart.
 */
export const STATE_FILTERS = ['', 'deleted', 'all'] as const;

/** The group filter's "Sin grupo": `group_id` 0 asks for the notebooks without a group. */
export const NO_GROUP = '0';

/** The longest texts the host takes (README "Records"). */
export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_MESSAGE = 10_000;
export const MAX_GROUP_NAME = 100;
