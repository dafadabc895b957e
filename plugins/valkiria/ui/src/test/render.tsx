import type { ReactNode } from 'react';
import { createSessionStore, type SessionUser } from '@volante/plugin-ui';
import { mockApi, mockRealtime, type MockApi, type MockRealtime } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import { useLocation } from 'react-router';
import valkiria from '../module';

/** The demo director (`super`: every permission) with the valkiria service. */
export const director = testDirector(['valkiria']);

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode, realtime?: MockRealtime) {
  return renderModuleRoutes(valkiria, path, { api, user, extra, realtime });
}

/** The routes under the kit's `RealtimeProvider` on a fake stream already open: the test pushes
 * the host's events with `realtime.emit(...)`. */
export function renderLive(path: string, api: MockApi = mockApi(), realtime: MockRealtime = mockRealtime()) {
  const result = renderModule(path, api, director, undefined, realtime);
  realtime.ready();
  return { ...result, realtime };
}

/**
 * A fake host for a visitor without a session (the student's page at home): its store keeps no
 * token, even when the test renderer signs in.
 */
export function anonymousApi(routes: Parameters<typeof mockApi>[0] = {}): MockApi {
  const store = { ...createSessionStore(), signIn: () => {} };
  return mockApi(routes, { store });
}

/** The address bar's query (the kit's renderer shows only the path). */
export function LocationSearch() {
  return <output data-testid="location-search">{useLocation().search}</output>;
}
