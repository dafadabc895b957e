import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import type { SessionUser } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../../test/renderApp';

const admin: SessionUser = {
  ...demoUser,
  user_id: 1,
  email: 'admin@volante.local',
  first_name: 'Administración',
  business: { business_id: 1, name: 'Volante', fiscal_name: 'Volante Servicios SL', is_provider: true },
};

const school = {
  business_id: 2, name: 'Autoescuela Demo', fiscal_name: 'Autoescuela Demo SL', fiscal_code: 'B12345674', email: 'director@autoescuela-demo.es',
  phone: '', city: 'Madrid', status: 'active', is_provider: false, created_at: '2026-01-10T09:00:00Z', group_id: null, group_name: null,
};
const north = Array.from({ length: 3 }, (_, i) => ({ ...school, business_id: 10 + i, name: `Autoescuela Norte ${i + 1}`, city: 'Bilbao', group_id: 7, group_name: 'Franquicia Norte' }));
const provider = { ...school, business_id: 1, name: 'Volante', fiscal_name: 'Volante Servicios SL', is_provider: true };
const groups = [
  { group_id: 7, name: 'Franquicia Norte', businesses: 3 },
  { group_id: 8, name: 'Andalucía', businesses: 0 },
];

function businessApi() {
  return mockApi({
    'GET user/verify': envelopeOk({ user: admin }),
    'GET user/update': envelopeOk({ user: admin }),
    'GET business/read': (req: MockRequest) => {
      if (req.query.get('all') === 'true') return envelopeOk([school, ...north, provider]);
      const id = Number(req.query.get('business_id'));
      return envelopeOk({ ...(id === 1 ? provider : school), branch_count: 1, services: [] });
    },
    'GET business/group/readgroup': envelopeOk(groups),
  });
}

describe('provider business groups: the list', () => {
  it('shows each business group in a "Grupo" column and filters by it', async () => {
    renderApp('/facilauto/business/list', { api: businessApi(), signedIn: true });
    const table = await screen.findByRole('table', { name: 'Empresas' });
    await within(table).findByRole('link', { name: 'Autoescuela Demo' });
    expect(within(table).getByRole('columnheader', { name: 'Grupo' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Autoescuela Norte 1' }).closest('tr')).toHaveTextContent('Franquicia Norte');
    expect(within(table).getByRole('link', { name: 'Autoescuela Demo' }).closest('tr')).toHaveTextContent('Sin grupo');
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 5 de 5');

    const filter = screen.getByRole('combobox', { name: 'Filtrar por grupo' });
    await waitFor(() => expect(within(filter).getByRole('option', { name: 'Franquicia Norte' })).toBeInTheDocument());
    fireEvent.change(filter, { target: { value: '7' } });
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 3 de 3'));
    expect(within(table).queryByRole('link', { name: 'Autoescuela Demo' })).toBeNull();
    fireEvent.change(filter, { target: { value: 'none' } });
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2'));
    fireEvent.change(filter, { target: { value: '8' } });
    await waitFor(() => expect(within(table).getByText('No hay registros')).toBeInTheDocument());
  });

  it('creates a business group', async () => {
    const api = businessApi();
    api.on('POST business/group/create', (req: MockRequest) => envelopeOk({ group_id: 9, name: (req.body as { name: string }).name, businesses: 0 }));
    renderApp('/facilauto/business/list', { api, signedIn: true });
    const panel = await screen.findByTestId('business-groups');
    expect(await within(panel).findByText('3 autoescuelas')).toBeInTheDocument();
    api.on('GET business/group/readgroup', envelopeOk([...groups, { group_id: 9, name: 'Levante', businesses: 0 }]));
    fireEvent.change(within(panel).getByLabelText(/Nombre del grupo/), { target: { value: 'Levante' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear grupo' }));
    expect(await screen.findByText('Grupo Levante creado')).toBeInTheDocument();
    expect(api.calls('POST business/group/create')[0].body).toEqual({ name: 'Levante' });
    expect(await within(panel).findByText('Levante')).toBeInTheDocument();
  });

  it('deletes a business group after confirming, and shows why the host refused one', async () => {
    const api = businessApi();
    api.on('POST business/group/delete', (req: MockRequest) =>
      (req.body as { group_id: number }).group_id === 7 ? writeError('CONFLICT-000', 'Hay notificaciones dirigidas a este grupo') : envelopeOk(req.body),
    );
    renderApp('/facilauto/business/list', { api, signedIn: true });
    const panel = await screen.findByTestId('business-groups');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Eliminar el grupo Franquicia Norte' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sus autoescuelas se conservan, sin grupo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Hay notificaciones dirigidas a este grupo');
    expect(api.calls('POST business/group/delete')[0].body).toEqual({ group_id: 7 });
    expect(within(panel).getByText('Franquicia Norte')).toBeInTheDocument();

    api.on('GET business/group/readgroup', envelopeOk(groups.slice(0, 1)));
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Andalucía' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Andalucía eliminado')).toBeInTheDocument();
    expect(api.calls('POST business/group/delete')[1].body).toEqual({ group_id: 8 });
    await waitFor(() => expect(within(panel).queryByText('Andalucía')).toBeNull());
    expect(within(panel).queryByRole('alert')).toBeNull();
    // The schools are read again (a deleted group's schools lose it).
    await waitFor(() => expect(api.calls('GET business/read')).toHaveLength(2));
  });
});

describe('provider business groups and status: the business', () => {
  it('assigns the business to a group, and takes it out', async () => {
    const api = businessApi();
    api.on('POST business/assign/group/update', (req: MockRequest) => {
      const { group_id } = req.body as { group_id: number | null };
      return envelopeOk({ ...school, group_id, group_name: group_id === 7 ? 'Franquicia Norte' : null });
    });
    renderApp('/facilauto/business/view/2', { api, signedIn: true });
    const select = await screen.findByRole('combobox', { name: 'Grupo' });
    expect(select).toHaveValue('');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Franquicia Norte' })).toBeInTheDocument());
    fireEvent.change(select, { target: { value: '7' } });
    expect(await screen.findByText('Autoescuela Demo pasa al grupo Franquicia Norte')).toBeInTheDocument();
    expect(api.calls('POST business/assign/group/update')[0].body).toEqual({ business_id: 2, group_id: 7 });
    expect(screen.getByRole('combobox', { name: 'Grupo' })).toHaveValue('7');
    // The branches read with the business stay (the answer may not carry them).
    expect(screen.getByText('Sucursales').closest('div')).toHaveTextContent('1');

    fireEvent.change(screen.getByRole('combobox', { name: 'Grupo' }), { target: { value: '' } });
    expect(await screen.findByText('Autoescuela Demo ya no está en ningún grupo')).toBeInTheDocument();
    expect(api.calls('POST business/assign/group/update')[1].body).toEqual({ business_id: 2, group_id: null });
    expect(screen.getByRole('combobox', { name: 'Grupo' })).toHaveValue('');
  });

  it('suspends only after confirming (its staff cannot sign in), and offers the other statuses', async () => {
    const api = businessApi();
    api.on('POST business/status', (req: MockRequest) => envelopeOk({ ...school, status: (req.body as { status: string }).status }));
    renderApp('/facilauto/business/view/2', { api, signedIn: true });
    const actions = await screen.findByRole('group', { name: 'Cambiar el estado' });
    expect(within(actions).queryByRole('button', { name: 'Activar' })).toBeNull();
    fireEvent.click(within(actions).getByRole('button', { name: 'Suspender' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Su personal no podrá iniciar sesión mientras esté suspendida');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST business/status')).toHaveLength(0);

    fireEvent.click(within(actions).getByRole('button', { name: 'Suspender' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspender' }));
    expect(await screen.findByText('Estado de Autoescuela Demo: Suspendida')).toBeInTheDocument();
    expect(api.calls('POST business/status')[0].body).toEqual({ business_id: 2, status: 'suspended' });
    expect(within(actions).queryByRole('button', { name: 'Suspender' })).toBeNull();

    // No question for the others.
    fireEvent.click(within(actions).getByRole('button', { name: 'Periodo de prueba' }));
    expect(await screen.findByText('Estado de Autoescuela Demo: En prueba')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('POST business/status')[1].body).toEqual({ business_id: 2, status: 'trial' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Activar' }));
    await waitFor(() => expect(api.calls('POST business/status')).toHaveLength(3));
    expect(api.calls('POST business/status')[2].body).toEqual({ business_id: 2, status: 'active' });
  });

  it("does not offer to suspend the provider's own business, and shows a refusal", async () => {
    const api = businessApi();
    api.on('POST business/status', writeError('REQ-102', 'La empresa del proveedor no se puede suspender', { field: 'status' }));
    renderApp('/facilauto/business/view/1', { api, signedIn: true });
    const actions = await screen.findByRole('group', { name: 'Cambiar el estado' });
    expect(within(actions).queryByRole('button', { name: 'Suspender' })).toBeNull();
    fireEvent.click(within(actions).getByRole('button', { name: 'Periodo de prueba' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La empresa del proveedor no se puede suspender');
  });
});

describe('provider business: remove completely', () => {
  const suspended = { ...school, status: 'suspended' };

  function suspendedApi() {
    const api = businessApi();
    api.on('GET business/read', (req: MockRequest) => {
      if (req.query.get('all') === 'true') return envelopeOk([suspended, ...north, provider]);
      const id = Number(req.query.get('business_id'));
      return envelopeOk({ ...(id === 1 ? provider : suspended), branch_count: 1, services: [] });
    });
    return api;
  }

  it("is not offered for the provider's own business, and an active school must be suspended first", async () => {
    const first = renderApp('/facilauto/business/view/1', { api: businessApi(), signedIn: true });
    await screen.findByRole('group', { name: 'Cambiar el estado' });
    expect(screen.queryByTestId('business-remove')).toBeNull();
    expect(screen.queryByTestId('business-remove-suspend-first')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar por completo' })).toBeNull();
    first.unmount();

    const api = businessApi();
    api.on('POST business/status', (req: MockRequest) => envelopeOk({ ...school, status: (req.body as { status: string }).status }));
    renderApp('/facilauto/business/view/2', { api, signedIn: true });
    const actions = await screen.findByRole('group', { name: 'Cambiar el estado' });
    expect(screen.getByTestId('business-remove-suspend-first')).toHaveTextContent('Para eliminar la empresa por completo, suspéndala primero');
    expect(screen.queryByTestId('business-remove')).toBeNull();
    expect(screen.queryByLabelText('Escriba el nombre de la empresa para confirmar')).toBeNull();

    // Once suspended, the danger zone shows.
    fireEvent.click(within(actions).getByRole('button', { name: 'Suspender' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Suspender' }));
    const zone = await screen.findByTestId('business-remove');
    expect(within(zone).getByRole('heading', { name: 'Eliminar la empresa por completo' })).toBeInTheDocument();
    expect(zone).toHaveTextContent('datos de los módulos, documentos, usuarios y sesiones');
    expect(zone).toHaveTextContent('RGPD');
    expect(zone).toHaveTextContent('auditoría del proveedor');
    expect(screen.queryByTestId('business-remove-suspend-first')).toBeNull();
  });

  it('enables "Eliminar por completo" only once the name is typed again, asks, deletes and goes back to the list', async () => {
    const api = suspendedApi();
    api.on('GET business/removecomplete', () => envelopeOk({ business_id: 2, name: 'Autoescuela Demo', users: 3, files: 1, objects: 4, plugin_rows: 120 }));
    renderApp('/facilauto/business/view/2', { api, signedIn: true });
    const zone = await screen.findByTestId('business-remove');
    const input = within(zone).getByLabelText('Escriba el nombre de la empresa para confirmar');
    const button = within(zone).getByRole('button', { name: 'Eliminar por completo' });
    expect(button).toBeDisabled();
    fireEvent.change(input, { target: { value: 'Autoescuela' } });
    expect(button).toBeDisabled();
    fireEvent.change(input, { target: { value: 'Autoescuela Demo SL' } });
    expect(button).toBeDisabled();
    fireEvent.change(input, { target: { value: '  autoescuela DEMO ' } });
    expect(button).toBeEnabled();

    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('no se puede deshacer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('GET business/removecomplete')).toHaveLength(0);

    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar por completo' }));
    expect(await screen.findByText('Empresa Autoescuela Demo eliminada: 3 usuarios, 1 documento')).toBeInTheDocument();
    const sent = api.calls('GET business/removecomplete')[0].query;
    expect(sent.get('business_id')).toBe('2');
    expect(sent.get('confirm')).toBe('autoescuela DEMO');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/business/list'));
  });

  it("shows the host's refusal of the typed name under the field, and other refusals as the other actions do", async () => {
    const api = suspendedApi();
    api.on('GET business/removecomplete', readError('REQ-102', 'El nombre no coincide con el de la empresa', { field: 'confirm' }));
    renderApp('/facilauto/business/view/2', { api, signedIn: true });
    const zone = await screen.findByTestId('business-remove');
    const input = within(zone).getByLabelText('Escriba el nombre de la empresa para confirmar');
    fireEvent.change(input, { target: { value: 'Autoescuela Demo' } });
    fireEvent.click(within(zone).getByRole('button', { name: 'Eliminar por completo' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar por completo' }));
    expect(await within(zone).findByTestId('error-confirm')).toHaveTextContent('El nombre no coincide con el de la empresa');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/business/view/2');
    expect(api.calls('GET business/removecomplete')[0].query.get('confirm')).toBe('Autoescuela Demo');

    // Typing again clears it; a refusal about the business itself is a toast.
    fireEvent.change(input, { target: { value: 'autoescuela demo' } });
    expect(within(zone).queryByTestId('error-confirm')).toBeNull();
    api.on('GET business/removecomplete', readError('CONFLICT-000', 'Suspenda la empresa antes de eliminarla por completo'));
    fireEvent.click(within(zone).getByRole('button', { name: 'Eliminar por completo' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar por completo' }));
    expect(await screen.findByText('Suspenda la empresa antes de eliminarla por completo')).toBeInTheDocument();
    expect(within(zone).queryByTestId('error-confirm')).toBeNull();
    expect(within(zone).getByRole('button', { name: 'Eliminar por completo' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/business/view/2');
  });
});
