import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';

const base = {
  state: 'active', created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-02-01T10:00:00.000Z', branch_id: 3, relation: 'provider', type: 'E',
  first_name: '', last_name: '', second_last_name: '', gender: '', nationality: '', birthday: null, incorporation_date: null, trade_name: '',
  mobile: '', street: '', city: 'Madrid', province_id: 28, postal_code: '28013', notes: '', avatar_file_id: null, notifications: true,
};
const taller = { ...base, id: 2, code: '000002', display_name: 'Talleres Sur', fiscal_name: 'Talleres Sur SL', fiscal_code: 'B12345674', email: 'taller@sur.es', phone: '910000001' };
const recambios = { ...base, id: 3, code: '000003', display_name: 'Recambios Norte', fiscal_name: 'Recambios Norte SA', fiscal_code: 'A58818501', email: '', phone: '', mobile: '600999888', state: 'inactive' };
const groupTalleres = { id: 4, name: 'Talleres', description: '', color: '', relation: 'provider', state: 'active', members: 1 };
const groupRecambios = { id: 5, name: 'Recambios', description: '', color: '', relation: 'provider', state: 'active', members: 0 };

function page(items: unknown[], total = items.length) {
  return envelopeOk({ items, total, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length });
}
const query = (req: MockRequest) => Object.fromEntries(req.query);

describe('/provider/list', () => {
  it('lists suppliers through provider/read with "Viendo x a y de z", and searches, filters by state and group', async () => {
    const api = mockApi({
      'GET provider/read': (req: MockRequest) => (req.query.get('search') || req.query.get('group_id') ? page([taller]) : page([taller, recambios])),
      'GET provider/group/read': page([groupTalleres, groupRecambios]),
    });
    renderModule('/provider/list', api);
    const table = await screen.findByRole('table', { name: 'Proveedores' });
    await within(table).findByRole('link', { name: 'Talleres Sur' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'NIF/CIF', 'Correo electrónico', 'Teléfono', 'Estado', 'Acciones']);
    expect(within(table).getByRole('link', { name: 'Talleres Sur' })).toHaveAttribute('href', '/provider/view/2');
    expect(within(table).getByText('600999888')).toBeInTheDocument(); // no phone: the mobile
    expect(within(table).getAllByTestId('contact-state').map((b) => b.textContent)).toEqual(['Activo', 'Inactivo']);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2');
    expect(query(api.calls('GET provider/read')[0])).toEqual({ page: '1', per_page: '25' });

    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' talleres ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 1 de 1'));
    expect(query(api.calls('GET provider/read').at(-1)!)).toEqual({ search: 'talleres', page: '1', per_page: '25' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'inactive' } });
    await waitFor(() => expect(query(api.calls('GET provider/read').at(-1)!)).toEqual({ search: 'talleres', page: '1', per_page: '25', state: 'inactive' }));

    const groups = screen.getByRole('combobox', { name: 'Grupo' });
    await within(groups).findByRole('option', { name: 'Recambios' });
    fireEvent.change(groups, { target: { value: '4' } });
    await waitFor(() => expect(query(api.calls('GET provider/read').at(-1)!)).toEqual({ search: 'talleres', page: '1', per_page: '25', state: 'inactive', group_id: '4' }));

    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(query(api.calls('GET provider/read').at(-1)!)).toEqual({ page: '1', per_page: '25', state: 'inactive', group_id: '4' }));
  });

  it('deactivates a supplier and deletes another after confirming (twice), reading the list again', async () => {
    const api = mockApi({
      'GET provider/read': page([taller, recambios]),
      'GET provider/group/read': page([]),
      'POST provider/state': (req: MockRequest) => envelopeOk({ ...taller, ...(req.body as object), groups: [] }),
      'POST provider/delete': envelopeOk({ ...recambios, state: 'deleted', groups: [] }),
    });
    renderModule('/provider/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar el estado de Talleres Sur' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Desactivar a Talleres Sur?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(api.calls('POST provider/state')[0]?.body).toEqual({ id: 2, state: 'inactive' }));
    expect(await screen.findByText('Proveedor desactivado')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET provider/read')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar a Recambios Norte' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar a Recambios Norte?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer');
    expect(api.calls('POST provider/delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST provider/delete')[0]?.body).toEqual({ id: 3 }));
    expect(await screen.findByText('Proveedor eliminado')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET provider/read')).toHaveLength(3));
  });

  it('"Nuevo proveedor" opens the supplier form (a company, no relation field), creates with provider/create and opens the card', async () => {
    const created = { ...base, id: 9, code: '000009', display_name: 'Neumáticos Centro', fiscal_name: 'Neumáticos Centro SL', fiscal_code: 'B12345674', email: '', phone: '', groups: [] };
    const api = mockApi({
      'GET provider/read': (req: MockRequest) => (req.query.get('id') === '9' ? envelopeOk(created) : page([taller])),
      'GET provider/group/read': page([]),
      'POST provider/create': envelopeOk(created),
    });
    renderModule('/provider/list', api);
    await screen.findByRole('link', { name: 'Talleres Sur' });
    expect(api.calls('GET plugin/schemas')).toHaveLength(0); // the form's schemas only when it opens
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo proveedor' }));
    const form = await screen.findByRole('form', { name: 'Datos del proveedor' });
    expect(screen.queryByRole('button', { name: 'Nuevo proveedor' })).not.toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Tipo' })).toHaveValue('E');
    expect(within(form).queryByRole('combobox', { name: 'Relación' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('textbox', { name: 'Primer apellido' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Crear proveedor' }));
    expect(await within(form).findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(api.calls('POST provider/create')).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Razón social' }), { target: { value: ' Neumáticos Centro SL ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'DNI/NIE o NIF' }), { target: { value: 'b12345674' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear proveedor' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/provider/view/9'));
    const body = api.calls('POST provider/create')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'E', fiscal_name: 'Neumáticos Centro SL', fiscal_code: 'b12345674', code: '', notifications: true, avatar_file_id: null });
    expect(body).not.toHaveProperty('relation');
    expect(body).not.toHaveProperty('first_name'); // a person's field, hidden for companies
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Neumáticos Centro');
    expect(query(api.calls('GET provider/read').at(-1)!)).toEqual({ id: '9' });
  });

  it("shows the host's field errors of a new supplier under the field, and cancels", async () => {
    const api = mockApi({
      'GET provider/read': page([]),
      'GET provider/group/read': page([]),
      'POST provider/create': writeError('REQ-102', 'Cif erroneo, formato no válido', { field: 'fiscal_code' }),
    });
    renderModule('/provider/list', api);
    expect(await screen.findByText('No hay proveedores')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo proveedor' }));
    const form = await screen.findByRole('form', { name: 'Datos del proveedor' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Razón social' }), { target: { value: 'Talleres Sur SL' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'DNI/NIE o NIF' }), { target: { value: 'X1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear proveedor' }));
    const message = await within(form).findByText('Cif erroneo, formato no válido');
    expect(within(form).getByRole('textbox', { name: 'DNI/NIE o NIF' })).toHaveAttribute('aria-describedby', message.id);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Datos del proveedor' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo proveedor' })).toBeInTheDocument();
  });

  it('creates a suppliers group and deletes one after confirming, in the groups panel and the filter', async () => {
    let groups = [groupTalleres];
    const api = mockApi({
      'GET provider/read': page([taller]),
      'GET provider/group/read': () => page(groups),
      'POST provider/group/create': (req: MockRequest) => {
        groups = [...groups, { ...groupRecambios, ...(req.body as object) }];
        return envelopeOk({ ...groupRecambios, ...(req.body as object) });
      },
      'POST provider/group/delete': () => {
        groups = groups.filter((g) => g.id !== 4);
        return envelopeOk({ ...groupTalleres, state: 'deleted' });
      },
    });
    renderModule('/provider/list', api);
    const panel = await screen.findByTestId('provider-groups');
    expect(await within(panel).findByText('Talleres')).toBeInTheDocument();
    expect(within(panel).getByText('1 proveedor')).toBeInTheDocument();
    const form = within(panel).getByRole('form', { name: 'Nuevo grupo de proveedores' });

    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByText('Indique el nombre del grupo')).toBeInTheDocument();
    expect(api.calls('POST provider/group/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Nombre del grupo' }), { target: { value: ' Recambios ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Piezas y neumáticos' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    await waitFor(() => expect(api.calls('POST provider/group/create')[0]?.body).toEqual({ name: 'Recambios', description: 'Piezas y neumáticos' }));
    expect(await screen.findByText('Grupo Recambios creado')).toBeInTheDocument();
    expect(await within(panel).findByText('Recambios')).toBeInTheDocument();
    expect(within(panel).getByText('0 proveedores')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Nombre del grupo' })).toHaveValue('');
    expect(within(screen.getByRole('combobox', { name: 'Grupo' })).getByRole('option', { name: 'Recambios' })).toBeInTheDocument();

    // filtered by the group about to go: the filter goes back to every group
    fireEvent.change(screen.getByRole('combobox', { name: 'Grupo' }), { target: { value: '4' } });
    await waitFor(() => expect(api.calls('GET provider/read').at(-1)!.query.get('group_id')).toBe('4'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Talleres' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el grupo Talleres?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST provider/group/delete')[0]?.body).toEqual({ id: 4 }));
    expect(await screen.findByText('Grupo Talleres eliminado')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Talleres')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Grupo' })).toHaveValue('');
    await waitFor(() => expect(api.calls('GET provider/read').at(-1)!.query.has('group_id')).toBe(false));
  });

  it("puts the host's refusal of a group under its name", async () => {
    const api = mockApi({
      'GET provider/read': page([]),
      'GET provider/group/read': page([]),
      'POST provider/group/create': writeError('CONFLICT-000', 'Ya existe un grupo con ese nombre', { field: 'name' }),
    });
    renderModule('/provider/list', api);
    const panel = await screen.findByTestId('provider-groups');
    expect(await within(panel).findByText('Todavía no hay grupos de proveedores')).toBeInTheDocument();
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Nombre del grupo' }), { target: { value: 'Clientes VIP' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(panel).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');
  });
});

describe('/provider/view/:provider_id', () => {
  const detail = { ...taller, groups: [{ id: 7, name: 'Clientes VIP' }, { id: 4, name: 'Talleres' }] };

  function viewApi(extra: Record<string, unknown> = {}) {
    return mockApi({
      'GET provider/read': (req: MockRequest) => (req.query.get('id') === '2' ? envelopeOk(detail) : readError('NOT-FOUND-000', 'Proveedor no encontrado')),
      'GET provider/group/read': page([groupRecambios, groupTalleres]),
      ...extra,
    } as Record<string, object>);
  }

  it("shows the supplier's card and sends only what changed with provider/update", async () => {
    const api = viewApi({ 'POST provider/update': (req: MockRequest) => envelopeOk({ ...detail, ...(req.body as object), updated_at: '2026-03-01T10:00:00.000Z' }) });
    renderModule('/provider/view/2', api);
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Talleres Sur');
    expect(query(api.calls('GET provider/read')[0])).toEqual({ id: '2' });
    expect(screen.getByText('000002 · Empresa · Proveedor')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a proveedores' })).toHaveAttribute('href', '/provider/list');
    const form = await screen.findByRole('form', { name: 'Datos del proveedor' });
    expect(within(form).queryByRole('combobox', { name: 'Relación' })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Razón social' })).toHaveValue('Talleres Sur SL');

    // nothing changed: nothing sent
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST provider/update')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Móvil' }), { target: { value: ' 600123456 ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Observaciones' }), { target: { value: 'Paga a 30 días' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST provider/update')).toHaveLength(1));
    expect(api.calls('POST provider/update')[0].body).toEqual({ id: 2, mobile: '600123456', notes: 'Paga a 30 días' });
    expect(await screen.findByText('Proveedor guardado')).toBeInTheDocument();

    // the next save compares with what was stored
    const saved = await screen.findByRole('form', { name: 'Datos del proveedor' });
    expect(within(saved).getByRole('textbox', { name: 'Móvil' })).toHaveValue('600123456');
    fireEvent.change(within(saved).getByRole('textbox', { name: 'Correo electrónico' }), { target: { value: 'compras@sur.es' } });
    fireEvent.click(within(saved).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST provider/update')).toHaveLength(2));
    expect(api.calls('POST provider/update')[1].body).toEqual({ id: 2, email: 'compras@sur.es' });
  });

  it("shows the host's field errors (REQ-102, data.field) under their field", async () => {
    const api = viewApi({
      'POST provider/update': writeError('REQ-102', 'Cif erroneo, la letra o el dígito de control no se corresponde', { field: 'fiscal_code' }),
    });
    renderModule('/provider/view/2', api);
    const form = await screen.findByRole('form', { name: 'Datos del proveedor' });
    const fiscal = within(form).getByRole('textbox', { name: 'DNI/NIE o NIF' });
    fireEvent.change(fiscal, { target: { value: 'B12345675' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    const message = await within(form).findByText('Cif erroneo, la letra o el dígito de control no se corresponde');
    expect(fiscal).toHaveAttribute('aria-invalid', 'true');
    expect(fiscal).toHaveAttribute('aria-describedby', message.id);
    expect(api.calls('POST provider/update')[0].body).toEqual({ id: 2, fiscal_code: 'B12345675' });
  });

  it("adds the supplier to a suppliers' group and removes it from one, with {group_id, contact_id}", async () => {
    const api = viewApi({
      'POST provider/group/settings/remove': envelopeOk({ group_id: 4, removed: 1, members: 0 }),
      'POST provider/group/settings/add': envelopeOk({ group_id: 5, added: 1, members: 1 }),
    });
    renderModule('/provider/view/2', api);
    const card = await screen.findByTestId('provider-groups-card');
    expect(within(card).getByText('Clientes VIP')).toBeInTheDocument();
    // a clients' group the supplier is in: listed, but not a suppliers' group to remove it from here
    await within(card).findByRole('button', { name: 'Quitar del grupo Talleres' });
    expect(within(card).queryByRole('button', { name: 'Quitar del grupo Clientes VIP' })).not.toBeInTheDocument();
    // only the suppliers' groups it is not in are offered
    const select = within(card).getByRole('combobox', { name: 'Añadir a un grupo' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elija un grupo…', 'Recambios']);

    fireEvent.click(within(card).getByRole('button', { name: 'Quitar del grupo Talleres' }));
    await waitFor(() => expect(api.calls('POST provider/group/settings/remove')[0]?.body).toEqual({ group_id: 4, contact_id: 2 }));
    expect(await screen.findByText('Quitado del grupo Talleres')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Clientes VIP']);
    // and it is offered again
    expect(within(within(card).getByRole('combobox', { name: 'Añadir a un grupo' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elija un grupo…', 'Recambios', 'Talleres']);

    fireEvent.change(within(card).getByRole('combobox', { name: 'Añadir a un grupo' }), { target: { value: '5' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Añadir' }));
    await waitFor(() => expect(api.calls('POST provider/group/settings/add')[0]?.body).toEqual({ group_id: 5, contact_id: 2 }));
    expect(await screen.findByText('Añadido al grupo Recambios')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Clientes VIP', 'RecambiosQuitar']);
    expect(api.calls('GET provider/read')).toHaveLength(1); // the card is updated in place
  });

  it('deactivates the supplier after confirming and shows it again', async () => {
    const api = viewApi({ 'POST provider/state': envelopeOk({ ...detail, state: 'inactive' }) });
    renderModule('/provider/view/2', api);
    expect(await screen.findByTestId('contact-state')).toHaveTextContent('Activo');
    api.on('GET provider/read', envelopeOk({ ...detail, state: 'inactive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(screen.getByTestId('contact-state')).toHaveTextContent('Inactivo'));
    expect(api.calls('POST provider/state')[0].body).toEqual({ id: 2, state: 'inactive' });
    expect(screen.getByText('Proveedor desactivado')).toBeInTheDocument();
  });

  it('shows a deleted supplier read-only: no actions, form disabled, no group changes', async () => {
    const api = viewApi();
    api.on('GET provider/read', envelopeOk({ ...detail, state: 'deleted' }));
    renderModule('/provider/view/2', api);
    expect(await screen.findByText('Este proveedor está eliminado: puede consultarlo, pero no modificarlo.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Datos del proveedor' });
    expect(within(form).getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Añadir a un grupo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Quitar del grupo/ })).not.toBeInTheDocument();
  });

  it("says the host's message when the supplier cannot be read, and retries", async () => {
    const api = viewApi();
    renderModule('/provider/view/8', api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Proveedor no encontrado');
    api.on('GET provider/read', envelopeOk({ ...detail, id: 8 }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Talleres Sur');
  });
});
