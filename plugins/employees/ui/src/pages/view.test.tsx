import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { businessRoutes, lucia, tomas } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
/** A write answers the whole employee: the record with what was sent. */
const saved = (record: object) => (req: MockRequest) => envelopeOk({ ...record, ...(req.body as object) });

function viewHost(routes: Record<string, object> = {}, record: object = lucia()) {
  return mockApi({ 'GET employee/read': envelopeOk(record), ...businessRoutes, ...routes });
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return screen.findByRole('tabpanel');
}

describe('/employee/view/:employee_id', () => {
  it('shows the head: name, code and NIF, badges, main branch, positions, classes; General open', async () => {
    const api = viewHost();
    renderModule('/employee/view/3', api);
    expect(await screen.findByTestId('employee-title')).toHaveTextContent('Lucía Martín Gil');
    expect(query(api.calls('GET employee/read')[0])).toEqual({ id: '3' });
    const head = screen.getByTestId('employee-head');
    expect(head).toHaveTextContent('E0003 · 12345678Z');
    expect(within(head).getByTestId('state-badge')).toHaveTextContent('Activo');
    expect(within(head).getByTestId('teacher-badge')).toHaveTextContent('Profesor');
    expect(within(head).getByTestId('account-badge')).toHaveTextContent('Activo');
    await waitFor(() => expect(screen.getByTestId('employee-branch')).toHaveTextContent('Autoescuela Demo Centro'));
    expect(screen.getByTestId('employee-positions')).toHaveTextContent('Profesor');
    expect(screen.getByTestId('employee-classes')).toHaveTextContent('B, A2');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General', 'Sucursales y puestos', 'Laboral', 'Observaciones', 'Acceso', 'PIN biométrico', 'Actividad']);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    const form = screen.getByRole('form', { name: 'Datos generales' });
    expect(within(form).getByLabelText(/^Nombre/)).toHaveValue('Lucía');
    expect(within(form).getByRole('combobox', { name: 'Provincia' })).toHaveValue('28');
    expect(within(form).getByRole('checkbox', { name: 'A2' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute('href', '/employee/list');
  });

  it('saves the personal, contact and teacher data with employee/update, the host\'s errors under their fields', async () => {
    const api = viewHost({ 'POST employee/update': writeError('REQ-102', 'El empleado debe tener al menos 16 años', { field: 'birthday' }) });
    renderModule('/employee/view/3', api);
    const form = await screen.findByRole('form', { name: 'Datos generales' });
    fireEvent.change(within(form).getByLabelText('Fecha de nacimiento'), { target: { value: '2015-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-birthday')).toHaveTextContent('al menos 16 años');

    api.on('POST employee/update', saved(lucia()));
    fireEvent.change(within(form).getByLabelText('Fecha de nacimiento'), { target: { value: '1990-04-12' } });
    fireEvent.change(within(form).getByLabelText('Segundo apellido'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Es profesor' }));
    expect(within(form).queryByRole('checkbox', { name: 'B' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos guardados')).toBeInTheDocument();
    expect(api.calls('POST employee/update')[1].body).toEqual({
      id: 3, code: 'E0003', fiscal_code: '12345678Z', gender: 'female', first_name: 'Lucía', last_name: 'Martín', second_last_name: '', birthday: '1990-04-12',
      phone: '612345678', street: '', city: '', province_id: 28, postal_code: '28001', is_teacher: false, teacher_classes: [], teacher_number: '',
    });
    // the answer is shown: no teacher badge any more
    await waitFor(() => expect(within(screen.getByTestId('employee-head')).queryByTestId('teacher-badge')).not.toBeInTheDocument());
  });

  it('"Sucursales y puestos": the branches with the main one, and the positions, each saved by itself', async () => {
    const api = viewHost({
      'POST employee/update/business_branches': saved(lucia()),
      'POST employee/update/positions': writeError('REQ-102', 'Algún puesto no es de la empresa', { field: 'positions' }),
    });
    renderModule('/employee/view/3', api);
    const panel = await openTab('Sucursales y puestos');
    const branches = await within(panel).findByRole('form', { name: 'Sucursales' });
    expect(within(branches).getByRole('checkbox', { name: 'Autoescuela Demo Centro' })).toBeChecked();
    const main = within(branches).getByRole('combobox', { name: 'Sucursal principal' });
    expect(main).toHaveValue('1');
    // unticking the main branch moves it to the other one
    fireEvent.click(within(branches).getByRole('checkbox', { name: 'Autoescuela Demo Centro' }));
    expect(main).toHaveValue('2');
    fireEvent.click(within(branches).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST employee/update/business_branches').map((r) => r.body)).toEqual([{ id: 3, branches: [2], branch_id: 2 }]));
    expect(await screen.findByText('Sucursales guardadas')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sucursales y puestos' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByTestId('employee-branch')).toHaveTextContent('Autoescuela Demo Alcalá'));

    const positions = within(screen.getByRole('tabpanel')).getByRole('form', { name: 'Puestos' });
    fireEvent.click(within(positions).getByRole('checkbox', { name: 'Director' }));
    fireEvent.click(within(positions).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(positions).findByTestId('error-positions')).toHaveTextContent('Algún puesto no es de la empresa');
    expect(api.calls('POST employee/update/positions')[0].body).toEqual({ id: 3, positions: [1, 2] });
  });

  it('"Laboral": an invalid IBAN is shown under its field, then a valid one is saved without spaces; the incorporation date has its own call', async () => {
    const api = viewHost({ 'POST employee/laboral/update': writeError('REQ-102', 'El IBAN no es válido', { field: 'iban' }) });
    renderModule('/employee/view/3?tab=labour', api);
    const form = await screen.findByRole('form', { name: 'Datos laborales' });
    expect(within(form).getByRole('combobox', { name: 'Tipo de contrato' })).toHaveValue('indefinite');
    expect(within(within(form).getByRole('combobox', { name: 'Tipo de contrato' })).getAllByRole('option')).toHaveLength(7);
    expect(within(form).getByLabelText('Horas semanales')).toHaveValue('40');
    expect(within(form).getByLabelText('IBAN')).toHaveValue('ES91 2100 0418 4502 0005 1332');
    fireEvent.change(within(form).getByLabelText('IBAN'), { target: { value: 'ES00 1234 5678 9012 3456 7890' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-iban')).toHaveTextContent('El IBAN no es válido');
    expect(within(form).getByLabelText('IBAN')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST employee/update/incorporation')).toHaveLength(0);

    api.on('POST employee/laboral/update', saved(lucia({ incorporation_date: '2024-10-01' })));
    api.on('POST employee/update/incorporation', saved(lucia()));
    fireEvent.change(within(form).getByLabelText('IBAN'), { target: { value: 'es76 2077 0024 0031 0257 5766' } });
    fireEvent.change(within(form).getByLabelText('Horas semanales'), { target: { value: '37,5' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Jornada' }), { target: { value: 'part_time' } });
    fireEvent.change(within(form).getByLabelText('Fecha de incorporación'), { target: { value: '2024-10-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos laborales guardados')).toBeInTheDocument();
    expect(api.calls('POST employee/update/incorporation').map((r) => r.body)).toEqual([{ id: 3, incorporation_date: '2024-10-01' }]);
    expect(api.calls('POST employee/laboral/update')[1].body).toEqual({
      id: 3, contract_type: 'indefinite', workday: 'part_time', weekly_hours: 37.5, social_security_number: '281234567840', iban: 'ES7620770024003102575766',
      professional_category: 'Profesor de formación vial', leave_date: null,
    });
    // the saved employee is shown, its IBAN in groups
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Datos laborales' })).getByLabelText('IBAN')).toHaveValue('ES76 2077 0024 0031 0257 5766'));
  });

  it('"Laboral": hours that are not a number are refused before sending', async () => {
    const api = viewHost();
    renderModule('/employee/view/3?tab=labour', api);
    const form = await screen.findByRole('form', { name: 'Datos laborales' });
    fireEvent.change(within(form).getByLabelText('Horas semanales'), { target: { value: 'cuarenta' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-weekly_hours')).toHaveTextContent('Indique las horas con un número');
    expect(api.calls('POST employee/laboral/update')).toHaveLength(0);
  });

  it('"Observaciones" saves the notes', async () => {
    const api = viewHost({ 'POST employee/update/observations': saved(lucia()) });
    renderModule('/employee/view/3', api);
    const panel = await openTab('Observaciones');
    fireEvent.change(within(panel).getByLabelText('Observaciones'), { target: { value: ' Prefiere turno de mañana ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Observaciones guardadas')).toBeInTheDocument();
    expect(api.calls('POST employee/update/observations').map((r) => r.body)).toEqual([{ id: 3, observations: 'Prefiere turno de mañana' }]);
    expect(within(screen.getByRole('tabpanel')).getByLabelText('Observaciones')).toHaveValue('Prefiere turno de mañana');
  });

  it('deactivates (the account follows) and deletes after confirming twice: the account is deactivated, the employee read only', async () => {
    const api = viewHost({
      'POST employee/state': saved(lucia({ state: 'inactive', account: { ...lucia().account, active: false } })),
      'POST employee/delete': envelopeOk(lucia({ state: 'deleted', account: { ...lucia().account, active: false } })),
    });
    renderModule('/employee/view/3', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Desactivar a Lucía Martín Gil? Su usuario de acceso también se desactivará.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(api.calls('POST employee/state').map((r) => r.body)).toEqual([{ id: 3, state: 'inactive' }]));
    expect(await screen.findByText('Empleado desactivado')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('employee-head')).getByTestId('state-badge')).toHaveTextContent('Inactivo'));
    expect(within(screen.getByTestId('employee-head')).getByTestId('account-badge')).toHaveTextContent('Inactivo');
    expect(screen.getByRole('button', { name: 'Activar' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dar de baja' }));
    const first = await screen.findByRole('alertdialog');
    expect(first).toHaveTextContent('Su usuario de acceso se desactivará y no podrá entrar en Volante.');
    fireEvent.click(within(first).getByRole('button', { name: 'Dar de baja' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Confirme de nuevo' })).getByRole('button', { name: 'Dar de baja' }));
    await waitFor(() => expect(api.calls('POST employee/delete').map((r) => r.body)).toEqual([{ id: 3 }]));
    expect(await screen.findByText(/Este empleado está dado de baja/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dar de baja' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos generales' })).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos generales' })).getByLabelText(/^Nombre/)).toBeDisabled();
  });

  it('says so when the employee cannot be read, with a retry', async () => {
    const api = viewHost({ 'GET employee/read': readError('NOT-FOUND-000', 'Empleado no encontrado') });
    renderModule('/employee/view/99', api, undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent('Empleado no encontrado');
    api.on('GET employee/read', envelopeOk(tomas()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('employee-title')).toHaveTextContent('Tomás Ruiz');
  });
});
