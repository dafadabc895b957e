// The consulting plugin's remote: what the shell loads from /plugins/consulting/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import { listPath, viewRoute } from './paths';
import './consulting.css';

const CentreListPage = lazy(() => import('./pages/CentreListPage'));
const CentreViewPage = lazy(() => import('./pages/CentreViewPage'));
const CompanyListPage = lazy(() => import('./pages/CompanyListPage'));
const CompanyViewPage = lazy(() => import('./pages/CompanyViewPage'));
const WorkerListPage = lazy(() => import('./pages/WorkerListPage'));
const WorkerViewPage = lazy(() => import('./pages/WorkerViewPage'));
const CourseListPage = lazy(() => import('./pages/CourseListPage'));
const CourseViewPage = lazy(() => import('./pages/CourseViewPage'));

/**
 * Eight routes (README, plugin.toml [ui] routes), each behind the `consulting` permission: the
 * list and a record (0: a new one) of each kind — centres, companies, workers and courses.
 */
const consulting = defineModule({
  id: 'consulting',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: listPath('centros'), Component: CentreListPage, permission: PERMISSION },
    { path: viewRoute('centros'), Component: CentreViewPage, permission: PERMISSION },
    { path: listPath('empresas'), Component: CompanyListPage, permission: PERMISSION },
    { path: viewRoute('empresas'), Component: CompanyViewPage, permission: PERMISSION },
    { path: listPath('trabajadores'), Component: WorkerListPage, permission: PERMISSION },
    { path: viewRoute('trabajadores'), Component: WorkerViewPage, permission: PERMISSION },
    { path: listPath('cursos'), Component: CourseListPage, permission: PERMISSION },
    { path: viewRoute('cursos'), Component: CourseViewPage, permission: PERMISSION },
  ],
});

export default consulting;
export { consulting as module };
