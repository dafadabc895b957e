// The practices plugin's remote: what the shell loads from /plugins/practices/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './practices.css';

const TypeListPage = lazy(() => import('./pages/TypeListPage'));
const TypeViewPage = lazy(() => import('./pages/TypeViewPage'));
const StudentListPage = lazy(() => import('./pages/StudentListPage'));
const StudentViewPage = lazy(() => import('./pages/StudentViewPage'));
const AgendaPage = lazy(() => import('./pages/AgendaPage'));

/**
 * Five routes (plugin.toml [ui] routes), each behind the `hermes` permission (README: every call
 * needs the `hermes` service and permission): the lesson types and a type, the students and a
 * student with their packs and lessons, and a teacher's agenda.
 */
const practices = defineModule({
  id: 'practices',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/formative/practice/type', Component: TypeListPage, permission: PERMISSION },
    { path: '/formative/practice/view/:practice_type_id', Component: TypeViewPage, permission: PERMISSION },
    { path: '/practices/students', Component: StudentListPage, permission: PERMISSION },
    { path: '/practices/student/:student_id', Component: StudentViewPage, permission: PERMISSION },
    { path: '/practices/agenda', Component: AgendaPage, permission: PERMISSION },
  ],
});

export default practices;
export { practices as module };
