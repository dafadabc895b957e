import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import dgt from '../module';

/** The demo director (`super`: every permission) with the dgt service. */
export const director = testDirector(['dgt']);

/** An office worker of branch 1 with the dgt permission only (not `dgt.all_branches`). */
export const clerk: SessionUser = {
  ...testDirector(['dgt']),
  user_id: 9,
  first_name: 'Ana',
  last_name: 'Gestora',
  role: 'Administración',
  branch_id: 1,
  permissions: ['dgt'],
};

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(dgt, path, { api, user, extra });
}
