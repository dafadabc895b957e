import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import type { SessionUser } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../../test/renderApp';

const admin: SessionUser = {
  ...demoUser,
  user_id: 1,
  email: 'admin@volante.local',
  first_name: 'Administración',
  business: { business_id: 1, name: 'Volante', fiscal_name: 'Volante Servicios SL', is_provider: true },
};

const notificationGroups = [
  { group_id: 1, name: 'Normativa', notifications: 2 },
  { group_id: 2, name: 'Facturación', notifications: 0 },
];
const businessGroups = [{ group_id: 7, name: 'Franquicia Norte', businesses: 4 }];

const exam = {
  notification_id: 5,
  title: 'Cambios en el examen práctico',
  body: 'Desde el 1 de abril cambia el recorrido.',
  level: 'urgent',
  group: { group_id: 1, name: 'Normativa' },
  business_group: null,
  created_at: '2026-03-02T09:05:00Z',
  updated_at: '2026-03-02T09:05:00Z',
  created_by_name: 'Administración Volante',
  reads: 12,
};
const invoices = {
  ...exam,
  notification_id: 4,
  title: 'Nuevas tarifas',
  body: '',
  level: 'info',
  group: null,
  business_group: { group_id: 7, name: 'Franquicia Norte' },
  created_at: '2026-02-20T17:30:00Z',
  reads: 0,
};
const maintenance = { ...invoices, notification_id: 3, title: 'Mantenimiento el domingo', level: 'warning', business_group: null };

function notificationsApi() {
  return mockApi({
    'GET user/verify': envelopeOk({ user: admin }),
    'GET user/update': envelopeOk({ user: admin }),
    'GET notifications/group/read': envelopeOk(notificationGroups),
    'GET business/group/readgroup': envelopeOk(businessGroups),
    'POST notifications/readall': (req: MockRequest) => {
      const { group_id, search } = req.body as { group_id: number | null; search: string };
      const items = [exam, invoices, maintenance].filter((n) => (group_id === null || n.group?.group_id === group_id) && (!search || n.title.toLowerCase().includes(search.toLowerCase())));
      return envelopeOk({ items, total: items.length, page: 1, per_page: 25 });
    },
    'GET notifications/read/5': envelopeOk(exam),
  });
}

const lastBody = (api: ReturnType<typeof mockApi>, route: string) => api.calls(route).at(-1)?.body;

describe('provider notifications: the list', () => {
  it('lists them with level label, group, recipients, date and reads, newest first', async () => {
    const api = notificationsApi();
    renderApp('/facilauto/notifications/list', { api, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Notificaciones' });
    const link = await within(table).findByRole('link', { name: 'Cambios en el examen práctico' });
    expect(link).toHaveAttribute('href', '/facilauto/notifications/view/5');
    expect(api.calls('POST notifications/readall')[0].body).toEqual({ search: '', group_id: null, page: 1, per_page: 25 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows;
    expect(within(first).getByText('Urgente')).toHaveClass('vk-badge', 'vk-badge--danger');
    expect(first).toHaveTextContent('Normativa');
    expect(first).toHaveTextContent('Todas las autoescuelas');
    expect(first).toHaveTextContent('02/03/2026 - 10:05');
    expect(first).toHaveTextContent('12');
    expect(within(second).getByText('Información')).toBeInTheDocument();
    expect(second).toHaveTextContent('Franquicia Norte');
    expect(second).toHaveTextContent('Sin grupo');
    expect(second).toHaveTextContent('20/02/2026 - 18:30');
    expect(within(third).getByText('Aviso')).toHaveClass('vk-badge--warning');
    expect(screen.getByRole('link', { name: 'Nueva notificación' })).toHaveAttribute('href', '/facilauto/notifications/view/0');
  });

  it('filters by notification group and searches, sending them to readall', async () => {
    const api = notificationsApi();
    renderApp('/facilauto/notifications/list', { api, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Notificaciones' });
    await within(table).findByRole('link', { name: 'Nuevas tarifas' });
    const filter = screen.getByRole('combobox', { name: 'Filtrar por grupo' });
    await waitFor(() => expect(within(filter).getByRole('option', { name: 'Normativa' })).toBeInTheDocument());
    fireEvent.change(filter, { target: { value: '1' } });
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'Nuevas tarifas' })).toBeNull());
    expect(lastBody(api, 'POST notifications/readall')).toEqual({ search: '', group_id: 1, page: 1, per_page: 25 });
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'examen' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(lastBody(api, 'POST notifications/readall')).toEqual({ search: 'examen', group_id: 1, page: 1, per_page: 25 }));
  });

  it('creates a notification group and shows a duplicate name under the field', async () => {
    const api = notificationsApi();
    api.on('POST notifications/group/create', (req: MockRequest) => {
      const { name } = req.body as { name: string };
      return name === 'Normativa'
        ? writeError('CONFLICT-000', 'Ya existe un grupo con ese nombre', { field: 'name' })
        : envelopeOk({ group_id: 3, name, notifications: 0 });
    });
    renderApp('/facilauto/notifications/list', { api, signedIn: true });
    const panel = await screen.findByTestId('notification-groups');
    await within(panel).findByText('Facturación');
    expect(panel).toHaveTextContent('2 notificaciones');
    const name = within(panel).getByLabelText(/Nombre del grupo/);
    fireEvent.change(name, { target: { value: 'Normativa' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(panel).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');

    api.on('GET notifications/group/read', envelopeOk([...notificationGroups, { group_id: 3, name: 'Campañas', notifications: 0 }]));
    fireEvent.change(name, { target: { value: '  Campañas ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear grupo' }));
    expect(await screen.findByText('Grupo Campañas creado')).toBeInTheDocument();
    expect(lastBody(api, 'POST notifications/group/create')).toEqual({ name: 'Campañas' });
    expect(await within(panel).findByText('Campañas')).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Filtrar por grupo' })).getByRole('option', { name: 'Campañas' })).toBeInTheDocument();
    expect(name).toHaveValue('');
  });

  it('deletes a notification group only after confirming, then lists again', async () => {
    const api = notificationsApi();
    api.on('POST notifications/group/delete', (req: MockRequest) => envelopeOk(req.body));
    renderApp('/facilauto/notifications/list', { api, signedIn: true });
    const panel = await screen.findByTestId('notification-groups');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Eliminar el grupo Normativa' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sus notificaciones se conservan, sin grupo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST notifications/group/delete')).toHaveLength(0);

    const reads = api.calls('POST notifications/readall').length;
    api.on('GET notifications/group/read', envelopeOk(notificationGroups.slice(1)));
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Normativa' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Normativa eliminado')).toBeInTheDocument();
    expect(api.calls('POST notifications/group/delete')[0].body).toEqual({ group_id: 1 });
    await waitFor(() => expect(within(panel).queryByText('Normativa')).toBeNull());
    await waitFor(() => expect(api.calls('POST notifications/readall').length).toBeGreaterThan(reads));
  });
});

describe('provider notifications: the form', () => {
  it('creates one with every field and opens it', async () => {
    const api = notificationsApi();
    api.on('POST notifications/create', (req: MockRequest) => {
      const body = req.body as { title: string; body: string; level: string };
      return envelopeOk({ ...exam, notification_id: 9, ...body, group: null, business_group: { group_id: 7, name: 'Franquicia Norte' }, reads: 0 });
    });
    api.on('GET notifications/read/9', envelopeOk({ ...exam, notification_id: 9, title: 'Cierre por festivo', level: 'warning', group: null, business_group: { group_id: 7, name: 'Franquicia Norte' }, reads: 0 }));
    renderApp('/facilauto/notifications/view/0', { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Nueva notificación' });
    const recipients = within(form).getByLabelText('Destinatarios');
    await waitFor(() => expect(within(recipients).getByRole('option', { name: 'Franquicia Norte' })).toBeInTheDocument());
    expect(recipients).toHaveValue('');
    expect(within(recipients).getByRole('option', { name: 'Todas las autoescuelas' })).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: ' Cierre por festivo ' } });
    fireEvent.change(within(form).getByLabelText('Mensaje'), { target: { value: 'El lunes no abrimos.' } });
    fireEvent.change(within(form).getByLabelText('Nivel'), { target: { value: 'warning' } });
    fireEvent.change(within(form).getByLabelText('Grupo'), { target: { value: '2' } });
    fireEvent.change(recipients, { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Notificación «Cierre por festivo» enviada')).toBeInTheDocument();
    expect(api.calls('POST notifications/create')[0].body).toEqual({ title: 'Cierre por festivo', body: 'El lunes no abrimos.', level: 'warning', group_id: 2, business_group_id: 7 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/notifications/view/9'));
    expect(await screen.findByRole('form', { name: 'Datos de la notificación' })).toBeInTheDocument();
  });

  it('creates one for every school, without group, info by default', async () => {
    const api = notificationsApi();
    api.on('POST notifications/create', envelopeOk({ ...exam, notification_id: 9 }));
    api.on('GET notifications/read/9', envelopeOk({ ...exam, notification_id: 9 }));
    renderApp('/facilauto/notifications/view/0', { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Nueva notificación' });
    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: 'Hola' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST notifications/create')).toHaveLength(1));
    expect(api.calls('POST notifications/create')[0].body).toEqual({ title: 'Hola', body: '', level: 'info', group_id: null, business_group_id: null });
  });

  it('asks for a title before sending, and shows the host field errors under their field', async () => {
    const api = notificationsApi();
    api.on('POST notifications/create', writeError('REQ-102', 'El nivel no es válido', { field: 'level' }));
    renderApp('/facilauto/notifications/view/0', { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Nueva notificación' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST notifications/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: 'Aviso' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-level')).toHaveTextContent('El nivel no es válido');
    expect(within(form).getByLabelText('Nivel')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByTestId('error-title')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/notifications/view/0');
  });

  it('shows one with its data and sends only what changed', async () => {
    const api = notificationsApi();
    api.on('POST notifications/update', (req: MockRequest) => {
      const { notification_id: _id, ...changed } = req.body as Record<string, unknown>;
      return envelopeOk({ ...exam, ...changed, business_group: changed.business_group_id === 7 ? { group_id: 7, name: 'Franquicia Norte' } : null });
    });
    renderApp('/facilauto/notifications/view/5', { api, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Datos de la notificación' });
    expect(within(form).getByLabelText(/Título/)).toHaveValue('Cambios en el examen práctico');
    expect(within(form).getByLabelText('Mensaje')).toHaveValue('Desde el 1 de abril cambia el recorrido.');
    expect(within(form).getByLabelText('Nivel')).toHaveValue('urgent');
    expect(within(form).getByLabelText('Grupo')).toHaveValue('1');
    expect(screen.getByTestId('notification-meta')).toHaveTextContent('Enviada el 02/03/2026 - 10:05 por Administración Volante');
    expect(screen.getByTestId('notification-meta')).toHaveTextContent('Leída por 12 usuarios');

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST notifications/update')).toHaveLength(0);

    const recipients = within(form).getByLabelText('Destinatarios');
    await waitFor(() => expect(within(recipients).getByRole('option', { name: 'Franquicia Norte' })).toBeInTheDocument());
    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: 'Cambios en el examen' } });
    fireEvent.change(recipients, { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Notificación «Cambios en el examen» guardada')).toBeInTheDocument();
    expect(api.calls('POST notifications/update')[0].body).toEqual({ notification_id: 5, title: 'Cambios en el examen', business_group_id: 7 });

    // Back to every school: null is sent.
    fireEvent.change(within(screen.getByRole('form', { name: 'Datos de la notificación' })).getByLabelText('Destinatarios'), { target: { value: '' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Datos de la notificación' })).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls('POST notifications/update')).toHaveLength(2));
    expect(api.calls('POST notifications/update')[1].body).toEqual({ notification_id: 5, business_group_id: null });
  });

  it('deletes one only after confirming, and goes back to the list', async () => {
    const api = notificationsApi();
    api.on('POST notifications/delete', envelopeOk({ notification_id: 5 }));
    renderApp('/facilauto/notifications/view/5', { api, signedIn: true });
    await screen.findByRole('form', { name: 'Datos de la notificación' });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('«Cambios en el examen práctico» dejará de verse en todas las autoescuelas');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST notifications/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Notificación «Cambios en el examen práctico» eliminada')).toBeInTheDocument();
    expect(api.calls('POST notifications/delete')[0].body).toEqual({ notification_id: 5 });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/notifications/list'));
  });

  it('says so when the notification does not exist', async () => {
    const api = notificationsApi();
    api.on('GET notifications/read/77', { success: false, error: { code: 'NOT-FOUND-000', data: null, details: 'La notificación no existe' } });
    renderApp('/facilauto/notifications/view/77', { api, signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('La notificación no existe');
  });

  it('is for provider administrators only', async () => {
    const api = mockApi({ 'GET user/verify': envelopeOk({ user: demoUser }), 'GET user/update': envelopeOk({ user: demoUser }) });
    renderApp('/facilauto/notifications/list', { api, signedIn: true });
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
    expect(api.calls('POST notifications/readall')).toHaveLength(0);
  });
});
