// The valkiria plugin's remote: what the shell loads from /plugins/valkiria/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import { BANK_PATH, DOUBTS_PATH, DOUBT_ROUTE, EDITOR_ROUTE, EXPIRIES_PATH, ONLINE_ROUTE, STUDENTS_PATH, STUDENT_ROUTE, TAKE_ROUTE } from './paths';
import './valkiria.css';

const BankPage = lazy(() => import('./pages/BankPage'));
const TestEditorPage = lazy(() => import('./pages/TestEditorPage'));
const StudentsPage = lazy(() => import('./pages/StudentsPage'));
const StudentPage = lazy(() => import('./pages/StudentPage'));
const ExpiriesPage = lazy(() => import('./pages/ExpiriesPage'));
const TakeTestPage = lazy(() => import('./pages/TakeTestPage'));
const DoubtsPage = lazy(() => import('./pages/DoubtsPage'));
const DoubtPage = lazy(() => import('./pages/DoubtPage'));
const OnlineTestsPage = lazy(() => import('./pages/OnlineTestsPage'));

/**
 * Nine routes (README "Screens", plugin.toml [ui] routes): eight behind the `valkiria` permission
 * (the bank of a licence, a test's editor, the students, a student, the expiries, taking a test,
 * the doubts and a doubt) and the student's own page at home, opened with their personal link
 * (`[ui] public_routes`: no session, no permission; the shell shows it in its public layout).
 */
const valkiria = defineModule({
  id: 'valkiria',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: BANK_PATH, Component: BankPage, permission: PERMISSION },
    { path: EDITOR_ROUTE, Component: TestEditorPage, permission: PERMISSION },
    { path: STUDENTS_PATH, Component: StudentsPage, permission: PERMISSION },
    { path: STUDENT_ROUTE, Component: StudentPage, permission: PERMISSION },
    { path: EXPIRIES_PATH, Component: ExpiriesPage, permission: PERMISSION },
    { path: TAKE_ROUTE, Component: TakeTestPage, permission: PERMISSION },
    { path: DOUBTS_PATH, Component: DoubtsPage, permission: PERMISSION },
    { path: DOUBT_ROUTE, Component: DoubtPage, permission: PERMISSION },
    { path: ONLINE_ROUTE, Component: OnlineTestsPage },
  ],
});

export default valkiria;
export { valkiria as module };
