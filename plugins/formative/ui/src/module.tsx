// The formative plugin's remote: what the shell loads from /plugins/formative/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { ASSIGN, PERMISSION } from './lists';
import './formative.css';

const ContentListPage = lazy(() => import('./pages/ContentListPage'));
const ContentPage = lazy(() => import('./pages/ContentPage'));
const Report90Page = lazy(() => import('./pages/Report90Page'));
const ReportBlocksPage = lazy(() => import('./pages/ReportBlocksPage'));
const StudentPage = lazy(() => import('./pages/StudentPage'));

/**
 * Five routes (plugin.toml [ui] routes): the contents and one content (`formative.content`; its
 * "Alumnos" tab with `formative.content.assign`), the two reports (`formative.content.assign`), and the public
 * reading page of a student's link (`[ui] public_routes`: no session, no permission; the shell
 * shows it in its public layout).
 */
const formative = defineModule({
  id: 'formative',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/formative/content/list', Component: ContentListPage, permission: PERMISSION },
    { path: '/formative/content/view/:content_id', Component: ContentPage, permission: PERMISSION },
    { path: '/report/formative/90/list', Component: Report90Page, permission: ASSIGN },
    { path: '/report/formative/blocks/list', Component: ReportBlocksPage, permission: ASSIGN },
    { path: '/formacion/:reference', Component: StudentPage },
  ],
});

export default formative;
export { formative as module };
