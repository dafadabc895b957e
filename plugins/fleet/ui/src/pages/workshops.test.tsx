import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule, teacher } from '../test/render';
import { entry, page, workshop } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const dealer = workshop(4, { name: 'Concesionario Norte', category: 'dealership', tax_code: '', contact_person: '', phone: '', city: 'Alcobendas', state: 'inactive' });

describe('/workshop/list', () => {
  it('lists the workshops with their category and state, filters by category and searches', async () => {
    const api = mockApi({ 'GET workshop/read': page([workshop(3), dealer]) });
    renderModule('/workshop/list', api);
    const table = await screen.findByRole('table', { name: 'Talleres' });
    const rows = (await within(table).findAllByTestId('workshop-name')).map((a) => a.closest('tr')!);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent))).toEqual([
      ['Talleres Hermanos García', 'Taller', 'B12345674', 'Luis García', '911234567', 'Madrid', 'Activo'],
      ['Concesionario Norte', 'Concesionario', '', '', '', 'Alcobendas', 'Inactivo'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Talleres Hermanos García' })).toHaveAttribute('href', '/workshop/view/3');
    expect(screen.getByRole('link', { name: 'Nuevo taller' })).toHaveAttribute('href', '/workshop/view/0');
    expect(query(api.calls('GET workshop/read')[0])).toEqual({ page: '1', per_page: '25' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Categoría' }), { target: { value: 'dealership' } });
    await waitFor(() => expect(api.calls('GET workshop/read')).toHaveLength(2));
    expect(query(api.calls('GET workshop/read')[1])).toEqual({ page: '1', per_page: '25', category: 'dealership' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'norte' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Buscar' }), { key: 'Enter' });
    await waitFor(() => expect(query(api.calls('GET workshop/read').at(-1)!)).toEqual({ search: 'norte', page: '1', per_page: '25', category: 'dealership' }));
  });

  it('hides "Nuevo taller" from a user without fleet.workshops', async () => {
    renderModule('/workshop/list', mockApi({ 'GET workshop/read': page([workshop(3)]) }), teacher);
    await screen.findAllByTestId('workshop-name');
    expect(screen.queryByRole('link', { name: 'Nuevo taller' })).not.toBeInTheDocument();
  });
});

describe('/workshop/view/:workshop_id', () => {
  it('creates a workshop with its province (the kit list) and shows the host\'s field errors', async () => {
    const api = mockApi({ 'POST workshop/create': writeError('REQ-102', 'El código postal no corresponde a la provincia', { field: 'postal_code' }) });
    renderModule('/workshop/view/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del taller' });
    const province = within(form).getByRole('combobox', { name: 'Provincia' });
    const options = within(province).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(53);
    expect(options.slice(0, 3)).toEqual(['Seleccione…', 'A Coruña', 'Albacete']);
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: ' Talleres Norte ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Categoría' }), { target: { value: 'buy_and_sell' } });
    fireEvent.change(within(form).getByLabelText('NIF/CIF'), { target: { value: 'B12345674' } });
    fireEvent.change(within(form).getByLabelText('Correo electrónico'), { target: { value: 'norte@example.es' } });
    fireEvent.change(province, { target: { value: '28' } });
    fireEvent.change(within(form).getByLabelText('Código postal'), { target: { value: '08001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear taller' }));
    expect(await within(form).findByTestId('error-postal_code')).toHaveTextContent('El código postal no corresponde a la provincia');
    expect(within(form).getByLabelText('Código postal')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST workshop/create')[0].body).toEqual({
      name: 'Talleres Norte', category: 'buy_and_sell', tax_code: 'B12345674', contact_person: '', phone: '', email: 'norte@example.es', street: '', city: '',
      province_id: 28, postal_code: '08001', notes: '',
    });

    api.on('POST workshop/create', (req: MockRequest) => envelopeOk({ ...workshop(12), ...(req.body as object) }));
    api.on('GET workshop/read', envelopeOk({ ...workshop(12, { name: 'Talleres Norte' }), jobs: [] }));
    fireEvent.change(within(form).getByLabelText('Código postal'), { target: { value: '28001' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear taller' }));
    expect(await screen.findByText('Taller Talleres Norte creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workshop/view/12'));
    expect(await screen.findByTestId('workshop-title')).toHaveTextContent('Talleres Norte');
    expect(await screen.findByText('No hay trabajos anotados en este taller')).toBeInTheDocument();
  });

  it('shows a workshop with its latest jobs (plate to the vehicle) and saves it', async () => {
    const api = mockApi({
      'GET workshop/read': envelopeOk({
        ...workshop(3),
        jobs: [
          entry(21, { kind: 'itv', itv_result: 'favourable', workshop_id: 3, done_on: '2026-11-02', cost_cents: 4500, description: '' }),
          entry(20, { workshop_id: 3, plate: 'C1234BCD', vehicle_id: 6 }),
        ],
      }),
      'POST workshop/update': (req: MockRequest) => envelopeOk({ ...workshop(3), ...(req.body as object) }),
    });
    renderModule('/workshop/view/3', api);
    expect(await screen.findByTestId('workshop-title')).toHaveTextContent('Talleres Hermanos García');
    expect(query(api.calls('GET workshop/read')[0])).toEqual({ id: '3' });
    const jobs = within(screen.getByTestId('workshop-jobs')).getByRole('table');
    const rows = within(jobs).getAllByTestId('job-plate').map((a) => a.closest('tr')!);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent!.replace(/\u00a0/g, ' ')))).toEqual([
      ['1234 BCD', '02/11/2026', 'ITV (Favorable)', '', '45,00 €'],
      ['C 1234 BCD', '02/10/2026', 'Revisión', 'Aceite y filtros', '189,50 €'],
    ]);
    expect(within(rows[1]).getByRole('link', { name: 'C 1234 BCD' })).toHaveAttribute('href', '/vehicle/view/6');

    const form = screen.getByRole('form', { name: 'Datos del taller' });
    expect(within(form).getByRole('combobox', { name: 'Provincia' })).toHaveValue('28');
    fireEvent.change(within(form).getByLabelText('Teléfono'), { target: { value: '916 543 210' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST workshop/update')).toHaveLength(1));
    expect(api.calls('POST workshop/update')[0].body).toMatchObject({ id: 3, name: 'Talleres Hermanos García', phone: '916 543 210', province_id: 28 });
    expect(await screen.findByText('Taller guardado')).toBeInTheDocument();
  });

  it('hides the jobs without the vehicle service (jobs null), and the form\'s buttons without fleet.workshops', async () => {
    renderModule('/workshop/view/3', mockApi({ 'GET workshop/read': envelopeOk({ ...workshop(3), jobs: null }) }), teacher);
    expect(await screen.findByTestId('workshop-title')).toBeInTheDocument();
    expect(screen.queryByTestId('workshop-jobs')).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos del taller' })).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });
});
