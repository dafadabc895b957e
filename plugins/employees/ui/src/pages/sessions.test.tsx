import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { device } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const director = (id: number, extra: object = {}) =>
  device(id, { user_id: 2, email: 'director@autoescuela-demo.es', first_name: 'Dolores', last_name: 'Directora Demo', name: '', device: 'ffee0011aabbccdd', authorized: false, authorized_until: null, ...extra });

function host(routes: Record<string, object> = {}) {
  return mockApi({
    'GET user/sessions/list': envelopeOk([
      director(1, { sessions: [{ session_id: 90, current: true, ip: '127.0.0.1', user_agent: 'Chromium', created_at: '2026-11-23T08:00:00Z', last_seen_at: '2026-11-23T09:00:00Z', expires_at: '2026-11-24T08:00:00Z' }] }),
      device(5),
      device(6, { name: 'Móvil', sessions: [] }),
    ]),
    ...routes,
  });
}

describe('/employee/sessions/list', () => {
  it("lists the business's devices by user, with their sessions (the caller's own marked)", async () => {
    renderModule('/employee/sessions/list', host());
    const users = await screen.findAllByTestId('session-user');
    expect(users.map((u) => within(u).getByRole('heading').textContent)).toEqual(['Dolores Directora Demo director@autoescuela-demo.es', 'Lucía Martín Gil lucia@autoescuela-demo.es']);
    expect(within(users[0]).getByTestId('device-name')).toHaveTextContent('Dispositivo ffee0011');
    expect(within(users[0]).getByTestId('device-sessions')).toHaveTextContent('127.0.0.1, último acceso 23/11/2026 - 10:00:00Esta sesión');
    expect(users[0]).toHaveTextContent('Sin autorizar');
    expect(within(users[1]).getAllByTestId('device-name').map((d) => d.textContent)).toEqual(['Portátil de la oficina', 'Móvil']);
    expect(users[1]).toHaveTextContent('Ninguna sesión abierta');
    expect(screen.getByTestId('sessions-summary')).toHaveTextContent('Usuarios: 2 · Dispositivos: 3');
  });

  it('searches by name or e-mail, accents ignored', async () => {
    renderModule('/employee/sessions/list', host());
    await screen.findAllByTestId('session-user');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'lucia martin' } });
    await waitFor(() => expect(screen.getAllByTestId('session-user')).toHaveLength(1));
    expect(screen.getByTestId('session-user')).toHaveTextContent('Lucía Martín Gil');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'nadie' } });
    expect(await screen.findByTestId('sessions-empty')).toHaveTextContent('Ningún usuario coincide con la búsqueda');
  });

  it("renames a device, removes one and closes all of a user's sessions, reading the list again", async () => {
    const api = host({
      'POST user/sessions/rename': (req: MockRequest) => envelopeOk(req.body),
      'GET user/sessions/remove': envelopeOk({ device_id: 6, removed: true }),
      'GET user/sessions/purge': envelopeOk({ user_id: 12, devices: 2, sessions: 1 }),
    });
    renderModule('/employee/sessions/list', api);
    const lucia = (await screen.findAllByTestId('session-user'))[1];
    fireEvent.click(within(lucia).getByRole('button', { name: 'Renombrar Móvil' }));
    fireEvent.change(within(lucia).getByLabelText('Nombre del dispositivo'), { target: { value: 'Móvil de Lucía' } });
    fireEvent.click(within(lucia).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST user/sessions/rename').map((r) => r.body)).toEqual([{ device_id: 6, name: 'Móvil de Lucía' }]));
    expect(await screen.findByText('Dispositivo renombrado')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET user/sessions/list')).toHaveLength(2));

    fireEvent.click(within(screen.getAllByTestId('session-user')[1]).getByRole('button', { name: 'Quitar Móvil' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(query(api.calls('GET user/sessions/remove')[0])).toEqual({ device_id: '6' }));

    fireEvent.click(within(screen.getAllByTestId('session-user')[1]).getByRole('button', { name: 'Cerrar todas las sesiones' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Quitar todos los dispositivos de Lucía Martín Gil? Todas sus sesiones se cerrarán.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar todas las sesiones' }));
    await waitFor(() => expect(query(api.calls('GET user/sessions/purge')[0])).toEqual({ user_id: '12' }));
    expect(await screen.findByText('Sesiones cerradas y dispositivos quitados')).toBeInTheDocument();
  });

  it('says so when the devices cannot be read', async () => {
    renderModule('/employee/sessions/list', mockApi({ 'GET user/sessions/list': readError('PERMISSION-000', 'No tiene permiso') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No tiene permiso');
  });
});
