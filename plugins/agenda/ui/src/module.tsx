// The agenda plugin's remote: what the shell loads from /plugins/agenda/remoteEntry.js (exposed
// as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { SCHEDULE, TASK } from './lists';
import './agenda.css';

const ScheduleListPage = lazy(() => import('./pages/ScheduleListPage'));
const ScheduleViewPage = lazy(() => import('./pages/ScheduleViewPage'));
const TaskListPage = lazy(() => import('./pages/TaskListPage'));

/**
 * Three routes (plugin.toml [ui] routes): the week's events and an event (0: a new one), behind
 * the `schedule` permission, and the tasks, behind `task`.
 */
const agenda = defineModule({
  id: 'agenda',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/schedule/list', Component: ScheduleListPage, permission: SCHEDULE },
    { path: '/schedule/view/:schedule_id', Component: ScheduleViewPage, permission: SCHEDULE },
    { path: '/task/list', Component: TaskListPage, permission: TASK },
  ],
});

export default agenda;
export { agenda as module };
