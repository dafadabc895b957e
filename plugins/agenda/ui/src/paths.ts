/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const scheduleListPath = () => '/schedule/list';
/** 0: a new event. */
export const scheduleViewPath = (id: number) => `/schedule/view/${id}`;
export const taskListPath = () => '/task/list';
