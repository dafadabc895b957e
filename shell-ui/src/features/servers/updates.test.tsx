import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, readError } from '@volante/plugin-ui/testing';
import { renderApp } from '../../test/renderApp';
import { serversApi, updates } from './fixtures';

const LIST = '/servicio/tecnico/servers';
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent?.replace(/\s+/g, ' ').trim()));

describe('technical service: the updates card', () => {
  it('shows the newest host version, the servers behind it (opening them) and each plugin against the registry', async () => {
    renderApp(LIST, { api: serversApi(), signedIn: true });
    const card = await screen.findByTestId('servers-updates');
    expect(within(card).getByRole('heading', { name: 'Actualizaciones' })).toBeInTheDocument();
    expect(await within(card).findByTestId('updates-latest')).toHaveTextContent(/^0\.9\.0$/);

    // Only the servers not current, with a link to each, their state and version.
    expect(card).toHaveTextContent('2 servidores no tienen la versión más reciente:');
    const behind = within(card).getByRole('table', { name: 'Servidores sin la versión más reciente' });
    expect(rowsOf(behind)).toEqual([
      ['web-2', 'Sin señal', '0.8.9'],
      ['antiguo', 'Detenido', '0.8.2'],
    ]);
    expect(within(behind).getByRole('link', { name: 'web-2' })).toHaveAttribute('href', '/servicio/tecnico/view/2');
    expect(within(behind).queryByRole('link', { name: 'web-1' })).toBeNull();

    // The plugins: installed, available (with the chip when newer), the schools using it.
    expect(card).toHaveTextContent('1 módulo tiene una actualización disponible.');
    const plugins = within(card).getByRole('table', { name: 'Versiones de los módulos' });
    expect(rowsOf(plugins)).toEqual([
      ['Facturaciónbilling', '1.2.0', '1.3.0Actualización disponible', '3'],
      ['Contactoscontacts', '0.3.1', '0.3.1', '12'],
      ['Cuadernosnotes', '0.1.0', 'No está en el registro', '0'],
    ]);
    const chips = within(plugins).getAllByText('Actualización disponible');
    expect(chips).toHaveLength(1);
    expect(chips[0]).toHaveClass('vk-badge', 'vk-badge--warning');
    expect(within(card).queryByTestId('updates-no-registry')).toBeNull();
  });

  it('says every server is current, and without a local registry says so instead of the available versions', async () => {
    const api = serversApi();
    api.on(
      'GET actualizacion/estado',
      envelopeOk({
        host: { latest: '0.9.0', servers: [{ server_id: 1, name: 'web-1', state: 'online', version: '0.9.0', current: true }] },
        registry: false,
        plugins: [{ plugin_id: 'billing', name: 'Facturación', installed: '1.2.0', available: null, update: false, businesses: 1 }],
      }),
    );
    renderApp(LIST, { api, signedIn: true });
    const card = await screen.findByTestId('servers-updates');
    expect(await within(card).findByTestId('updates-servers-current')).toHaveTextContent('Todos los servidores tienen la versión más reciente.');
    expect(within(card).queryByRole('table', { name: 'Servidores sin la versión más reciente' })).toBeNull();
    expect(within(card).getByTestId('updates-no-registry')).toHaveTextContent('No hay registro local configurado');
    const plugins = within(card).getByRole('table', { name: 'Versiones de los módulos' });
    expect(within(plugins).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Módulo', 'Instalada', 'Autoescuelas']);
    expect(rowsOf(plugins)).toEqual([['Facturaciónbilling', '1.2.0', '1']]);
    expect(card).not.toHaveTextContent('Actualización disponible');
  });

  it('says when no server runs, and shows the error with a retry when it cannot be read', async () => {
    const api = serversApi();
    let fail = true;
    api.on('GET actualizacion/estado', () => (fail ? readError('PERMISSION-000', 'Sin permiso') : envelopeOk({ ...updates, host: { latest: null, servers: [] } })));
    renderApp(LIST, { api, signedIn: true });
    const card = await screen.findByTestId('servers-updates');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Sin permiso');
    fail = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card).findByTestId('updates-latest')).toHaveTextContent('Ningún servidor en marcha');
    expect(within(card).getByTestId('updates-servers-current')).toBeInTheDocument();
  });

  it('is read again with "Actualizar"', async () => {
    const api = serversApi();
    renderApp(LIST, { api, signedIn: true });
    await within(await screen.findByTestId('servers-updates')).findByTestId('updates-latest');
    expect(api.calls('GET actualizacion/estado')).toHaveLength(1);
    api.on('GET actualizacion/estado', envelopeOk({ ...updates, host: { ...updates.host, latest: '1.0.0' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.getByTestId('updates-latest')).toHaveTextContent('1.0.0'));
    expect(api.calls('GET actualizacion/estado')).toHaveLength(2);
  });
});
