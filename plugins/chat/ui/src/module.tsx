// The chat plugin's remote: what the shell loads from /plugins/chat/remoteEntry.js (exposed as
// `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './chat.css';

const OverviewPage = lazy(() => import('./pages/OverviewPage'));
const DirectPage = lazy(() => import('./pages/DirectPage'));
const GroupPage = lazy(() => import('./pages/GroupPage'));

/**
 * Three routes (README "UI routes"), behind the `chat` permission: the overview's three tabs, a
 * direct conversation (`employee` with a user id, `contact` with a contact id) and a group's.
 */
const chat = defineModule({
  id: 'chat',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/apps/chat/all', Component: OverviewPage, permission: PERMISSION },
    { path: '/apps/chat/direct/:target/:id', Component: DirectPage, permission: PERMISSION },
    { path: '/apps/chat/group/:id', Component: GroupPage, permission: PERMISSION },
  ],
});

export default chat;
export { chat as module };
