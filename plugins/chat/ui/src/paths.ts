/** The plugin's UI routes (README "UI routes"), as the screens link to them. */
import type { DirectTarget } from './api';
import type { Tab } from './lists';

/** The overview; `tab` opens one of its tabs (employees by default). */
export const overviewPath = (tab?: Tab) => (tab && tab !== 'employees' ? `/apps/chat/all?tab=${tab}` : '/apps/chat/all');
export const directPath = (target: DirectTarget, id: number) => `/apps/chat/direct/${target}/${id}`;
export const groupPath = (id: number) => `/apps/chat/group/${id}`;
