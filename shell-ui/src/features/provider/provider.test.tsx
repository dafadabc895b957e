import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi } from '@volante/plugin-ui/testing';
import type { SessionUser } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../../test/renderApp';

const admin = {
  ...demoUser,
  user_id: 1,
  email: 'admin@volante.local',
  first_name: 'Administración',
  business: { business_id: 1, name: 'Volante', fiscal_name: 'Volante Servicios SL', is_provider: true },
};

const school = {
  business_id: 2, name: 'Autoescuela Demo', fiscal_name: 'Autoescuela Demo SL', fiscal_code: 'B12345674', email: 'director@autoescuela-demo.es',
  phone: '', city: 'Madrid', status: 'active', is_provider: false, created_at: '2026-01-10T09:00:00Z',
};
const others = Array.from({ length: 30 }, (_, i) => ({ ...school, business_id: 10 + i, name: `Autoescuela ${String(i + 1).padStart(2, '0')}`, city: i % 2 ? 'Sevilla' : 'Málaga' }));

const plugins = [
  { plugin_id: 'contacts', name: 'Contactos', version: '0.1.0', api: '0.1.0', digest: 'sha256:abcdef0123456789', services: [{ id: 'contacts', name: 'Contactos' }], routes: 20, tables_requested: [], tables_granted: [], businesses: [2] },
];

function providerApi(user: SessionUser = admin) {
  return mockApi({
    'GET user/verify': envelopeOk({ user }),
    'GET user/update': envelopeOk({ user }),
    'GET business/read': (req) =>
      req.query.get('all') === 'true'
        ? envelopeOk([school, ...others])
        : envelopeOk({ ...school, branch_count: 2, services: [{ id: 'contacts', name: 'Contactos', enabled_at: '2026-01-10T09:00:00Z' }, { id: 'sms', name: 'SMS', enabled_at: '2026-01-10T09:00:00Z' }] }),
    'GET plugin/list': envelopeOk(plugins),
  });
}

describe('provider screens', () => {
  it('the provider menu shows only to provider administrators', async () => {
    renderApp('/dashboard', { api: providerApi(), signedIn: true });
    await screen.findByTestId('greeting');
    const menu = screen.getByRole('complementary', { name: 'Menú principal' });
    expect(within(menu).getByRole('link', { name: /Empresas/ })).toHaveAttribute('href', '/facilauto/business/list');
    expect(within(menu).getByRole('link', { name: /Módulos instalados/ })).toBeInTheDocument();
  });

  it('a school user gets "no permission" on the provider screens and no provider menu', async () => {
    renderApp('/facilauto/business/list', { api: providerApi(demoUser), signedIn: true });
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Menú principal' })).queryByRole('link', { name: /Empresas/ })).toBeNull();
  });

  it('lists businesses with search and "Viendo x a y de z"', async () => {
    renderApp('/facilauto/business/list', { api: providerApi(), signedIn: true });
    const table = await screen.findByRole('table', { name: 'Empresas' });
    await within(table).findByRole('link', { name: 'Autoescuela Demo' });
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 31');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 31 de 31'));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'malaga' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 15 de 15'));
  });

  it('switches a plugin service off for a business, sending its full list of services', async () => {
    const api = providerApi();
    api.on('POST business/services/update', (req) => {
      const body = req.body as { services: string[] };
      return envelopeOk(body.services.map((id) => ({ id, name: id === 'sms' ? 'SMS' : 'Contactos', enabled_at: '2026-02-01T10:00:00Z' })));
    });
    renderApp('/facilauto/business/view/2', { api, signedIn: true });
    fireEvent.click(await screen.findByRole('tab', { name: 'Módulos' }));
    const toggle = await screen.findByRole('switch', { name: 'Servicio Contactos' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Servicio Contactos' })).not.toBeChecked());
    expect(api.calls('POST business/services/update')[0].body).toEqual({ business_id: 2, services: ['sms'] });
    expect(await screen.findByText('Servicio Contactos desactivado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Servicio Contactos' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Servicio Contactos' })).toBeChecked());
    expect(api.calls('POST business/services/update')[1].body).toEqual({ business_id: 2, services: ['sms', 'contacts'] });
  });

  it('lists the installed plugins with their versions', async () => {
    renderApp('/facilauto/plugins', { api: providerApi(), signedIn: true });
    expect(await screen.findByTestId('plugin-version-contacts')).toHaveTextContent('0.1.0');
    expect(screen.getByRole('table', { name: 'Módulos instalados' })).toHaveTextContent('Contactos');
  });
});
