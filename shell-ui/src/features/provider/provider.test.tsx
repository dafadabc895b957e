import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
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
    'GET business/group/readgroup': envelopeOk([]),
  });
}

describe('provider screens', () => {
  it('the provider menu shows only to provider administrators', async () => {
    renderApp('/dashboard', { api: providerApi(), signedIn: true });
    await screen.findByTestId('greeting');
    const menu = screen.getByRole('complementary', { name: 'Menú principal' });
    expect(within(menu).getByRole('link', { name: /Empresas/ })).toHaveAttribute('href', '/facilauto/business/list');
    expect(within(menu).getByRole('link', { name: /Módulos instalados/ })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /Notificaciones/ })).toHaveAttribute('href', '/facilauto/notifications/list');
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

  it('installs a package: uploads it as "package", says what changed and lists again', async () => {
    const api = providerApi();
    api.on('POST plugin/install', () => envelopeOk({ plugin_id: 'contacts', version: '0.2.0', digest: 'sha256:ff', previous: '0.1.0' }));
    renderApp('/facilauto/plugins', { api, signedIn: true });
    await screen.findByTestId('plugin-version-contacts');
    const file = new File([new Uint8Array([1, 2, 3])], 'contacts-0.2.0.vplugin', { type: 'application/octet-stream' });
    fireEvent.change(screen.getByLabelText('Paquete del módulo (.vplugin)'), { target: { files: [file] } });
    expect(await screen.findByText('Módulo contacts actualizado de 0.1.0 a 0.2.0')).toBeInTheDocument();
    const sent = api.calls('POST plugin/install')[0].body as FormData;
    expect((sent.get('package') as File).name).toBe('contacts-0.2.0.vplugin');
    await waitFor(() => expect(api.calls('GET plugin/list')).toHaveLength(2));
  });

  it('shows why the host refused a package', async () => {
    const api = providerApi();
    api.on('POST plugin/install', () => writeError('PLUGIN-012', 'El servidor no confía en la clave que firmó el paquete'));
    renderApp('/facilauto/plugins', { api, signedIn: true });
    await screen.findByTestId('plugin-version-contacts');
    const file = new File([new Uint8Array([1])], 'ajeno.vplugin');
    fireEvent.change(screen.getByLabelText('Paquete del módulo (.vplugin)'), { target: { files: [file] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('El servidor no confía en la clave que firmó el paquete');
    expect(api.calls('GET plugin/list')).toHaveLength(1);
  });

  it('removes a plugin only after confirming, saying its data stays', async () => {
    const api = providerApi();
    api.on('POST plugin/remove', (req) => envelopeOk({ ...(req.body as object), removed: true }));
    renderApp('/facilauto/plugins', { api, signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar Contactos' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sus datos se conservan');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST plugin/remove')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Contactos' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('Contactos se ha quitado')).toBeInTheDocument();
    expect(api.calls('POST plugin/remove')[0].body).toEqual({ plugin_id: 'contacts' });
  });

  it('grants the tables a plugin asks to read that are not granted yet', async () => {
    const billing = { ...plugins[0], plugin_id: 'billing', name: 'Facturación', services: [{ id: 'billing', name: 'Facturación' }], tables_requested: ['contacts_contact', 'contacts_group'], tables_granted: ['contacts_group'] };
    const api = providerApi();
    api.on('GET plugin/list', () => envelopeOk([...plugins, billing]));
    api.on('POST plugin/grant', () => envelopeOk({ plugin_id: 'billing', tables: ['contacts_contact', 'contacts_group'] }));
    renderApp('/facilauto/plugins', { api, signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Conceder lectura a Facturación' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('contacts_contact');
    expect(dialog).not.toHaveTextContent('contacts_group');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conceder' }));
    expect(await screen.findByText('Lectura concedida a Facturación')).toBeInTheDocument();
    expect(api.calls('POST plugin/grant')[0].body).toEqual({ plugin_id: 'billing', tables: ['contacts_contact'] });
  });

  it('takes back a granted table after confirming', async () => {
    const billing = { ...plugins[0], plugin_id: 'billing', name: 'Facturación', services: [{ id: 'billing', name: 'Facturación' }], tables_requested: ['contacts_contact'], tables_granted: ['contacts_contact'] };
    const api = providerApi();
    api.on('GET plugin/list', () => envelopeOk([billing]));
    api.on('POST plugin/revoke', () => envelopeOk({ plugin_id: 'billing', tables: [] }));
    renderApp('/facilauto/plugins', { api, signedIn: true });
    const revoke = await screen.findByRole('button', { name: 'Retirar a Facturación la lectura de contacts_contact' });
    expect(screen.queryByRole('button', { name: 'Conceder lectura a Facturación' })).toBeNull();
    fireEvent.click(revoke);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText('Facturación ya no lee contacts_contact')).toBeInTheDocument();
    expect(api.calls('POST plugin/revoke')[0].body).toEqual({ plugin_id: 'billing', tables: ['contacts_contact'] });
  });
});
