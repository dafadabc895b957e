import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import clock from '../module';

/** The demo director (`super`) with the clock service. */
export const director = testDirector(['clock']);

/** A member of staff with the service and no `employee.clock`: their own records only. */
export const worker: SessionUser = { ...testDirector(['clock']), user_id: 5, first_name: 'Ana', last_name: 'Pérez', role: 'staff', permissions: [] };

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(clock, path, { api, user, extra });
}
