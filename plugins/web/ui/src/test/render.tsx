import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import web from '../module';

/** The demo director (`super`: every permission) with the web service. */
export const director = testDirector(['web']);

/** A user of the school with the service but without the `web` permission: reads only. */
export const clerk: SessionUser = {
  ...testDirector(['web']),
  user_id: 9,
  first_name: 'Carmen',
  last_name: 'Secretaria Demo',
  role: 'Secretaría',
  permissions: [],
};

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(web, path, { api, user, extra });
}
