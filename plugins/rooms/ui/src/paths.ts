/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

/** Every room; `id`: the one open beside the list. */
export const roomListPath = (id?: number) => (id ? `/room/list?id=${id}` : '/room/list');
export const roomMenuPath = () => '/room/menu';
/** A room's meeting and board; without `room`, the caller's rooms to choose. */
export const pizarraPath = (room?: number) => (room ? `/pizarra/open?room=${room}` : '/pizarra/open');
/** The public page of a student's or inspector's link. */
export const classroomPath = (reference: string) => `/aula/${encodeURIComponent(reference)}`;
