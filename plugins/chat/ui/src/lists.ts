/** The permission (and service) every chat call and screen needs (README). */
export const PERMISSION = 'chat';

/** The overview's tabs, in order (`/apps/chat/all?tab=`). */
export const TABS = ['employees', 'contacts', 'groups'] as const;
export type Tab = (typeof TABS)[number];

/** A message's length once trimmed (README `chat/send`). */
export const TEXT_MAX = 2000;
/** A group's name (README `chat/group/create`). */
export const GROUP_NAME_MAX = 100;
/** The employees one create or invite may name. */
export const GROUP_EMPLOYEES_MAX = 100;
/** How much of a last message a row of the overview shows. */
export const PREVIEW_MAX = 80;

/** What the group image's file input takes (the host checks the content too). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
