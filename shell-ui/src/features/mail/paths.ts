/** The business's mail layout screens. */
export const MAIL_LAYOUT_LIST_PATH = '/mail/layout/list';
export const mailLayoutViewPath = (id: number) => `/mail/layout/view/${id}`;
