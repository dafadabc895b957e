/**
 * A plugin remote's routes rendered as the shell mounts them, for page tests: the kit's providers
 * (i18n with the module's Spanish catalogue, API client, session, toasts, confirmations), a memory
 * router at `path`, and the current path in `data-testid="location"`. The fake host (`mockApi`)
 * answers the calls; `schemas` (when given) answers `GET plugin/schemas` unless the test does;
 * `realtime` (a `mockRealtime()`) puts the pages under a `RealtimeProvider` on that fake stream;
 * `layout` (a `PageLayoutSetter`, such as `{ set: vi.fn() }`) gets what the pages set in the
 * shell's layout (title, breadcrumbs).
 */
import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider } from '../api/ApiContext';
import { ConfirmProvider } from '../confirm/ConfirmProvider';
import { SessionProvider } from '../session/SessionContext';
import type { SessionUser } from '../session/guards';
import { ToastProvider } from '../toast/ToastProvider';
import { RealtimeProvider } from '../realtime/RealtimeProvider';
import type { VolanteModule } from '../module/contract';
import { PageLayoutContext, type PageLayoutSetter } from '../layout/pageLayout';
import { createTestI18n } from './i18n';
import { envelopeOk, mockApi, type MockApi } from './mockApi';
import type { MockRealtime } from './realtime';

/** The demo school's director (role `super`), with the services given. */
export function testDirector(services: string[]): SessionUser {
  return {
    user_id: 2,
    email: 'director@autoescuela-demo.es',
    first_name: 'Dolores',
    last_name: 'Directora Demo',
    role: 'super',
    business: { business_id: 2, name: 'Autoescuela Demo', fiscal_name: 'Autoescuela Demo SL', is_provider: false },
    services: services.map((id) => ({ id })),
    permissions: [],
  };
}

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

export interface RenderModuleOptions {
  api?: MockApi;
  user: SessionUser;
  /** The plugin's published schemas (`GET plugin/schemas`). */
  schemas?: unknown;
  extra?: ReactNode;
  /** A fake realtime stream (`mockRealtime()`); without it there is no `RealtimeProvider`. */
  realtime?: MockRealtime;
  /** Gets what the pages set with `usePageLayout` (the shell's layout); without it nothing does. */
  layout?: PageLayoutSetter;
}

export function renderModuleRoutes(module: VolanteModule, path: string, { api = mockApi(), user, schemas, extra, realtime, layout }: RenderModuleOptions) {
  api.store.signIn('test-token', user.role);
  if (schemas !== undefined && !api.has('GET plugin/schemas')) api.on('GET plugin/schemas', envelopeOk(schemas));
  const i18n = createTestI18n({ [module.namespace]: module.resources.es ?? {} });
  const routed = (
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={null}>
        <Routes>
          {module.routes.map((r) => (
            <Route key={r.path} path={r.path} element={<r.Component />} />
          ))}
        </Routes>
      </Suspense>
      <Where />
      {extra}
    </MemoryRouter>
  );
  const pages = layout ? <PageLayoutContext.Provider value={layout}>{routed}</PageLayoutContext.Provider> : routed;
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ApiProvider client={api.client}>
        <SessionProvider store={api.store} initialUser={user}>
          <ToastProvider>
            <ConfirmProvider>
              {realtime ? <RealtimeProvider connect={realtime.connect}>{pages}</RealtimeProvider> : pages}
            </ConfirmProvider>
          </ToastProvider>
        </SessionProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { ...result, api };
}
