// The employees plugin's remote: what the shell loads from /plugins/employees/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { DEVICES_PERMISSION, EMPLOYEE_PERMISSION, ROLES_PERMISSION } from './permissions';
import './employees.css';

const EmployeeListPage = lazy(() => import('./pages/EmployeeListPage'));
const EmployeeViewPage = lazy(() => import('./pages/EmployeeViewPage'));
const RoleListPage = lazy(() => import('./pages/RoleListPage'));
const RoleViewPage = lazy(() => import('./pages/RoleViewPage'));
const SessionListPage = lazy(() => import('./pages/SessionListPage'));

/**
 * Five routes. The list needs only the service (the host lists the menu entry only to users with
 * it); the rest name the permission their calls need, so the shell answers "no permission"
 * instead of a page that cannot load: the full record `employee`, the roles
 * `employee.permissions`, the business's devices `employee.devices`. What else a permission
 * adds (writing, roles of an account) the pages ask of the session, and the host checks again.
 */
const employees = defineModule({
  id: 'employees',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/employee/list', Component: EmployeeListPage },
    { path: '/employee/view/:employee_id', Component: EmployeeViewPage, permission: EMPLOYEE_PERMISSION },
    { path: '/employee/permissions/list', Component: RoleListPage, permission: ROLES_PERMISSION },
    { path: '/employee/permissions/view/:id', Component: RoleViewPage, permission: ROLES_PERMISSION },
    { path: '/employee/sessions/list', Component: SessionListPage, permission: DEVICES_PERMISSION },
  ],
});

export default employees;
export { employees as module };
