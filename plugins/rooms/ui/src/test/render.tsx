import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { createSessionStore, type SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import rooms from '../module';

/** The demo director (`super`: every permission, user 2) with the room service. */
export const director = testDirector(['room']);

/** A teacher (user 7, Ana García) with `room` only: her own rooms. */
export const teacher: SessionUser = { ...director, user_id: 7, email: 'ana@autoescuela-demo.es', first_name: 'Ana', last_name: 'García', role: 'teacher', permissions: ['room'] };

/** A head of studies (user 8) with `room.manage` only: he manages the rooms, but does not enter them. */
export const manager: SessionUser = { ...director, user_id: 8, email: 'luis@autoescuela-demo.es', first_name: 'Luis', last_name: 'Pérez', role: 'teacher', permissions: ['room.manage'] };

/** The query of the current location (the kit's helper shows only the path). */
function Query() {
  return <output data-testid="query">{useLocation().search}</output>;
}

/** The module's routes as the shell mounts them, with the kit's providers and a fake host. */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  return renderModuleRoutes(rooms, path, {
    api,
    user,
    extra: (
      <>
        <Query />
        {extra}
      </>
    ),
  });
}

/**
 * A fake host for a visitor without a session (the public page of a link): its store keeps no
 * token, even when the test renderer signs in.
 */
export function anonymousApi(routes: Parameters<typeof mockApi>[0] = {}): MockApi {
  const store = { ...createSessionStore(), signIn: () => {} };
  return mockApi(routes, { store });
}
