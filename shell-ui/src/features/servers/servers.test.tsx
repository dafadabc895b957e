import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { formatDateTime } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../../test/renderApp';
import { groups, serversApi, web2 } from './fixtures';

const LIST = '/servicio/tecnico/servers';
const lastQuery = (api: ReturnType<typeof mockApi>, route: string) => api.calls(route).at(-1)?.query;

afterEach(() => {
  vi.useRealTimers();
});

describe('technical service: the servers', () => {
  it('shows the summary and each server with its state, group, version, last beat and connections', async () => {
    const api = serversApi();
    renderApp(LIST, { api, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Servidores' });
    await within(table).findByRole('link', { name: 'web-1' });
    expect(within(table).getByRole('link', { name: 'web-1' })).toHaveAttribute('href', '/servicio/tecnico/view/1');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(['web-1', 'web-2', 'antiguo']);
    const [first, second, third] = rows;
    expect(within(first).getByText('En marcha')).toHaveClass('vk-badge', 'vk-badge--success');
    expect(within(second).getByText('Sin señal')).toHaveClass('vk-badge', 'vk-badge--danger');
    expect(within(third).getByText('Detenido')).toHaveClass('vk-badge', 'server-state--stopped');
    expect(first).toHaveTextContent('Producción');
    expect(third).toHaveTextContent('Sin grupo');
    expect(first).toHaveTextContent('0.9.0');
    expect(third).toHaveTextContent('0.8.2');
    expect(first).toHaveTextContent('web-1:8080');
    // The last beat: how long ago, and the local time.
    expect(within(first).getByText(/^hace \d+ s$/)).toBeInTheDocument();
    const lost = within(second).getByText(/^hace \d+ (d|años?)$/);
    expect(lost).toHaveAttribute('title', '02/03/2026 - 10:05:00');
    expect(second).toHaveTextContent(formatDateTime(web2.last_seen_at));
    const cells = within(first).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(-2)).toEqual(['12', '8']);
    // The server that answers this browser.
    expect(within(first).getByText('Le atiende')).toBeInTheDocument();
    expect(within(second).queryByText('Le atiende')).toBeNull();

    const summary = await screen.findByTestId('servers-summary');
    const item = (key: string) => summary.querySelector(`[data-summary="${key}"]`) as HTMLElement;
    expect(item('online')).toHaveTextContent('En marcha1');
    expect(item('lost')).toHaveTextContent('Sin señal1');
    expect(item('lost')).toHaveClass('servers-summary__item--lost');
    expect(item('stopped')).toHaveTextContent('Detenidos1');
    expect(item('streams')).toHaveTextContent('Conexiones12');
    expect(item('users')).toHaveTextContent('Usuarios conectados8');
    await waitFor(() => expect(item('businesses')).toHaveTextContent('Autoescuelas conectadas2'));
  });

  it('shows "Este servidor": the host that answered, its version, uptime and connections', async () => {
    renderApp(LIST, { api: serversApi(), signedIn: true });
    const card = await screen.findByTestId('this-server');
    expect(await within(card).findByRole('link', { name: 'web-1' })).toHaveAttribute('href', '/servicio/tecnico/view/1');
    expect(within(card).getByTestId('this-server-version')).toHaveTextContent('0.9.0');
    expect(card).toHaveTextContent('web-1:8080');
    expect(card).toHaveTextContent('3 d 4 h');
    expect(card).toHaveTextContent('Conexiones: 12 · Usuarios: 8');
  });

  it('says so when the host is not registered yet', async () => {
    const api = serversApi();
    api.on('GET facilauto/admin/serverstate', envelopeOk({ server_id: null, name: null, instance: null, version: '0.9.0', started_at: null, state: 'online', status: { uptime_seconds: 5, streams: 0, users: 0 } }));
    renderApp(LIST, { api, signedIn: true });
    const card = await screen.findByTestId('this-server');
    expect(await within(card).findByTestId('this-server-name')).toHaveTextContent('Todavía sin registrar');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card).toHaveTextContent('5 s');
  });

  it('reads everything again with "Actualizar" and every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = serversApi();
    renderApp(LIST, { api, signedIn: true });
    await within(await screen.findByRole('table', { name: 'Servidores' })).findByRole('link', { name: 'web-2' });
    await waitFor(() => expect(api.calls('GET dashboard/socketchart/read')).toHaveLength(1));
    const routes = ['GET servidor/read', 'GET servidor/status/read', 'GET facilauto/admin/serverstate', 'GET dashboard/socket/read', 'GET dashboard/socketchart/read', 'GET dashboard/socketchartautoescuela/read', 'GET actualizacion/estado'];
    const counts = () => routes.map((r) => api.calls(r).length);
    await waitFor(() => expect(counts()).toEqual([1, 1, 1, 1, 1, 1, 1]));

    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(counts()).toEqual([2, 2, 2, 2, 2, 2, 2]));

    act(() => {
      vi.advanceTimersByTime(29_000);
    });
    expect(counts()).toEqual([2, 2, 2, 2, 2, 2, 2]);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(counts()).toEqual([3, 3, 3, 3, 3, 3, 3]));
    // Every read of the chart is of the range shown.
    expect(api.calls('GET dashboard/socketchart/read').map((r) => r.query.get('hours'))).toEqual(['24', '24', '24']);
  });

  it('creates a server group, showing a duplicate name under the field', async () => {
    const api = serversApi();
    api.on('POST servidor/group/create', (req: MockRequest) => {
      const { name } = req.body as { name: string };
      return name === 'Producción' ? writeError('CONFLICT-000', 'Ya existe un grupo con ese nombre', { field: 'name' }) : envelopeOk({ group_id: 9, name, servers: 0 });
    });
    renderApp(LIST, { api, signedIn: true });
    const panel = await screen.findByTestId('server-groups');
    expect(await within(panel).findByText('2 servidores')).toBeInTheDocument();
    expect(panel).toHaveTextContent('0 servidores');
    const name = within(panel).getByLabelText(/Nombre del grupo/);
    fireEvent.change(name, { target: { value: 'Producción' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(panel).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');
    expect(api.calls('POST servidor/group/create')[0].body).toEqual({ name: 'Producción' });

    api.on('GET servidor/group/read', envelopeOk([...groups, { group_id: 9, name: 'Respaldo', servers: 0 }]));
    fireEvent.change(name, { target: { value: ' Respaldo ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear grupo' }));
    expect(await screen.findByText('Grupo Respaldo creado')).toBeInTheDocument();
    expect(api.calls('POST servidor/group/create')[1].body).toEqual({ name: 'Respaldo' });
    expect(await within(panel).findByText('Respaldo')).toBeInTheDocument();
    expect(within(panel).queryByTestId('error-name')).toBeNull();
  });

  it('deletes a server group after confirming, and reads the servers again', async () => {
    const api = serversApi();
    api.on('POST servidor/group/delete', (req: MockRequest) => envelopeOk(req.body));
    renderApp(LIST, { api, signedIn: true });
    const panel = await screen.findByTestId('server-groups');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Eliminar el grupo Producción' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Se eliminará el grupo Producción. Sus servidores se conservan, sin grupo.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST servidor/group/delete')).toHaveLength(0);

    const reads = api.calls('GET servidor/read').length;
    api.on('GET servidor/group/read', envelopeOk(groups.slice(1)));
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Producción' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Producción eliminado')).toBeInTheDocument();
    expect(api.calls('POST servidor/group/delete')[0].body).toEqual({ group_id: 7 });
    await waitFor(() => expect(within(panel).queryByText('Producción')).toBeNull());
    await waitFor(() => expect(api.calls('GET servidor/read').length).toBeGreaterThan(reads));
  });

  it('shows a failed read with a retry', async () => {
    const api = serversApi();
    api.on('GET servidor/read', { success: false, error: { code: 'PERMISSION-000', data: null, details: 'No tiene permiso' } });
    renderApp(LIST, { api, signedIn: true });
    const alert = await screen.findByText('No tiene permiso');
    api.on('GET servidor/read', envelopeOk([web2]));
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reintentar' }));
    expect(await within(await screen.findByRole('table', { name: 'Servidores' })).findByRole('link', { name: 'web-2' })).toBeInTheDocument();
  });

  it('is for provider administrators only, who have "Servicio técnico" in the menu', async () => {
    const school = mockApi({ 'GET user/verify': envelopeOk({ user: demoUser }), 'GET user/update': envelopeOk({ user: demoUser }) });
    const { unmount } = renderApp(LIST, { api: school, signedIn: true });
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
    expect(school.calls('GET servidor/read')).toHaveLength(0);
    expect(within(screen.getByRole('complementary', { name: 'Menú principal' })).queryByRole('link', { name: /Servicio técnico/ })).toBeNull();
    unmount();

    renderApp('/dashboard', { api: serversApi(), signedIn: true });
    await screen.findByTestId('greeting');
    const menu = screen.getByRole('complementary', { name: 'Menú principal' });
    expect(within(menu).getByRole('link', { name: /Servicio técnico/ })).toHaveAttribute('href', LIST);
  });
});

describe('technical service: the connections', () => {
  it('draws the peak of each hour of the last 24 h, and asks hours=168 for 7 days', async () => {
    const api = serversApi();
    const { container } = renderApp(LIST, { api, signedIn: true });
    const card = await screen.findByTestId('servers-connections');
    const chart = await within(card).findByRole('img', { name: 'Conexiones (máximo de cada hora)' });
    expect(lastQuery(api, 'GET dashboard/socketchart/read')?.get('hours')).toBe('24');
    expect(lastQuery(api, 'GET dashboard/socketchartautoescuela/read')?.get('hours')).toBe('24');
    const values = (series: string) => [...chart.querySelectorAll(`[data-series="${series}"] rect`)].map((r) => [r.getAttribute('data-label'), r.getAttribute('data-value')]);
    // 10:05 and 10:10 in Madrid are the 10 h bar (its peak, 7), 11:00 the 11 h one.
    expect(values('Conexiones')).toEqual([['10 h', '7'], ['11 h', '2']]);
    expect(values('Usuarios')).toEqual([['10 h', '5'], ['11 h', '2']]);

    const range = within(card).getByRole('combobox', { name: 'Periodo' });
    expect(within(range).getAllByRole('option').map((o) => o.textContent)).toEqual(['24 h', '7 días', '14 días']);
    fireEvent.change(range, { target: { value: '168' } });
    await waitFor(() => expect(lastQuery(api, 'GET dashboard/socketchart/read')?.get('hours')).toBe('168'));
    await waitFor(() => expect(lastQuery(api, 'GET dashboard/socketchartautoescuela/read')?.get('hours')).toBe('168'));
    const week = await within(card).findByRole('img', { name: 'Conexiones (máximo de cada día)' });
    expect([...week.querySelectorAll('[data-series="Conexiones"] rect')].map((r) => [r.getAttribute('data-label'), r.getAttribute('data-value')])).toEqual([
      ['27/02', '11'],
      ['02/03', '4'],
    ]);
    expect(container.querySelector('[data-series="Conexiones"] rect title')).toHaveTextContent('27/02 · Conexiones: 11');
  });

  it('says so when nothing was sampled in the range', async () => {
    const api = serversApi();
    api.on('GET dashboard/socketchart/read', envelopeOk({ hours: 24, period_seconds: 300, points: [] }));
    api.on('GET dashboard/socketchartautoescuela/read', envelopeOk({ hours: 24, schools: [] }));
    renderApp(LIST, { api, signedIn: true });
    const card = await screen.findByTestId('servers-connections');
    expect(await within(card).findByText('No hay datos de conexiones en este periodo')).toBeInTheDocument();
    expect(await within(card).findByText('Ninguna autoescuela se ha conectado en este periodo')).toBeInTheDocument();
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('ranks the schools by peak, and a school opens its own chart', async () => {
    const api = serversApi();
    renderApp(LIST, { api, signedIn: true });
    const card = await screen.findByTestId('servers-connections');
    const table = await within(card).findByRole('table', { name: 'Autoescuelas por pico de conexiones' });
    const demo = await within(table).findByRole('button', { name: 'Autoescuela Demo' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Autoescuela Demo', '9', '4,25', '3'],
      ['Autoescuela Norte', '3', '1', '0'],
    ]);
    expect(api.calls('GET dashboard/socketchartautoescuela/read').every((r) => !r.query.has('business_id'))).toBe(true);

    fireEvent.click(demo);
    const dialog = await screen.findByRole('dialog', { name: 'Conexiones de Autoescuela Demo' });
    const asked = await waitFor(() => {
      const call = api.calls('GET dashboard/socketchartautoescuela/read').find((r) => r.query.get('business_id') === '2');
      expect(call).toBeDefined();
      return call!;
    });
    expect(asked.query.get('hours')).toBe('24');
    expect(dialog).toHaveTextContent('24 h: pico 9, media 4,25, última medida 3.');
    const chart = await within(dialog).findByRole('img', { name: 'Conexiones de Autoescuela Demo (máximo de cada hora)' });
    expect([...chart.querySelectorAll('[data-series="Conexiones"] rect')].map((r) => r.getAttribute('data-value'))).toEqual(['9']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conexiones de Autoescuela Demo' })).toBeNull());
    // The rank and each school's chart are not asked for another school.
    expect(api.calls('GET dashboard/socketchartautoescuela/read').filter((r) => r.query.has('business_id')).map((r) => r.query.get('business_id'))).toEqual(['2']);
  });
});
