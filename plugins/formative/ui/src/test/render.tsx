import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { createSessionStore, type PageLayoutSetter, type SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import formative from '../module';

/** The demo director (`super`: every permission, user 2) with the formative service. */
export const director = testDirector(['formative', 'temary']);

/** A member of staff who writes the contents (`formative.content`) but does not assign them. */
export const editor: SessionUser = { ...director, user_id: 7, email: 'ana@autoescuela-demo.es', first_name: 'Ana', last_name: 'García', role: 'teacher', permissions: ['formative.content'] };

/** The query of the current location (the kit's helper shows only the path). */
function Query() {
  return <output data-testid="query">{useLocation().search}</output>;
}

/**
 * The module's routes as the shell mounts them, with the kit's providers and a fake host;
 * `layout` gets what the pages set in the shell's layout (title, breadcrumbs).
 */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode, layout?: PageLayoutSetter) {
  return renderModuleRoutes(formative, path, {
    api,
    user,
    layout,
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
