/** The plugin's UI routes (plugin.toml [ui] routes), as the screens link to them. */

export const productListPath = () => '/product/list';
/** 0: a new one; `pack`: a pack (1) or a product (0). */
export const productViewPath = (id: number, pack: boolean) => `/product/view/${id}/${pack ? 1 : 0}`;
/** With a category's id, its edit panel is open above the list (0: none). */
export const categoryListPath = (id = 0) => `/product/category/list/${id}`;
/** 0: a new one. */
export const categoryViewPath = (id: number) => `/product/category/view/${id}`;
/** "Carteles": choose a product on sale for its poster. */
export const posterEditorPath = () => '/marketing/poster/editor';
/** A product's poster: the school's design and the printable sheet. */
export const posterProductPath = (id: number) => `/marketing/poster/product/${id}`;
