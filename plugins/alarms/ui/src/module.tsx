// The alarms plugin's remote: what the shell loads from /plugins/alarms/remoteEntry.js (exposed
// as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './alarms.css';

const AlarmListPage = lazy(() => import('./pages/AlarmListPage'));
const AlarmViewPage = lazy(() => import('./pages/AlarmViewPage'));

/**
 * Two routes (README "UI routes"), behind the `alarm` permission: the notices and the alarms
 * (two tabs, with the groups), and an alarm (0: a new one).
 */
const alarms = defineModule({
  id: 'alarms',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/alarma/list', Component: AlarmListPage, permission: PERMISSION },
    { path: '/alarma/view/:alarma_id', Component: AlarmViewPage, permission: PERMISSION },
  ],
});

export default alarms;
export { alarms as module };
