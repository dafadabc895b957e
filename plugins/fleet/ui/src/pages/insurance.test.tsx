import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule, teacher } from '../test/render';
import { page, policy, seat, yamaha } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const liability = policy(12, {
  company_id: 1, company: 'MAPHRE', policy_number: 'RC-77', kind: 'liability', coverage: null, vehicle_id: null, plate: null,
  start_date: '2025-12-01', end_date: '2026-11-30', premium_cents: 120000, status: 'expiring', days_left: 7,
});

describe('/insurance/list/:show_tab', () => {
  it('lists the tab\'s policies with insurer, number, kind, vehicle, cover, dates, days left, status and premium', async () => {
    const api = mockApi({ 'GET insurance/read': page([liability, policy(11)]) });
    renderModule('/insurance/list/vigentes', api);
    const table = await screen.findByRole('table', { name: 'Pólizas: Vigentes' });
    expect(screen.getByRole('tab', { name: 'Vigentes' })).toHaveAttribute('aria-selected', 'true');
    const rows = (await within(table).findAllByTestId('policy-link')).map((a) => a.closest('tr')!);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent!.replace(/\u00a0/g, ' ')))).toEqual([
      ['MAPHRE', 'RC-77', 'Responsabilidad civil', '', '', '01/12/2025', '30/11/2026', 'Quedan 7 días', 'Por vencer ', '1200,00 €'],
      ['ALLIANZ', 'AZ-2026-001', 'Vehículo', '1234 BCD', 'Todo riesgo', '15/01/2026', '14/01/2027', 'Quedan 52 días', 'En vigor ', '645,00 €'],
    ]);
    expect(within(rows[1]).getByRole('link', { name: '1234 BCD' })).toHaveAttribute('href', '/vehicle/view/5');
    expect(within(rows[0]).getByRole('link', { name: 'RC-77' })).toHaveAttribute('href', '/insurance/carrier/12');
    expect(query(api.calls('GET insurance/read')[0])).toEqual({ tab: 'vigentes', page: '1', per_page: '25' });
    expect(screen.getByRole('link', { name: 'Nueva póliza' })).toHaveAttribute('href', '/insurance/carrier/0');
  });

  it('switches tabs through the path, each asking for its `tab`; an unknown one shows "Vigentes"', async () => {
    const api = mockApi({ 'GET insurance/read': page([]) });
    renderModule('/insurance/list/otra', api);
    expect(await screen.findByText('No hay pólizas en vigor')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Vigentes' })).toHaveAttribute('aria-selected', 'true');
    for (const [name, tab, empty] of [
      ['Por vencer', 'por-vencer', 'No hay pólizas que venzan en los próximos 30 días'],
      ['Vencidas', 'vencidas', 'No hay pólizas vencidas'],
      ['Todas', 'todas', 'No hay pólizas'],
      ['Vigentes', 'vigentes', 'No hay pólizas en vigor'],
    ]) {
      fireEvent.click(screen.getByRole('tab', { name }));
      expect(screen.getByTestId('location')).toHaveTextContent(`/insurance/list/${tab}`);
      await waitFor(() => expect(api.calls('GET insurance/read').at(-1)!.query.get('tab')).toBe(tab));
      expect(await screen.findByText(empty)).toBeInTheDocument();
      expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    }
    expect(api.calls('GET insurance/read').map((r) => r.query.get('tab'))).toEqual(['vigentes', 'por-vencer', 'vencidas', 'todas', 'vigentes']);
  });

  it('filters by insurer (the four, by name) keeping the tab', async () => {
    const api = mockApi({ 'GET insurance/read': page([policy(11)]) });
    renderModule('/insurance/list/por-vencer', api);
    await screen.findAllByTestId('policy-link');
    const insurer = screen.getByRole('combobox', { name: 'Aseguradora' });
    expect(within(insurer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas las aseguradoras', 'ALLIANZ', 'LINEA DIRECTA', 'MAPHRE', 'PLUS ULTRA']);
    fireEvent.change(insurer, { target: { value: '3' } });
    await waitFor(() => expect(api.calls('GET insurance/read')).toHaveLength(2));
    expect(query(api.calls('GET insurance/read')[1])).toEqual({ tab: 'por-vencer', page: '1', per_page: '25', company_id: '3' });
  });

  it('hides "Nueva póliza" from a user without fleet.insurance', async () => {
    renderModule('/insurance/list/vigentes', mockApi({ 'GET insurance/read': page([policy(11)]) }), teacher);
    await screen.findAllByTestId('policy-link');
    expect(screen.queryByRole('link', { name: 'Nueva póliza' })).not.toBeInTheDocument();
  });
});

describe('/insurance/carrier/:insurance_id', () => {
  it('a new policy from the vehicle: the vehicle chosen, premium in euros sent as cents, then opened', async () => {
    const api = mockApi({
      'GET vehicle/read': page([seat, yamaha]),
      'POST insurance/create': (req: MockRequest) => envelopeOk({ ...policy(15), ...(req.body as object) }),
      'GET insurance/read': envelopeOk(policy(15, { company_id: 2, company: 'LINEA DIRECTA', policy_number: 'LD-900', status: 'pending', days_left: 364 })),
    });
    renderModule('/insurance/carrier/0?vehicle_id=5', api);
    const form = await screen.findByRole('form', { name: 'Datos de la póliza' });
    const vehicle = within(form).getByRole('combobox', { name: /^Vehículo/ });
    await within(vehicle).findByRole('option', { name: '1234 BCD · SEAT · Ibiza' });
    expect(query(api.calls('GET vehicle/read')[0])).toEqual({ per_page: '500' });
    expect(vehicle).toHaveValue('5');
    expect(within(form).getByRole('combobox', { name: /^Aseguradora/ })).toHaveValue('');
    expect(within(within(form).getByRole('combobox', { name: /^Aseguradora/ })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione…', 'ALLIANZ', 'LINEA DIRECTA', 'MAPHRE', 'PLUS ULTRA']);

    // the insurer is required before asking the host
    fireEvent.click(within(form).getByRole('button', { name: 'Crear póliza' }));
    expect(await within(form).findByTestId('error-company_id')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST insurance/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('combobox', { name: /^Aseguradora/ }), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/^Número de póliza/), { target: { value: ' LD-900 ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Cobertura' }), { target: { value: 'third_party_extended' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha de inicio/), { target: { value: '2026-11-23' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha de vencimiento/), { target: { value: '2027-11-22' } });
    fireEvent.change(within(form).getByLabelText('Prima anual'), { target: { value: '450,5' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Forma de pago' }), { target: { value: 'quarterly' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear póliza' }));
    await waitFor(() => expect(api.calls('POST insurance/create')).toHaveLength(1));
    expect(api.calls('POST insurance/create')[0].body).toEqual({
      company_id: 2, policy_number: 'LD-900', kind: 'vehicle', vehicle_id: 5, coverage: 'third_party_extended', start_date: '2026-11-23', end_date: '2027-11-22',
      premium_cents: 45050, payment: 'quarterly', notes: '',
    });
    expect(await screen.findByText('Póliza LD-900 creada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/insurance/carrier/15'));
    expect(await screen.findByTestId('policy-title')).toHaveTextContent('LINEA DIRECTA · LD-900');
    expect(screen.getByTestId('policy-status')).toHaveTextContent('Pendiente');
  });

  it('a policy of the school has neither vehicle nor cover (sent as none), and a taken number shows under its field', async () => {
    const api = mockApi({
      'GET vehicle/read': page([seat]),
      'POST insurance/create': writeError('CONFLICT-000', 'Ya existe una póliza de esa aseguradora con ese número', { field: 'policy_number' }),
    });
    renderModule('/insurance/carrier/0', api);
    const form = await screen.findByRole('form', { name: 'Datos de la póliza' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Tipo de póliza' }), { target: { value: 'liability' } });
    expect(within(form).queryByRole('combobox', { name: /^Vehículo/ })).not.toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: 'Cobertura' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('combobox', { name: /^Aseguradora/ }), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText(/^Número de póliza/), { target: { value: 'RC-77' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha de inicio/), { target: { value: '2026-01-01' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha de vencimiento/), { target: { value: '2026-12-31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear póliza' }));
    expect(await within(form).findByTestId('error-policy_number')).toHaveTextContent('Ya existe una póliza de esa aseguradora con ese número');
    expect(within(form).getByLabelText(/^Número de póliza/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST insurance/create')[0].body).toMatchObject({ kind: 'liability', vehicle_id: null, coverage: null, premium_cents: null });
  });

  it('shows a policy: where it stands, its data, and saves it reading it again', async () => {
    const api = mockApi({
      'GET insurance/read': envelopeOk(policy(11)),
      'GET vehicle/read': page([seat, yamaha]),
      'POST insurance/update': (req: MockRequest) => envelopeOk({ ...policy(11), ...(req.body as object) }),
    });
    renderModule('/insurance/carrier/11', api);
    expect(await screen.findByTestId('policy-title')).toHaveTextContent('ALLIANZ · AZ-2026-001');
    expect(query(api.calls('GET insurance/read')[0])).toEqual({ id: '11' });
    expect(screen.getByTestId('policy-status')).toHaveTextContent('En vigor');
    expect(screen.getByTestId('policy-days')).toHaveTextContent('Quedan 52 días');
    expect(screen.getByRole('link', { name: 'Ver el vehículo 1234 BCD' })).toHaveAttribute('href', '/vehicle/view/5');
    const form = screen.getByRole('form', { name: 'Datos de la póliza' });
    expect(within(form).getByLabelText('Prima anual')).toHaveValue('645,00');
    expect(within(form).getByRole('combobox', { name: /^Aseguradora/ })).toHaveValue('3');
    await within(form).findByRole('option', { name: 'C 1234 BCD · YAMAHA · Neos' });
    fireEvent.change(within(form).getByLabelText('Prima anual'), { target: { value: '700' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST insurance/update')).toHaveLength(1));
    expect(api.calls('POST insurance/update')[0].body).toMatchObject({ id: 11, company_id: 3, vehicle_id: 5, coverage: 'comprehensive', premium_cents: 70000 });
    expect(await screen.findByText('Póliza guardada')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET insurance/read')).toHaveLength(2));
  });
});
