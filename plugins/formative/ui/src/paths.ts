/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const contentListPath = () => '/formative/content/list';
/** A content with its tabs ("Contenido", "Alumnos"). */
export const contentPath = (id: number) => `/formative/content/view/${id}`;
export const report90Path = () => '/report/formative/90/list';
export const reportBlocksPath = () => '/report/formative/blocks/list';
/** The public reading page of a student's link. */
export const studentPath = (reference: string) => `/formacion/${encodeURIComponent(reference)}`;

/** A route's id: a whole number above 0, or 0 when the address holds none. */
export function routeId(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : 0;
}
