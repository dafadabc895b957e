import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { envelopeOk, mockApi, type MockApi, type MockRealtime } from '@volante/plugin-ui/testing';
import type { SessionUser } from '@volante/plugin-ui';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/routes';
import { createI18n } from '../i18n';
import type { ExternalSignIn } from '../features/auth/externalProviders';
import type { ModuleLoader } from '../modules/loader';

export const demoUser: SessionUser = {
  user_id: 2,
  email: 'director@autoescuela-demo.es',
  first_name: 'Dolores',
  last_name: 'Directora Demo',
  role: 'super',
  role_id: 3,
  business: { business_id: 2, name: 'Autoescuela Demo', fiscal_name: 'Autoescuela Demo SL', is_provider: false },
  branch_id: 3,
  services: [],
  permissions: [],
  locale: 'es',
  two_factor: true,
};

/** What `versiones/ultima` answers by default: the release never changes. */
export const demoVersion = { version: '0.1.0', release: 'a1b2c3d4e5f6', modules: [] };

/** The current path, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export interface RenderAppOptions {
  api?: MockApi;
  /** Store a token first (a signed-in browser). */
  signedIn?: boolean;
  lockIdleMs?: number;
  external?: ExternalSignIn;
  /** The remotes' loader; default: every remote fails. */
  modules?: ModuleLoader;
  /** A fake realtime stream (`mockRealtime()`); default: none (jsdom has no EventSource). */
  realtime?: MockRealtime;
}

/** The whole shell at `path`, with the real providers and routes, and the host faked at `fetch`. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const api = options.api ?? mockApi();
  if (options.signedIn) api.store.signIn('test-token', 'super');
  // Signed-in pages list the user's modules; none unless the test says otherwise.
  if (!api.has('GET plugin/modules')) api.on('GET plugin/modules', envelopeOk([]));
  // The header's bell reads the school's inbox: empty unless the test says otherwise.
  if (!api.has('GET notifications/inbox')) api.on('GET notifications/inbox', envelopeOk({ items: [], unread: 0 }));
  // The shell asks which version is out (the new-version notice): the same one unless the test says otherwise.
  if (!api.has('GET versiones/ultima')) api.on('GET versiones/ultima', envelopeOk(demoVersion));
  const i18n = createI18n('es');
  const result = render(
    <AppProviders
      api={api.client}
      store={api.store}
      i18n={i18n}
      config={{ lockIdleMs: options.lockIdleMs ?? 0 }}
      external={options.external ?? { google: null, facebook: null }}
      modules={options.modules}
      realtime={options.realtime?.connect}
    >
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, api, i18n };
}
