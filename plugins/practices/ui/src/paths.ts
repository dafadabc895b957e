/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const typeListPath = () => '/formative/practice/type';
export const typeViewPath = (id: number) => `/formative/practice/view/${id}`;
export const studentListPath = () => '/practices/students';
export const studentViewPath = (id: number) => `/practices/student/${id}`;
export const agendaPath = () => '/practices/agenda';
