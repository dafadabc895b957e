/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. 0: a new one. */

export const temaryListPath = () => '/temary/list';
export const temaryPath = (temaryId: number) => `/temary/create/${temaryId}`;
export const themePath = (themeId: number, temaryId: number) => `/temary/theme/create/${themeId}/${temaryId}`;
export const subthemePath = (subthemeId: number, themeId: number, temaryId: number) => `/temary/subtheme/create/${subthemeId}/${themeId}/${temaryId}`;

/** A route's id: a whole number (0 for a new one), or -1 when the address holds none. */
export function routeId(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : -1;
}
