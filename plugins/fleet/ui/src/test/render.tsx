import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import fleet from '../module';

/** The demo director (`super`: every permission) with the three services. */
export const director = testDirector(['vehicle', 'workshop', 'insurance']);

/** A teacher of branch 1 with the services and none of the `fleet.*` permissions: reads only. */
export const teacher: SessionUser = {
  ...testDirector(['vehicle', 'workshop', 'insurance']),
  user_id: 7,
  first_name: 'Pablo',
  last_name: 'Profesor Demo',
  role: 'Profesor',
  branch_id: 1,
  permissions: [],
};

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(fleet, path, { api, user, extra });
}
