/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const documentListPath = () => '/notes_documents/list';
export const documentViewPath = (id: number) => `/notes_documents/view/${id}`;
