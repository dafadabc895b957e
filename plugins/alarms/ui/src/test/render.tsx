import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, mockRealtime, type MockApi, type MockRealtime } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import alarms from '../module';

/** The demo director (`super`: every permission, user 2) with the alarm service. */
export const director = testDirector(['alarm']);

/**
 * The module's routes as the shell mounts them, with the kit's providers and a fake host;
 * `realtime` (the kit's `mockRealtime()`) puts them under the kit's `RealtimeProvider` on a fake
 * stream (the test drives it: `ready()`, `emit(event, data)`, `fail()`, `endSession()`).
 */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode, realtime?: MockRealtime) {
  return renderModuleRoutes(alarms, path, { api, user, extra, realtime });
}

/**
 * The routes as most page tests want them: under the kit's `RealtimeProvider` on a fake stream
 * (`realtime`, a new `mockRealtime()` unless given) that the host has already opened (`ready`,
 * before any page read has answered, so nothing is read again), as a signed-in page usually
 * finds it. The test pushes the host's events with `realtime.emit(...)`.
 */
export function renderLive(path: string, api: MockApi = mockApi(), realtime: MockRealtime = mockRealtime()) {
  const result = renderModule(path, api, director, undefined, realtime);
  realtime.ready();
  return { ...result, realtime };
}
