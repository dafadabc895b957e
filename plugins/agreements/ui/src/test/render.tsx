import type { ReactNode } from 'react';
import { createSessionStore, type SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import agreements from '../module';

/** The demo director (`super`: every permission) with the agreement service. */
export const director = testDirector(['agreement']);

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(agreements, path, { api, user, extra });
}

/**
 * A fake host for a visitor without a session (the public signing page): its store keeps no
 * token, even when the test renderer signs in.
 */
export function anonymousApi(routes: Parameters<typeof mockApi>[0] = {}): MockApi {
  const store = { ...createSessionStore(), signIn: () => {} };
  return mockApi(routes, { store });
}
