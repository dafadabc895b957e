/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const alarmListPath = (tab?: 'alarms') => (tab ? `/alarma/list?tab=${tab}` : '/alarma/list');
/** 0: a new alarm. */
export const alarmViewPath = (id: number) => `/alarma/view/${id}`;
