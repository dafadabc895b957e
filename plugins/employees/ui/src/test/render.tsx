import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import employees from '../module';

/** The demo director (`super`: every permission) with the employees service. */
export const director = testDirector(['employee']);

/** A teacher of branch 1 with the service and none of the `employee*` permissions: the list only. */
export const teacher: SessionUser = {
  ...testDirector(['employee']),
  user_id: 7,
  first_name: 'Pablo',
  last_name: 'Profesor Demo',
  role: 'Profesor',
  branch_id: 1,
  permissions: [],
};

/** An office manager of branch 1: `employee` (manage the staff) but no roles and no devices. */
export const manager: SessionUser = {
  ...testDirector(['employee']),
  user_id: 9,
  first_name: 'Ana',
  last_name: 'Gestora',
  role: 'Administración',
  branch_id: 1,
  permissions: ['employee'],
};

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(employees, path, { api, user, extra });
}
