import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { role, tree } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const every = ['dashboard', 'dashboard.meeting_room', 'employee', 'employee.devices', 'employee.permissions', 'fleet.vehicles'];
const roleList = () =>
  envelopeOk({
    roles: [
      { ...role(3, { name: 'Administración', permissions: ['dashboard', 'employee'] }), user_count: 0 },
      { ...role(1, { name: 'Dirección', is_super: true, permissions: every }), user_count: 1 },
      { ...role(2), user_count: 3 },
    ],
    tree,
  });
const teacherRole = (extra: object = {}) =>
  envelopeOk({ ...role(2), users: [{ user_id: 7, email: 'profesor@autoescuela-demo.es', first_name: 'Pablo', last_name: 'Profesor Demo' }], tree, ...extra });

describe('/employee/permissions/list', () => {
  it('lists the roles: name, super, menu access, permissions held, users', async () => {
    renderModule('/employee/permissions/list', mockApi({ 'GET employee/permissions/read': roleList() }));
    const table = await screen.findByRole('table', { name: 'Roles' });
    const rows = within(table).getAllByTestId('role-name').map((a) => a.closest('tr')!);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent))).toEqual([
      ['Administración', '', 'Sí', '2 de 6', '0'],
      ['Dirección', 'Todos los permisos', 'Sí', 'Todos', '1'],
      ['Profesor', '', 'Sí', '1 de 6', '3'],
    ]);
    expect(within(rows[2]).getByRole('link', { name: 'Profesor' })).toHaveAttribute('href', '/employee/permissions/view/2');
  });

  it('deletes a role after the question the host\'s rule asks: its users are left with no role and no permissions', async () => {
    const api = mockApi({ 'GET employee/permissions/read': roleList(), 'POST employee/permissions/delete': envelopeOk({ role_id: 2, deleted: true, users: [7, 8, 9] }) });
    renderModule('/employee/permissions/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el rol Profesor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar rol' });
    expect(dialog).toHaveTextContent('¿Eliminar el rol Profesor? Los 3 usuarios que lo tienen se quedarán sin rol y sin permisos.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('POST employee/permissions/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el rol Administración' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('¿Eliminar el rol Administración? Ningún usuario lo tiene.');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el rol Profesor' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST employee/permissions/delete').map((r) => r.body)).toEqual([{ role_id: 2 }]));
    expect(await screen.findByText('Rol Profesor eliminado')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET employee/permissions/read')).toHaveLength(2));
  });

  it('creates a role (name, menu access) and opens it to mark its permissions; a taken name under the field', async () => {
    const api = mockApi({
      'GET employee/permissions/read': roleList(),
      'POST employee/permissions/create': writeError('CONFLICT-000', 'Ya existe un rol con ese nombre', { field: 'name' }),
    });
    renderModule('/employee/permissions/list', api);
    const form = await screen.findByRole('form', { name: 'Nuevo rol' });
    fireEvent.change(within(form).getByLabelText(/^Nombre del rol/), { target: { value: ' Profesor ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear rol' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe un rol con ese nombre');
    expect(api.calls('POST employee/permissions/create')[0].body).toEqual({ name: 'Profesor', menu_access: true, permissions: [] });

    api.on('POST employee/permissions/create', envelopeOk(role(9, { name: 'Secretaría', permissions: [], menu_access: false })));
    api.on('GET employee/permissions/read', (req: MockRequest) => (req.query.get('role_id') ? envelopeOk({ ...role(9, { name: 'Secretaría', permissions: [] }), users: [], tree }) : roleList()));
    fireEvent.change(within(form).getByLabelText(/^Nombre del rol/), { target: { value: 'Secretaría' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Acceso al menú' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear rol' }));
    expect(await screen.findByText('Rol Secretaría creado')).toBeInTheDocument();
    expect(api.calls('POST employee/permissions/create')[1].body).toEqual({ name: 'Secretaría', menu_access: false, permissions: [] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/employee/permissions/view/9'));
    expect(await screen.findByTestId('role-title')).toHaveTextContent('Secretaría');
  });
});

describe('/employee/permissions/view/:id', () => {
  it('shows the tree (a plugin group as a heading), and saves the ticked permissions in the tree order', async () => {
    const api = mockApi({ 'GET employee/permissions/read': teacherRole(), 'POST employee/permissions/update': (req: MockRequest) => envelopeOk({ ...role(2), ...(req.body as object) }) });
    renderModule('/employee/permissions/view/2', api);
    const form = await screen.findByRole('form', { name: 'Datos del rol' });
    expect(query(api.calls('GET employee/permissions/read')[0])).toEqual({ role_id: '2' });
    expect(within(form).getByRole('checkbox', { name: 'Escritorio' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Sala de reuniones' })).not.toBeChecked();
    // the plugin's branch: a heading, its key is no permission
    expect(within(screen.getByTestId('perm-fleet')).getByRole('heading', { name: 'Flota' })).toBeInTheDocument();
    expect(within(form).queryByRole('checkbox', { name: 'Flota' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('permission-tree')).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).value)).toEqual(['dashboard', 'dashboard.meeting_room', 'employee', 'employee.devices', 'employee.permissions', 'fleet.vehicles']);
    expect(screen.getByTestId('role-users')).toHaveTextContent('Pablo Profesor Demo profesor@autoescuela-demo.es');

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Vehículos' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Permisos' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Escritorio' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Empleados' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Acceso al menú' }));
    fireEvent.change(within(form).getByLabelText(/^Nombre del rol/), { target: { value: 'Profesores' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST employee/permissions/update')).toHaveLength(1));
    expect(api.calls('POST employee/permissions/update')[0].body).toEqual({ role_id: 2, name: 'Profesores', menu_access: false, permissions: ['employee', 'employee.permissions', 'fleet.vehicles'] });
    expect(await screen.findByText('Rol guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('role-title')).toHaveTextContent('Profesores'));
    // the users stay (the answer has none)
    expect(screen.getByTestId('role-users')).toHaveTextContent('Pablo Profesor Demo');
  });

  it('a super role: every permission, only its name and menu access are sent', async () => {
    const api = mockApi({
      'GET employee/permissions/read': teacherRole({ role_id: 1, name: 'Dirección', is_super: true, permissions: every }),
      'POST employee/permissions/update': (req: MockRequest) => envelopeOk({ ...role(1, { is_super: true, permissions: every }), ...(req.body as object) }),
    });
    renderModule('/employee/permissions/view/1', api);
    const form = await screen.findByRole('form', { name: 'Datos del rol' });
    expect(within(form).getByRole('note')).toHaveTextContent('tiene todos los permisos');
    const boxes = within(screen.getByTestId('permission-tree')).getAllByRole('checkbox');
    expect(boxes.every((b) => (b as HTMLInputElement).checked && (b as HTMLInputElement).disabled)).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST employee/permissions/update').map((r) => r.body)).toEqual([{ role_id: 1, name: 'Dirección', menu_access: true }]));
  });

  it('deletes the role after confirming and goes back to the roles', async () => {
    const api = mockApi({
      'GET employee/permissions/read': (req: MockRequest) => (req.query.get('role_id') ? teacherRole() : roleList()),
      'POST employee/permissions/delete': envelopeOk({ role_id: 2, deleted: true, users: [7] }),
    });
    renderModule('/employee/permissions/view/2', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el rol Profesor? El usuario que lo tiene se quedará sin rol y sin permisos.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/employee/permissions/list'));
    expect(api.calls('POST employee/permissions/delete').map((r) => r.body)).toEqual([{ role_id: 2 }]);
    expect(await screen.findByRole('table', { name: 'Roles' })).toBeInTheDocument();
  });
});
