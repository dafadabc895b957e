/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const bookListPath = (newBook = false) => `/dgt/book/register/list/${newBook ? 1 : 0}`;
/** A book's view; `entry` opens that entry's form. */
export const bookViewPath = (id: number, { newStudent = false, entry }: { newStudent?: boolean; entry?: number | null } = {}) =>
  `/dgt/book/register/view/${id}/${newStudent ? 1 : 0}${entry ? `?entry=${entry}` : ''}`;
export const folderListPath = () => '/dgt/folder/list';
export const folderViewPath = (id: number) => `/dgt/folder/view/${id}`;
export const taxListPath = () => '/dgt/folder/tax/list';
/** The request of exam places ("Solicitud de pruebas de aptitud"): of a folder, or the chooser without one. */
export const examRequestPath = (folder?: number | null) => `/dgt/folder/solicitud_pruebas_aptitud${folder ? `?folder=${folder}` : ''}`;
/** The exam report at a tab; `search` (a query string, without `?`) keeps its filters. */
export const reportPath = (tab: string = 'centros', search = '') => `/dgt/convocatoriasreport/${tab}${search ? `?${search}` : ''}`;
