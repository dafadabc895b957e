import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { manager, renderModule, teacher } from '../test/render';
import { businessRoutes, item, lucia, page, roles, tomas } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 8).map((td) => td.textContent);

/** `GET employee/read`: the record with `?id=`, else the page. */
function readRoute(items: unknown[], record: object = lucia()) {
  return (req: MockRequest) => (req.query.get('id') ? envelopeOk(record) : page(items));
}

function listHost(routes: Record<string, object> = {}) {
  return mockApi({ 'GET employee/read': readRoute([item(lucia()), item(tomas())]), ...businessRoutes, ...routes });
}

describe('/employee/list', () => {
  it('lists the staff: code, name, NIF/NIE, main branch, positions, teacher, account and state; "Viendo x a y de z"', async () => {
    const api = listHost();
    renderModule('/employee/list', api);
    const table = await screen.findByRole('table', { name: 'Empleados' });
    const rows = (await within(table).findAllByTestId('employee-name')).map((a) => a.closest('tr')!);
    await waitFor(() => expect(cells(rows[0])[3]).toBe('Autoescuela Demo Centro'));
    expect(rows.map(cells)).toEqual([
      ['E0003', 'Lucía Martín Gil', '12345678Z', 'Autoescuela Demo Centro', 'Profesor', 'Profesor', 'Activo', 'Activo'],
      ['E0004', 'Tomás Ruiz', 'X1234567L', 'Autoescuela Demo Alcalá', 'Administrativo', '', 'Sin cuenta', 'Inactivo'],
    ]);
    expect(within(rows[0]).getByTestId('account-badge')).toHaveAttribute('data-state', 'active');
    expect(within(rows[1]).getByTestId('account-badge')).toHaveAttribute('data-state', 'none');
    expect(within(rows[0]).getByRole('link', { name: 'Lucía Martín Gil' })).toHaveAttribute('href', '/employee/view/3');
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2');
    expect(query(api.calls('GET employee/read')[0])).toEqual({ page: '1', per_page: '25' });
    expect(screen.getByRole('button', { name: 'Nuevo empleado' })).toBeEnabled();
  });

  it('shows a locked account as "Bloqueado", whatever else', async () => {
    const locked = lucia({ account: { user_id: 12, email: 'lucia@autoescuela-demo.es', role_id: 2, role: 'Profesor', active: true, locked: true } });
    renderModule('/employee/list', listHost({ 'GET employee/read': readRoute([item(locked)]) }));
    const badge = await screen.findByTestId('account-badge');
    expect(badge).toHaveTextContent('Bloqueado');
    expect(badge).toHaveAttribute('data-state', 'locked');
  });

  it('searches trimmed from 2 characters and filters by state, branch, position and "Solo profesores", keeping the search', async () => {
    const api = listHost();
    renderModule('/employee/list', api);
    await screen.findAllByTestId('employee-name');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' l ' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls('GET employee/read')).toHaveLength(1);
    fireEvent.change(search, { target: { value: ' lucía ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(query(api.calls('GET employee/read').at(-1)!)).toEqual({ search: 'lucía', page: '1', per_page: '25' }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'all' } });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sucursal' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Puesto' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo profesores' }));
    await waitFor(() =>
      expect(query(api.calls('GET employee/read').at(-1)!)).toEqual({ search: 'lucía', page: '1', per_page: '25', state: 'all', branch_id: '2', position_id: '2', teacher: '1' }),
    );
    expect(within(screen.getByRole('combobox', { name: 'Estado' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Activos e inactivos', 'Activos', 'Inactivos', 'De baja', 'Todos']);
    expect(search).toHaveValue(' lucía ');
  });

  it('shows a user without `employee` the list only: no "Nuevo empleado", names without links, no branch filter (limited to theirs)', async () => {
    renderModule('/employee/list', listHost(), teacher);
    const names = await screen.findAllByTestId('employee-name');
    expect(names[0].tagName).toBe('SPAN');
    expect(screen.queryByRole('button', { name: 'Nuevo empleado' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir Lucía Martín Gil' })).not.toBeInTheDocument();
    await screen.findByRole('combobox', { name: 'Puesto' });
    expect(screen.queryByRole('combobox', { name: 'Sucursal' })).not.toBeInTheDocument();
  });
});

describe('"Nuevo empleado"', () => {
  async function openForm(api = listHost(), user = undefined as Parameters<typeof renderModule>[2]) {
    renderModule('/employee/list', api, user);
    await screen.findAllByTestId('employee-name');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo empleado' }));
    return screen.findByRole('form', { name: 'Nuevo empleado' });
  }

  it('creates a teacher of two branches with an account, showing the host\'s field errors beside their fields first', async () => {
    const api = listHost({
      'GET business/rol/list': envelopeOk(roles),
      'POST employee/create': writeError('ERROR_EMPLOYEE_022', 'Ya existe un usuario con ese correo electrónico'),
    });
    const form = await openForm(api);
    expect(screen.queryByRole('button', { name: 'Nuevo empleado' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: ' Marta ' } });
    fireEvent.change(within(form).getByLabelText('Primer apellido'), { target: { value: 'Ruiz' } });
    fireEvent.change(within(form).getByLabelText('NIF/NIE'), { target: { value: '00000023t' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Sexo' }), { target: { value: 'female' } });
    fireEvent.change(within(form).getByLabelText('Teléfono'), { target: { value: '612345678' } });
    // the main branch follows the first ticked, and can then be chosen among them
    const main = within(form).getByRole('combobox', { name: 'Sucursal principal' });
    expect(main).toBeDisabled();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Autoescuela Demo Alcalá' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Autoescuela Demo Centro' }));
    expect(main).toHaveValue('2');
    expect(within(main).getAllByRole('option').map((o) => o.textContent)).toEqual(['Autoescuela Demo Centro', 'Autoescuela Demo Alcalá']);
    fireEvent.change(main, { target: { value: '1' } });
    fireEvent.click(within(within(form).getByTestId('checks-positions')).getByRole('checkbox', { name: 'Profesor' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Es profesor' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'B' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'A2' }));
    fireEvent.change(within(form).getByLabelText('Número de profesor'), { target: { value: 'PR-28-9' } });
    expect(within(form).queryByLabelText(/^Correo electrónico/)).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Crear usuario de acceso' }));
    fireEvent.change(within(form).getByLabelText(/^Correo electrónico/), { target: { value: ' marta@autoescuela-demo.es ' } });
    const role = await within(form).findByRole('combobox', { name: 'Rol' });
    await within(role).findByRole('option', { name: 'Profesor' });
    fireEvent.change(role, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear empleado' }));

    expect(await within(form).findByTestId('error-email')).toHaveTextContent('Ya existe un usuario con ese correo electrónico');
    expect(within(form).getByLabelText(/^Correo electrónico/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST employee/create')[0].body).toEqual({
      code: '', fiscal_code: '00000023T', gender: 'female', first_name: 'Marta', last_name: 'Ruiz', second_last_name: '', phone: '612345678', street: '', city: '',
      postal_code: '', is_teacher: true, teacher_classes: ['A2', 'B'], teacher_number: 'PR-28-9', branches: [1, 2], branch_id: 1, positions: [2],
      account: { email: 'marta@autoescuela-demo.es', role_id: 2 },
    });

    api.on('POST employee/create', writeError('REQ-102', 'Dni erroneo, la letra no corresponde', { field: 'fiscal_code' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear empleado' }));
    expect(await within(form).findByTestId('error-fiscal_code')).toHaveTextContent('Dni erroneo, la letra no corresponde');
    expect(within(form).queryByTestId('error-email')).not.toBeInTheDocument();

    const created = lucia({ id: 15, name: 'Marta Ruiz', first_name: 'Marta' });
    api.on('POST employee/create', envelopeOk(created));
    api.on('GET employee/read', readRoute([], created));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear empleado' }));
    expect(await screen.findByText('Empleado Marta Ruiz creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/employee/view/15'));
    expect(await screen.findByTestId('employee-title')).toHaveTextContent('Marta Ruiz');
  });

  it('checks the password before sending it, and leaves the account out when not asked for', async () => {
    const api = listHost({ 'GET business/rol/list': envelopeOk(roles), 'POST employee/create': envelopeOk(tomas({ id: 16 })) });
    const form = await openForm(api);
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: 'Tomás' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Crear usuario de acceso' }));
    fireEvent.change(within(form).getByLabelText(/^Correo electrónico/), { target: { value: 'tomas@autoescuela-demo.es' } });
    fireEvent.change(within(form).getByLabelText('Contraseña'), { target: { value: 'corta' } });
    expect(within(form).getByTestId('password-meter')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Crear empleado' }));
    expect(await within(form).findByTestId('error-password')).toHaveTextContent(/al menos 8 caracteres/);
    expect(api.calls('POST employee/create')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('checkbox', { name: 'Crear usuario de acceso' }));
    api.on('GET employee/read', readRoute([], tomas({ id: 16 })));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear empleado' }));
    await waitFor(() => expect(api.calls('POST employee/create')).toHaveLength(1));
    expect(api.calls('POST employee/create')[0].body).not.toHaveProperty('account');
    expect(api.calls('POST employee/create')[0].body).toMatchObject({ first_name: 'Tomás', branches: [], positions: [] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/employee/view/16'));
  });

  it('offers no role to a user without employee.permissions (the host would refuse it)', async () => {
    const api = listHost();
    const form = await openForm(api, manager);
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Crear usuario de acceso' }));
    expect(within(form).getByLabelText(/^Correo electrónico/)).toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: 'Rol' })).not.toBeInTheDocument();
    expect(api.calls('GET business/rol/list')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nuevo empleado' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Nuevo empleado' })).toBeInTheDocument();
  });
});
