import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { ApiProvider, ConfirmProvider, SessionProvider, ToastProvider, type SessionUser } from '@volante/plugin-ui';
import { createTestI18n, envelopeOk, mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { NAMESPACE, resources } from '../i18n';
import billing from '../module';
import schemas from './billing.schemas.json';

/**
 * The host's answer to `GET plugin/schemas?plugin_id=billing` in tests: the schemas as the
 * plugin generated them (a fixture; the e2e journeys use the real host's).
 */
export const publishedSchemas = schemas;

export const director: SessionUser = {
  user_id: 2,
  email: 'director@autoescuela-demo.es',
  first_name: 'Dolores',
  last_name: 'Directora Demo',
  role: 'super',
  business: { business_id: 2, name: 'Autoescuela Demo', fiscal_name: 'Autoescuela Demo SL', is_provider: false },
  services: [{ id: 'billing' }, { id: 'contacts' }],
  permissions: [],
};

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/**
 * The module's routes as the shell mounts them, with the kit's providers and a fake host (which
 * serves the plugin's schemas unless the test answers `GET plugin/schemas` itself).
 */
export function renderModule(path: string, api: MockApi = mockApi(), extra?: ReactNode) {
  api.store.signIn('test-token', 'super');
  if (!api.has('GET plugin/schemas')) api.on('GET plugin/schemas', envelopeOk(publishedSchemas));
  const i18n = createTestI18n({ [NAMESPACE]: resources.es });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <ApiProvider client={api.client}>
        <SessionProvider store={api.store} initialUser={director}>
          <ToastProvider>
            <ConfirmProvider>
              <MemoryRouter initialEntries={[path]}>
                <Suspense fallback={null}>
                  <Routes>
                    {billing.routes.map((r) => (
                      <Route key={r.path} path={r.path} element={<r.Component />} />
                    ))}
                  </Routes>
                </Suspense>
                <Where />
                {extra}
              </MemoryRouter>
            </ConfirmProvider>
          </ToastProvider>
        </SessionProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { ...result, api };
}
