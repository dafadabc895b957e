// The guided plugin's remote: what the shell loads from /plugins/guided/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import { CLASS_ROUTE, GROUPS_PATH, GROUP_ROUTE } from './paths';
import './guided.css';

const GroupsPage = lazy(() => import('./pages/GroupsPage'));
const GroupPage = lazy(() => import('./pages/GroupPage'));
const ClassPage = lazy(() => import('./pages/ClassPage'));

/**
 * Three routes (README "Screens", plugin.toml [ui] routes), each behind the `guided` permission:
 * the groups and the digital books, a group, and a class as the classroom sees it.
 */
const guided = defineModule({
  id: 'guided',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: GROUPS_PATH, Component: GroupsPage, permission: PERMISSION },
    { path: GROUP_ROUTE, Component: GroupPage, permission: PERMISSION },
    { path: CLASS_ROUTE, Component: ClassPage, permission: PERMISSION },
  ],
});

export default guided;
export { guided as module };
