/** The provider's business screens. */
export const BUSINESS_LIST_PATH = '/facilauto/business/list';
export const businessViewPath = (id: number) => `/facilauto/business/view/${id}`;

/** The provider's notification screens. */
export const NOTIFICATION_LIST_PATH = '/facilauto/notifications/list';
export const notificationViewPath = (id: number) => `/facilauto/notifications/view/${id}`;
