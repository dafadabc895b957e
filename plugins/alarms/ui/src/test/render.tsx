import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi, type MockRealtime } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import alarms from '../module';

/** The demo director (`super`: every permission, user 2) with the alarm service. */
export const director = testDirector(['alarm']);

/**
 * The module's routes as the shell mounts them, with the kit's providers and a fake host;
 * `realtime` (the kit's `mockRealtime()`) puts them under the kit's `RealtimeProvider` on a fake
 * stream. (The page tests swap the kit's realtime hooks instead: `test/realtime.ts`.)
 */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode, realtime?: MockRealtime) {
  return renderModuleRoutes(alarms, path, { api, user, extra, realtime });
}
