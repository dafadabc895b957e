import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule, teacher } from '../test/render';
import { brands, entry, page, policy, seat, staffRoutes, vehicleView, yamaha } from '../test/fixtures';

const noAlerts = envelopeOk({ days: 30, today: '2026-11-23', itv: [], insurance: [], uninsured: [] });
const query = (req: MockRequest) => Object.fromEntries(req.query);
/** A row's cells as text (es-ES amounts carry a no-break space before €). */
const cells = (row: HTMLElement, count: number) => [...row.querySelectorAll('td')].slice(0, count).map((td) => td.textContent!.replace(/\u00a0/g, ' '));

function listHost(routes: Record<string, object> = {}) {
  return mockApi({ 'GET vehicle/read': page([seat, yamaha]), 'GET vehicle/alerts': noAlerts, ...routes });
}

describe('/vehicle/list', () => {
  it('lists the vehicles: plate, brand and model, kind, licences, ITV date with its standing, km, state; "Viendo x a y de z"', async () => {
    const api = listHost();
    renderModule('/vehicle/list', api);
    const table = await screen.findByRole('table', { name: 'Vehículos' });
    const rows = (await within(table).findAllByTestId('vehicle-plate')).map((link) => link.closest('tr')!);
    expect(rows.map((r) => cells(r, 7))).toEqual([
      ['1234 BCD', 'SEAT Ibiza', 'Turismo', 'B', '10/12/2026Vence pronto', '48.210 km', 'En servicio'],
      ['C 1234 BCD', 'YAMAHA Neos', 'Ciclomotor', 'AM', 'Sin fecha', '1200 km', 'Fuera de servicio'],
    ]);
    expect(within(rows[0]).getByTestId('itv-badge')).toHaveAttribute('data-state', 'due_soon');
    expect(within(rows[0]).getByRole('link', { name: '1234 BCD' })).toHaveAttribute('href', '/vehicle/view/5');
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2');
    // an empty search is no search: only the page goes
    expect(query(api.calls('GET vehicle/read')[0])).toEqual({ page: '1', per_page: '25' });
    // the director (super) may add vehicles
    expect(screen.getByRole('link', { name: 'Nuevo vehículo' })).toHaveAttribute('href', '/vehicle/view/0');
    // nothing pending: no banner
    expect(screen.queryByTestId('fleet-alerts')).not.toBeInTheDocument();
  });

  it('searches trimmed from 2 characters, on typing and on Enter, and clears when emptied', async () => {
    const api = listHost();
    renderModule('/vehicle/list', api);
    await screen.findAllByTestId('vehicle-plate');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' i ' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls('GET vehicle/read')).toHaveLength(1);
    fireEvent.change(search, { target: { value: ' ibiza ' } });
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(2));
    expect(query(api.calls('GET vehicle/read')[1])).toEqual({ search: 'ibiza', page: '1', per_page: '25' });
    // Enter does not wait
    fireEvent.change(search, { target: { value: '1234 bcd' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(3));
    expect(api.calls('GET vehicle/read')[2].query.get('search')).toBe('1234 bcd');
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(4));
    expect(query(api.calls('GET vehicle/read')[3])).toEqual({ page: '1', per_page: '25' });
  });

  it('filters by kind, fuel, licence class, state and "ITV pendiente" (due=itv), back to page 1 and keeping the search', async () => {
    const api = listHost({ 'GET vehicle/read': page([seat], { total: 60, page: 1, from: 1, to: 25 }) });
    renderModule('/vehicle/list', api);
    await screen.findAllByTestId('vehicle-plate');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'seat' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Buscar' }), { key: 'Enter' });
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(3));
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo de vehículo' }), { target: { value: 'car' } });
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(4));
    fireEvent.change(screen.getByRole('combobox', { name: 'Combustible' }), { target: { value: 'diesel' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Permiso' }), { target: { value: 'B' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'ITV pendiente' }));
    await waitFor(() => expect(query(api.calls('GET vehicle/read').at(-1)!)).toEqual({ search: 'seat', page: '1', per_page: '25', state: 'all', kind: 'car', fuel: 'diesel', licence: 'B', due: 'itv' }));
    expect(query(api.calls('GET vehicle/read')[3])).toEqual({ search: 'seat', page: '1', per_page: '25', kind: 'car' });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('seat');
  });

  it('shows the alerts banner: ITV overdue or due soon, policies ending, uninsured vehicles, with their links', async () => {
    const api = listHost({
      'GET vehicle/alerts': envelopeOk({
        days: 30,
        today: '2026-11-23',
        itv: [
          { vehicle_id: 6, plate: 'C1234BCD', model: 'Neos', brand: 'YAMAHA', itv_due: '2026-11-01', state: 'overdue', days_left: -22 },
          { vehicle_id: 5, plate: '1234BCD', model: 'Ibiza', brand: 'SEAT', itv_due: '2026-12-10', state: 'due_soon', days_left: 17 },
        ],
        insurance: [{ insurance_id: 11, company: 'ALLIANZ', policy_number: 'AZ-1', kind: 'vehicle', vehicle_id: 5, plate: '1234BCD', end_date: '2026-12-01', state: 'expiring', days_left: 8 }],
        uninsured: [{ vehicle_id: 6, plate: 'C1234BCD', model: 'Neos' }],
      }),
    });
    renderModule('/vehicle/list', api);
    const banner = await screen.findByTestId('fleet-alerts');
    expect(within(banner).getByRole('heading', { name: 'Avisos de los próximos 30 días' })).toBeInTheDocument();
    const itv = within(screen.getByTestId('alerts-itv')).getAllByRole('listitem');
    expect(itv.map((li) => li.textContent)).toEqual([
      'C 1234 BCD YAMAHA Neos caducada desde el 01/11/2026 (Hace 22 días)',
      '1234 BCD SEAT Ibiza vence el 10/12/2026 (Quedan 17 días)',
    ]);
    expect(within(itv[1]).getByRole('link', { name: '1234 BCD' })).toHaveAttribute('href', '/vehicle/view/5');
    const insurance = within(screen.getByTestId('alerts-insurance')).getByRole('listitem');
    expect(insurance).toHaveTextContent('Póliza ALLIANZ AZ-1 · 1234 BCD vence el 01/12/2026 (Quedan 8 días)');
    expect(within(insurance).getByRole('link', { name: 'Póliza ALLIANZ AZ-1' })).toHaveAttribute('href', '/insurance/carrier/11');
    expect(within(screen.getByTestId('alerts-uninsured')).getByRole('link', { name: 'C 1234 BCD' })).toHaveAttribute('href', '/vehicle/view/6');
  });

  it('hides "Nuevo vehículo" from a user without fleet.vehicles', async () => {
    renderModule('/vehicle/list', listHost(), teacher);
    await screen.findAllByTestId('vehicle-plate');
    expect(screen.queryByRole('link', { name: 'Nuevo vehículo' })).not.toBeInTheDocument();
  });
});

function viewHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET vehicle/brands': envelopeOk(brands),
    'GET vehicle/read': envelopeOk(vehicleView()),
    'GET vehicle/maintenance/read': envelopeOk({ items: [], total_cost_cents: 0 }),
    'GET workshop/read': page([{ id: 3, name: 'Talleres Hermanos García' }]),
    ...staffRoutes,
    ...routes,
  });
}

describe('/vehicle/view/0', () => {
  it('adds a vehicle: brand, licence classes in the spec order, kilometres, teacher and branch, then opens it', async () => {
    const api = viewHost({ 'POST vehicle/create': (req: MockRequest) => envelopeOk({ ...seat, ...(req.body as object), id: 9, plate: '1234BCD' }) });
    renderModule('/vehicle/view/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del vehículo' });
    expect(api.calls('GET vehicle/read')).toHaveLength(0);
    // the active staff by name, for the teacher
    const teacherSelect = within(form).getByRole('combobox', { name: 'Profesor habitual' });
    await within(teacherSelect).findByRole('option', { name: 'Marta Ruiz' });
    expect(within(teacherSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor asignado', 'Dolores Directora Demo', 'Marta Ruiz', 'Pablo Profesor Demo']);
    await within(form).findByRole('combobox', { name: 'Sucursal' });

    fireEvent.change(within(form).getByLabelText(/^Matrícula/), { target: { value: ' 1234 bcd ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Marca' }), { target: { value: '29' } });
    fireEvent.change(within(form).getByLabelText('Modelo'), { target: { value: 'Ibiza' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Combustible' }), { target: { value: 'gasoline_hybrid' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'B' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'A2' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'AM' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'AM' }));
    fireEvent.change(within(form).getByLabelText('Próxima ITV'), { target: { value: '2026-12-10' } });
    fireEvent.change(within(form).getByLabelText('Kilómetros'), { target: { value: '12.345' } });
    fireEvent.change(teacherSelect, { target: { value: '8' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Sucursal' }), { target: { value: '2' } });
    expect(within(form).getByRole('checkbox', { name: 'Doble mando' })).toBeChecked();
    fireEvent.click(within(form).getByRole('button', { name: 'Dar de alta' }));

    await waitFor(() => expect(api.calls('POST vehicle/create')).toHaveLength(1));
    expect(api.calls('POST vehicle/create')[0].body).toEqual({
      plate: '1234 bcd',
      kind: 'car',
      brand_id: 29,
      model: 'Ibiza',
      licence_classes: ['A2', 'B'],
      fuel: 'gasoline_hybrid',
      gearbox: 'manual',
      dual_controls: true,
      vin: '',
      registration_date: null,
      itv_due: '2026-12-10',
      odometer_km: 12345,
      teacher_user_id: 8,
      branch_id: 2,
      notes: '',
    });
    expect(await screen.findByText('Vehículo 1234 BCD dado de alta')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicle/view/9'));
  });

  it("shows the host's errors next to their fields, and the others above the form", async () => {
    const api = viewHost();
    api.on('POST vehicle/create', {
      success: false,
      error: [
        { code: 'REQ-102', data: { field: 'plate' }, details: 'La matrícula no es válida (p. ej. 1234 BCD, C 1234 BCD o M 1234 AB)' },
        { code: 'REQ-102', data: { field: 'licence_classes' }, details: 'Permiso desconocido: Z' },
      ],
    });
    renderModule('/vehicle/view/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del vehículo' });
    fireEvent.change(within(form).getByLabelText(/^Matrícula/), { target: { value: '123' } });
    fireEvent.change(within(form).getByLabelText('Kilómetros'), { target: { value: '12,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dar de alta' }));
    // a bad number is refused before asking the host
    expect(await within(form).findByTestId('error-odometer_km')).toHaveTextContent('Introduzca un número entero');
    expect(api.calls('POST vehicle/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Kilómetros'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dar de alta' }));
    const plateError = await within(form).findByTestId('error-plate');
    expect(plateError).toHaveTextContent('La matrícula no es válida');
    expect(within(form).getByLabelText(/^Matrícula/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Matrícula/)).toHaveAccessibleDescription(/La matrícula no es válida/);
    expect(within(form).getByTestId('error-licence_classes')).toHaveTextContent('Permiso desconocido: Z');
    expect(within(form).getByTestId('vehicle-errors')).toHaveTextContent('Revise los campos marcados');

    api.on('POST vehicle/create', writeError('CONFLICT-000', 'Ya existe un vehículo con esa matrícula'));
    fireEvent.click(within(form).getByRole('button', { name: 'Dar de alta' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya existe un vehículo con esa matrícula');
    expect(within(form).queryByTestId('error-plate')).not.toBeInTheDocument();
  });
});

describe('/vehicle/view/:vehicle_id', () => {
  it('shows the vehicle, its upkeep with the total and its policies with their standing', async () => {
    const api = viewHost({
      'GET vehicle/maintenance/read': envelopeOk({
        items: [
          entry(21, { kind: 'itv', done_on: '2026-11-02', itv_result: 'favourable', next_itv_due: '2027-11-02', workshop_id: 3, workshop_name: 'ITV Alcobendas', cost_cents: 4500, description: '' }),
          entry(20),
        ],
        total_cost_cents: 23450,
      }),
    });
    renderModule('/vehicle/view/5', api);
    expect(await screen.findByTestId('vehicle-name')).toHaveTextContent('1234 BCD');
    expect(Object.fromEntries(api.calls('GET vehicle/read')[0].query)).toEqual({ id: '5' });
    expect(screen.getByTestId('vehicle-itv')).toHaveTextContent('10/12/2026');
    expect(screen.getByTestId('vehicle-km')).toHaveTextContent('48.210 km');
    expect(within(screen.getByTestId('vehicle-view')).getAllByTestId('itv-badge')[0]).toHaveTextContent('Vence pronto');
    // the form holds the record, the teacher chosen
    const form = screen.getByRole('form', { name: 'Datos del vehículo' });
    expect(within(form).getByLabelText(/^Matrícula/)).toHaveValue('1234 BCD');
    expect(within(form).getByRole('checkbox', { name: 'B' })).toBeChecked();
    expect(within(form).getByRole('combobox', { name: 'Profesor habitual' })).toHaveValue('7');

    const upkeep = await screen.findByRole('table', { name: 'Mantenimiento del vehículo' });
    const rows = (await within(upkeep).findAllByTestId('upkeep-kind')).map((k) => k.closest('tr')!);
    expect(rows.map((r) => cells(r, 7))).toEqual([
      ['02/11/2026', 'ITV', 'FavorablePróxima: 02/11/2027', 'ITV Alcobendas', '47.000 km', '45,00 €', ''],
      ['02/10/2026', 'Revisión', '', '', '47.000 km', '189,50 €', 'Aceite y filtros'],
    ]);
    expect(screen.getByTestId('upkeep-total')).toHaveTextContent('Coste total: 234,50 €');

    const policies = screen.getByTestId('vehicle-policies');
    expect(within(policies).getByRole('link', { name: 'AZ-2026-001' })).toHaveAttribute('href', '/insurance/carrier/11');
    expect(within(policies).getByTestId('policy-status')).toHaveTextContent('En vigor');
    expect(within(policies).getByRole('link', { name: 'Añadir póliza' })).toHaveAttribute('href', '/insurance/carrier/0?vehicle_id=5');
  });

  it('hides the policies without the insurance service (insurances null)', async () => {
    renderModule('/vehicle/view/5', viewHost({ 'GET vehicle/read': envelopeOk(vehicleView({ insurances: null })) }));
    await screen.findByTestId('vehicle-name');
    await screen.findByRole('table', { name: 'Mantenimiento del vehículo' });
    expect(screen.queryByTestId('vehicle-policies')).not.toBeInTheDocument();
  });

  it('"Anotar": verdict and next ITV date only for an ITV; euros sent as cents; the vehicle read again', async () => {
    let itvDue = '2026-12-10';
    const api = viewHost({
      'GET vehicle/read': () => envelopeOk(vehicleView({ itv_due: itvDue, itv: itvDue === '2026-12-10' ? { state: 'due_soon', days_left: 17 } : { state: 'ok', days_left: 382 } })),
      'POST vehicle/maintenance/create': (req: MockRequest) => {
        const body = req.body as { next_itv_due?: string };
        if (body.next_itv_due) itvDue = body.next_itv_due;
        return envelopeOk(entry(30, body));
      },
    });
    renderModule('/vehicle/view/5', api);
    const form = await screen.findByRole('form', { name: 'Anotar mantenimiento' });
    // an ITV by default: verdict and next date shown
    expect(within(form).getByRole('combobox', { name: 'Tipo' })).toHaveValue('itv');
    expect(within(form).getByRole('combobox', { name: /Resultado de la ITV/ })).toBeInTheDocument();
    expect(within(form).getByLabelText('Próxima ITV')).toBeInTheDocument();
    // the workshops to choose from
    expect(await within(form).findByRole('option', { name: 'Talleres Hermanos García' })).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('GET workshop/read')[0].query)).toEqual({ per_page: '500' });

    fireEvent.change(within(form).getByRole('combobox', { name: 'Tipo' }), { target: { value: 'service' } });
    expect(within(form).queryByRole('combobox', { name: /Resultado de la ITV/ })).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Próxima ITV')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Fecha/), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Taller' }), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Importe'), { target: { value: '1.120,5' } });
    fireEvent.change(within(form).getByLabelText('Kilómetros'), { target: { value: '48500' } });
    fireEvent.change(within(form).getByLabelText('Descripción'), { target: { value: ' Cambio de aceite ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Anotar' }));
    await waitFor(() => expect(api.calls('POST vehicle/maintenance/create')).toHaveLength(1));
    expect(api.calls('POST vehicle/maintenance/create')[0].body).toEqual({
      vehicle_id: 5, done_on: '2026-11-20', kind: 'service', workshop_id: 3, odometer_km: 48500, cost_cents: 112050, description: 'Cambio de aceite',
    });
    expect(await screen.findByText('Mantenimiento anotado')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET vehicle/maintenance/read')).toHaveLength(2));
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(2));

    // a favourable ITV with its next date: the vehicle's ITV moves and its badge turns "Al día"
    fireEvent.change(within(form).getByRole('combobox', { name: 'Tipo' }), { target: { value: 'itv' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /Resultado de la ITV/ }), { target: { value: 'favourable' } });
    fireEvent.change(within(form).getByLabelText('Próxima ITV'), { target: { value: '2027-12-10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Anotar' }));
    await waitFor(() => expect(api.calls('POST vehicle/maintenance/create')).toHaveLength(2));
    expect(api.calls('POST vehicle/maintenance/create')[1].body).toMatchObject({ kind: 'itv', itv_result: 'favourable', next_itv_due: '2027-12-10', workshop_id: null, cost_cents: null, odometer_km: null });
    await waitFor(() => expect(screen.getByTestId('vehicle-itv')).toHaveTextContent('10/12/2027'));
    expect(within(screen.getByTestId('vehicle-view')).getAllByTestId('itv-badge')[0]).toHaveTextContent('Al día');
  });

  it("hides the workshop select without the workshop service, and shows the host's refusal under its field", async () => {
    const api = viewHost({
      'GET workshop/read': readError('SERVICE-000', 'Servicio no contratado'),
      'POST vehicle/maintenance/create': writeError('REQ-102', 'Indique el resultado de la ITV', { field: 'itv_result' }),
    });
    renderModule('/vehicle/view/5', api);
    const form = await screen.findByRole('form', { name: 'Anotar mantenimiento' });
    await waitFor(() => expect(api.calls('GET workshop/read')).toHaveLength(1));
    await waitFor(() => expect(within(form).queryByRole('combobox', { name: 'Taller' })).not.toBeInTheDocument());
    fireEvent.click(within(form).getByRole('button', { name: 'Anotar' }));
    expect(await within(form).findByTestId('error-itv_result')).toHaveTextContent('Indique el resultado de la ITV');
    expect(api.calls('POST vehicle/maintenance/create')[0].body).toMatchObject({ kind: 'itv', itv_result: null, next_itv_due: null });
  });

  it('deletes an upkeep entry after confirming', async () => {
    const api = viewHost({
      'GET vehicle/maintenance/read': envelopeOk({ items: [entry(20)], total_cost_cents: 18950 }),
      'POST vehicle/maintenance/delete': envelopeOk({ id: 20, deleted: true }),
    });
    renderModule('/vehicle/view/5', api);
    const table = await screen.findByRole('table', { name: 'Mantenimiento del vehículo' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Borrar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Borrar la anotación «Revisión del 02/10/2026»?');
    api.on('GET vehicle/maintenance/read', envelopeOk({ items: [], total_cost_cents: 0 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Borrar' }));
    await waitFor(() => expect(api.calls('POST vehicle/maintenance/delete').map((r) => r.body)).toEqual([{ id: 20 }]));
    expect(await within(table).findByText('No hay nada anotado')).toBeInTheDocument();
    expect(screen.getByTestId('upkeep-total')).toHaveTextContent('Coste total: 0,00 €');
  });

  it('puts a vehicle out of service and deletes it, confirmed (twice for the deletion)', async () => {
    const api = viewHost({
      'POST vehicle/state': (req: MockRequest) => envelopeOk({ ...seat, state: (req.body as { state: string }).state }),
      'POST vehicle/delete': envelopeOk({ ...seat, state: 'deleted' }),
    });
    renderModule('/vehicle/view/5', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Poner fuera de servicio' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Poner fuera de servicio' }));
    await waitFor(() => expect(api.calls('POST vehicle/state').map((r) => r.body)).toEqual([{ id: 5, state: 'inactive' }]));
    expect(await screen.findByText('Vehículo fuera de servicio')).toBeInTheDocument();

    api.on('GET vehicle/read', envelopeOk(vehicleView({ state: 'deleted' })));
    fireEvent.click(screen.getByRole('button', { name: 'Dar de baja' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Dar de baja' }));
    const second = await screen.findByRole('alertdialog', { name: 'Confirme de nuevo' });
    fireEvent.click(within(second).getByRole('button', { name: 'Dar de baja' }));
    await waitFor(() => expect(api.calls('POST vehicle/delete').map((r) => r.body)).toEqual([{ id: 5 }]));
    expect(await screen.findByText(/Este vehículo está dado de baja/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Anotar mantenimiento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Añadir póliza' })).not.toBeInTheDocument();
  });

  it('shows a user without fleet.vehicles the data only: no save, no "Anotar", no actions, no staff asked', async () => {
    const api = mockApi({
      'GET vehicle/brands': envelopeOk(brands),
      'GET vehicle/read': envelopeOk(vehicleView({ insurances: [policy(11)] })),
      'GET vehicle/maintenance/read': envelopeOk({ items: [entry(20)], total_cost_cents: 18950 }),
    });
    renderModule('/vehicle/view/5', api, teacher);
    const form = await screen.findByRole('form', { name: 'Datos del vehículo' });
    expect(within(form).getByLabelText(/^Matrícula/)).toBeDisabled();
    expect(within(form).queryByRole('button')).not.toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Mantenimiento del vehículo' });
    await within(table).findByText('Aceite y filtros');
    expect(within(table).queryByRole('button', { name: 'Borrar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Anotar mantenimiento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dar de baja' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Añadir póliza' })).not.toBeInTheDocument();
    expect(api.calls('GET vehicle/teachers')).toHaveLength(0);
  });

  it('when the staff cannot be read, offers the current teacher only and says why', async () => {
    const api = viewHost({ 'GET vehicle/teachers': readError('SERVER-000', 'Error interno del servidor') });
    renderModule('/vehicle/view/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del vehículo' });
    expect(await within(form).findByTestId('teacher-hint')).toHaveTextContent('No se ha podido leer el personal');
    const select = within(form).getByRole('combobox', { name: 'Profesor habitual' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor asignado', 'Pablo Profesor Demo']);
    expect(select).toHaveValue('7');
  });

  it('saves the changes with vehicle/update and reads the vehicle again', async () => {
    const api = viewHost({ 'POST vehicle/update': (req: MockRequest) => envelopeOk({ ...seat, ...(req.body as object) }) });
    renderModule('/vehicle/view/5', api);
    const form = await screen.findByRole('form', { name: 'Datos del vehículo' });
    await within(form).findByRole('option', { name: 'Marta Ruiz' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'B96' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Cambio' }), { target: { value: 'automatic' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Doble mando' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST vehicle/update')).toHaveLength(1));
    expect(api.calls('POST vehicle/update')[0].body).toMatchObject({ id: 5, plate: '1234 BCD', licence_classes: ['B', 'B96'], gearbox: 'automatic', dual_controls: false, teacher_user_id: 7, branch_id: 1, odometer_km: 48210 });
    expect(await screen.findByText('Vehículo guardado')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET vehicle/read')).toHaveLength(2));
    // the form is drawn again with the saved vehicle; the staff and branches are asked once per page
    await within(screen.getByRole('form', { name: 'Datos del vehículo' })).findByRole('option', { name: 'Marta Ruiz' });
    expect(api.calls('GET vehicle/teachers')).toHaveLength(1);
    expect(api.calls('GET business/branch/list')).toHaveLength(1);
  });

  it('says so when the vehicle cannot be read', async () => {
    renderModule('/vehicle/view/99', viewHost({ 'GET vehicle/read': readError('NOT-FOUND-000', 'Vehículo no encontrado') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vehículo no encontrado');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
