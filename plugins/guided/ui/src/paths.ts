/** The plugin's UI routes (plugin.toml [ui] routes), as the spec names them. */

/** The groups, a new group and the digital books. */
export const GROUPS_PATH = '/clase/guiada/list';
/** A group: its details, classes and syllabus coverage. */
export const GROUP_ROUTE = '/clase/guiada/grupo/view/:class_room_group_id';
/** A class of a group as the classroom sees it. */
export const CLASS_ROUTE = '/clase/guiada/view/:classroom_id/:group_id';

export const groupPath = (groupId: number) => `/clase/guiada/grupo/view/${groupId}`;
export const classPath = (classId: number, groupId: number) => `/clase/guiada/view/${classId}/${groupId}`;

/** A route parameter as an id: a whole number, else -1 (not one). */
export function idParam(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : -1;
}
