import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderApp } from '../../test/renderApp';
import { detail, retired, serversApi, status, web1, web2 } from './fixtures';

const view = (id: number) => `/servicio/tecnico/view/${id}`;
const fact = (container: HTMLElement, key: string) => container.querySelector(`[data-fact="${key}"] dd`) as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('technical service: a server', () => {
  it('shows its record and its figures: uptime, load, memory, disk, database, mail, plugins and schools', async () => {
    renderApp(view(1), { api: serversApi(), signedIn: true });
    const record = await screen.findByTestId('server-record');
    expect(screen.getByRole('heading', { level: 2, name: /web-1/ })).toHaveTextContent('En marcha');
    expect(fact(record, 'instance')).toHaveTextContent('web-1:8080');
    expect(fact(record, 'version')).toHaveTextContent('0.9.0');
    expect(fact(record, 'group')).toHaveTextContent('Producción');
    expect(fact(record, 'public_url')).toHaveTextContent('https://app.volante.es');
    expect(fact(record, 'last_seen_at')).toHaveTextContent(/hace \d+ s/);
    expect(record.querySelector('[data-fact="stopped_at"]')).toBeNull();

    const facts = screen.getByTestId('server-status-facts');
    expect(fact(facts, 'uptime')).toHaveTextContent('3 d 4 h');
    expect(fact(facts, 'cpus')).toHaveTextContent('4');
    expect(fact(facts, 'load')).toHaveTextContent('0,52 · 0,48 · 0,40');
    expect(fact(facts, 'memory')).toHaveTextContent('512 MB');
    expect(fact(facts, 'disk')).toHaveTextContent('12,5 GB libres de 100 GB');
    expect(fact(facts, 'database')).toHaveTextContent('PostgreSQL · 3,25 ms');
    expect(fact(facts, 'mail')).toHaveTextContent('En cola: 2 · Fallidos: 1');
    expect(fact(facts, 'connections')).toHaveTextContent('Conexiones: 12 · Usuarios: 8');

    const plugins = screen.getByRole('table', { name: 'Módulos' });
    expect(within(plugins).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Contactos (contacts)0.3.1', 'billing1.2.0']);
    const schools = screen.getByRole('table', { name: 'Conexiones por autoescuela' });
    expect(within(schools).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Autoescuela Demo', '9', '6'],
      ['Autoescuela Norte', '3', '2'],
    ]);
  });

  it('says what the system does not tell, and a database that did not answer', async () => {
    const api = serversApi();
    api.on('GET servidor/read', envelopeOk(detail(retired, { status: { ...status, load: null, memory_bytes: null, disk: null, database: { engine: 'sqlite', latency_ms: null }, plugins: [], connections: [{ business_id: 40, name: null, streams: 1, users: 1 }] } })));
    renderApp(view(3), { api, signedIn: true });
    const facts = await screen.findByTestId('server-status-facts');
    expect(fact(facts, 'database')).toHaveTextContent('SQLite · sin respuesta');
    expect(fact(facts, 'load')).toHaveTextContent('No disponible');
    expect(fact(facts, 'memory')).toHaveTextContent('No disponible');
    expect(fact(facts, 'disk')).toHaveTextContent('No disponible');
    expect(screen.getByRole('table', { name: 'Módulos' })).toHaveTextContent('Ningún módulo instalado');
    expect(screen.getByRole('table', { name: 'Conexiones por autoescuela' })).toHaveTextContent('Autoescuela 40');
    // A stopped server: when it stopped.
    expect(fact(screen.getByTestId('server-record'), 'stopped_at')).toHaveTextContent('20/02/2026 - 18:30:00');
  });

  it('sends only what changed: name, group (none is null) and notes', async () => {
    const api = serversApi();
    api.on('POST servidor/update', (req: MockRequest) => {
      const { server_id: _id, group_id, ...changed } = req.body as Record<string, unknown>;
      const group = group_id === undefined ? web1.group : group_id === 8 ? { group_id: 8, name: 'Pruebas' } : null;
      return envelopeOk({ ...detail(web1), ...changed, group });
    });
    renderApp(view(1), { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Datos del servidor' });
    expect(within(form).getByLabelText(/Nombre/)).toHaveValue('web-1');
    expect(within(form).getByLabelText('Notas')).toHaveValue('Rack 2, Madrid');
    const group = within(form).getByLabelText('Grupo');
    await waitFor(() => expect(within(group).getByRole('option', { name: 'Pruebas' })).toBeInTheDocument());
    expect(group).toHaveValue('7');

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST servidor/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/Nombre/), { target: { value: '  Madrid 1 ' } });
    fireEvent.change(group, { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Servidor «Madrid 1» guardado')).toBeInTheDocument();
    expect(api.calls('POST servidor/update')[0].body).toEqual({ server_id: 1, name: 'Madrid 1', group_id: 8 });
    await waitFor(() => expect(fact(screen.getByTestId('server-record'), 'group')).toHaveTextContent('Pruebas'));
    expect(screen.getByRole('heading', { level: 2, name: /Madrid 1/ })).toBeInTheDocument();

    const saved = screen.getByRole('form', { name: 'Datos del servidor' });
    fireEvent.change(within(saved).getByLabelText('Grupo'), { target: { value: '' } });
    fireEvent.change(within(saved).getByLabelText('Notas'), { target: { value: 'Retirado en abril' } });
    fireEvent.click(within(saved).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST servidor/update')).toHaveLength(2));
    expect(api.calls('POST servidor/update')[1].body).toEqual({ server_id: 1, notes: 'Retirado en abril', group_id: null });
  });

  it('asks for a name, and shows the host field errors under their field', async () => {
    const api = serversApi();
    api.on('POST servidor/update', writeError('REQ-102', 'El grupo no existe', { field: 'group_id' }));
    renderApp(view(1), { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Datos del servidor' });
    const name = within(form).getByLabelText(/Nombre/);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('100');
    expect(api.calls('POST servidor/update')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'web-1' } });
    const group = within(form).getByLabelText('Grupo');
    await waitFor(() => expect(within(group).getByRole('option', { name: 'Pruebas' })).toBeInTheDocument());
    fireEvent.change(group, { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-group_id')).toHaveTextContent('El grupo no existe');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByTestId('error-name')).toBeNull();
    expect(api.calls('POST servidor/update')[0].body).toEqual({ server_id: 1, group_id: 8 });
  });

  it('does not offer "Quitar" for a running server', async () => {
    const api = serversApi();
    renderApp(view(1), { api, signedIn: true });
    await screen.findByTestId('server-record');
    const remove = screen.getByRole('button', { name: 'Quitar' });
    expect(remove).toBeDisabled();
    expect(screen.getByTestId('server-remove-hint')).toHaveTextContent('Un servidor en marcha no se puede quitar');
    expect(remove).toHaveAccessibleDescription(/Un servidor en marcha no se puede quitar/);
    fireEvent.click(remove);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('POST servidor/delete')).toHaveLength(0);
  });

  it('removes a stopped server only after confirming, then goes back to the list', async () => {
    const api = serversApi();
    api.on('POST servidor/delete', envelopeOk({ server_id: 3 }));
    renderApp(view(3), { api, signedIn: true });
    await screen.findByTestId('server-record');
    expect(screen.queryByTestId('server-remove-hint')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Quitar el servidor antiguo' });
    expect(dialog).toHaveTextContent('antiguo dejará de aparecer en la lista');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST servidor/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('Servidor «antiguo» quitado')).toBeInTheDocument();
    expect(api.calls('POST servidor/delete')[0].body).toEqual({ server_id: 3 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/servicio/tecnico/servers'));
  });

  it('shows the refusal of a server that came back, and its state now', async () => {
    const api = serversApi();
    api.on('POST servidor/delete', writeError('CONFLICT-000', 'Un servidor en marcha no se puede quitar'));
    renderApp(view(2), { api, signedIn: true });
    await screen.findByTestId('server-record');
    expect(screen.getByRole('heading', { level: 2, name: /web-2/ })).toHaveTextContent('Sin señal');
    api.on('GET servidor/status/read', envelopeOk({ server_id: 2, name: 'web-2', state: 'online', last_seen_at: new Date().toISOString(), status }));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByTestId('server-action-errors')).toHaveTextContent('Un servidor en marcha no se puede quitar');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /web-2/ })).toHaveTextContent('En marcha'));
    expect(screen.getByRole('button', { name: 'Quitar' })).toBeDisabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/servicio/tecnico/view/2');
  });

  it('reads its figures again with "Actualizar"', async () => {
    const api = serversApi();
    renderApp(view(2), { api, signedIn: true });
    const card = await screen.findByTestId('server-status');
    expect(fact(card, 'uptime')).toHaveTextContent('3 d 4 h');
    api.on('GET servidor/status/read', envelopeOk({ server_id: 2, name: 'web-2', state: 'lost', last_seen_at: web2.last_seen_at, status: { ...status, uptime_seconds: 4 * 3600 + 12 * 60, mail: { queued: 0, failed: 5 } } }));
    fireEvent.click(within(card).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(fact(card, 'uptime')).toHaveTextContent('4 h 12 min'));
    expect(fact(card, 'mail')).toHaveTextContent('En cola: 0 · Fallidos: 5');
    expect(api.calls('GET servidor/status/read').at(-1)?.query.get('id')).toBe('2');

    api.on('GET servidor/status/read', { success: false, error: { code: 'REQ-100', data: null, details: 'Sin conexión' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Actualizar' }));
    expect(await within(card).findByTestId('server-status-errors')).toHaveTextContent('Sin conexión');
    expect(fact(card, 'uptime')).toHaveTextContent('4 h 12 min');
  });

  it('reads its state and figures again every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = serversApi();
    renderApp(view(2), { api, signedIn: true });
    await screen.findByTestId('server-record');
    expect(api.calls('GET servidor/status/read')).toHaveLength(0);
    api.on('GET servidor/status/read', envelopeOk({ server_id: 2, name: 'web-2', state: 'online', last_seen_at: new Date().toISOString(), status: { ...status, cpus: 16 } }));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /web-2/ })).toHaveTextContent('En marcha'));
    expect(fact(screen.getByTestId('server-status-facts'), 'cpus')).toHaveTextContent('16');
    expect(api.calls('GET servidor/status/read')).toHaveLength(1);
    // Running again: it cannot be removed.
    expect(screen.getByRole('button', { name: 'Quitar' })).toBeDisabled();
  });

  it('says so when the server does not exist', async () => {
    renderApp(view(77), { api: serversApi(), signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Servidor no encontrado');
  });
});
