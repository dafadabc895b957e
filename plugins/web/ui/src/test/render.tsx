import type { ReactNode } from 'react';
import type { SessionUser } from '@volante/plugin-ui';
import { mockApi, type MockApi } from '@volante/plugin-ui/testing';
import { useLocation } from 'react-router';
import { renderModuleRoutes, testDirector } from '@volante/plugin-ui/testing/module';
import web from '../module';
import { storefrontLegal } from './fixtures';

/** The call of the customer area's footer (and of the conditions of sale when ordering). */
export const LEGAL_READ = 'GET web/api/legal/read';

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

/**
 * The module's routes as the shell mounts them, with the kit's providers and a fake host. Every
 * customer-area page reads the school's legal texts (its footer): unless the test answers that
 * call, the school publishes none.
 */
export function renderModule(path: string, api: MockApi = mockApi(), user: SessionUser = director, extra?: ReactNode) {
  if (!api.has(LEGAL_READ)) api.on(LEGAL_READ, storefrontLegal());
  return renderModuleRoutes(web, path, { api, user, extra });
}

/** The customer area's stored sign-in: the school's key and, when given, the customer's token. */
export function storeCustomer(key: string | null = 'wk_live_abc123', token: string | null = 'ct_lucia_7f3k') {
  if (key) localStorage.setItem('volante.customer.key', key);
  if (token) localStorage.setItem('volante.customer.token', token);
}

/** The stored sign-in, as the tests read it back. */
export const storedCustomer = () => ({ key: localStorage.getItem('volante.customer.key'), token: localStorage.getItem('volante.customer.token') });

/** The address bar's query (the kit's renderer shows only the path). */
export function LocationSearch() {
  return <output data-testid="location-search">{useLocation().search}</output>;
}
