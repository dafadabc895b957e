// The courses plugin's remote: what the shell loads from /plugins/courses/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule, type ModuleRoute } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { KINDS, KIND_IDS, type Kind } from './kinds';
import './courses.css';

const CourseListPage = lazy(() => import('./pages/CourseListPage'));
const CourseViewPage = lazy(() => import('./pages/CourseViewPage'));

/** The list and the view of one kind, behind the kind's permission (every call needs it). */
function kindRoutes(kind: Kind): ModuleRoute[] {
  const { base, param, permission } = KINDS[kind];
  const List = () => <CourseListPage kind={kind} />;
  const View = () => <CourseViewPage kind={kind} />;
  List.displayName = `CourseList(${kind})`;
  View.displayName = `CourseView(${kind})`;
  return [
    { path: `${base}/list`, Component: List, permission },
    { path: `${base}/view/:${param}`, Component: View, permission },
  ];
}

/**
 * Six routes: the same two screens for training courses (`/course`), permit A courses
 * (`/permisoa`) and points-recovery courses (`/recuperacionpuntos`), each behind its kind's
 * permission (README: every call needs its kind's service and permission).
 */
const courses = defineModule({
  id: 'courses',
  namespace: NAMESPACE,
  resources,
  routes: KIND_IDS.flatMap(kindRoutes),
});

export default courses;
export { courses as module };
