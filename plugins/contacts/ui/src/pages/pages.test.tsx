import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { publishedSchemas, renderModule } from '../test/render';
import { testDirector } from '@volante/plugin-ui/testing/module';

const base = {
  state: 'active', created_at: '2026-02-01T10:00:00.000Z', updated_at: '2026-02-01T10:00:00.000Z', branch_id: 3, relation: 'client',
  trade_name: '', fiscal_name: '', second_last_name: '', gender: '', nationality: '', birthday: null, incorporation_date: null,
  mobile: '', street: '', city: 'Madrid', province_id: 28, postal_code: '28013', notes: '', avatar_file_id: null, notifications: true,
};
const ana = { ...base, id: 1, code: '000001', type: 'P', display_name: 'Ana García López', first_name: 'Ana', last_name: 'García', second_last_name: 'López', fiscal_code: '12345678Z', email: 'ana@example.es', phone: '600111222' };
const taller = { ...base, id: 2, code: '000002', type: 'E', display_name: 'Talleres Sur', first_name: '', last_name: '', fiscal_name: 'Talleres Sur SL', fiscal_code: 'B12345674', email: '', phone: '', state: 'inactive' };

function page(items: unknown[], total = items.length) {
  return envelopeOk({ items, total, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length });
}

describe('/contact/list', () => {
  it('lists contacts with state badges and "Viendo x a y de z", and searches through contact/readall', async () => {
    const api = mockApi({ 'POST contact/readall': (req: MockRequest) => ((req.body as { search: string }).search ? page([ana]) : page([ana, taller])) });
    renderModule('/contact/list', api);
    const table = await screen.findByRole('table', { name: 'Contactos' });
    await within(table).findByRole('link', { name: 'Ana García López' });
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2');
    const badges = within(table).getAllByTestId('contact-state');
    expect(badges.map((b) => b.textContent)).toEqual(['Activo', 'Inactivo']);
    expect(api.calls('POST contact/readall')[0].body).toEqual({ search: '', page: 1, per_page: 25 });
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' garcia ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 1 de 1'));
    expect(api.calls('POST contact/readall').at(-1)!.body).toEqual({ search: 'garcia', page: 1, per_page: 25 });
  });

  it('filters by state and deactivates a contact after confirming', async () => {
    const api = mockApi({ 'POST contact/readall': page([ana]), 'POST contact/state': envelopeOk({ ...ana, state: 'inactive' }) });
    renderModule('/contact/list', api);
    await screen.findByRole('link', { name: 'Ana García López' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'deleted' } });
    await waitFor(() => expect(api.calls('POST contact/readall').at(-1)!.body).toEqual({ search: '', page: 1, per_page: 25, state: 'deleted' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar el estado de Ana García López' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Desactivar a Ana García López?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(api.calls('POST contact/state')[0]?.body).toEqual({ id: 1, state: 'inactive' }));
    expect(await screen.findByText('Contacto desactivado')).toBeInTheDocument();
  });
});

describe('/contact/list/create', () => {
  it('starts from contact/zero/0, validates, creates and opens the new contact', async () => {
    const api = mockApi({
      'GET contact/zero/0': envelopeOk({ ...base, id: 0, code: '000003', type: 'P', display_name: '', first_name: '', last_name: '', fiscal_code: '', email: '', phone: '', province_id: null, city: '', postal_code: '', dgt: null, groups: [] }),
      'POST contact/create': (req: MockRequest) => envelopeOk({ ...ana, ...(req.body as object), id: 9, display_name: 'Luis Pérez' }),
      'GET contact/read/9': envelopeOk({ ...ana, id: 9, display_name: 'Luis Pérez', dgt: null, groups: [] }),
    });
    // the form is built from the schema the host serves (here with a length limit of its own)
    const { contact } = publishedSchemas;
    const served = { ...contact, properties: { ...contact.properties, first_name: { ...contact.properties.first_name, maxLength: 40 } } };
    api.on('GET plugin/schemas', envelopeOk({ ...publishedSchemas, contact: served }));
    renderModule('/contact/list/create', api);
    const form = await screen.findByRole('form', { name: 'Datos del contacto' });
    expect(within(form).getByRole('textbox', { name: 'Código' })).toHaveValue('000003');
    expect(within(form).getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('maxLength', '40');
    expect(api.calls('GET plugin/schemas').map((r) => r.query.get('plugin_id'))).toEqual(['contacts']);
    fireEvent.click(screen.getByRole('button', { name: 'Crear contacto' }));
    expect(await within(form).findByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(api.calls('POST contact/create')).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Luis' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Primer apellido' }), { target: { value: 'Pérez' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Provincia' }), { target: { value: '28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contacto' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/contact/view/9/0'));
    const body = api.calls('POST contact/create')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'P', first_name: 'Luis', last_name: 'Pérez', province_id: 28, code: '000003', notifications: true, avatar_file_id: null });
    expect(body).not.toHaveProperty('incorporation_date'); // a company field, hidden for persons
  });

  it("shows the host's field errors (DNI) under the field", async () => {
    const api = mockApi({
      'GET contact/zero/0': envelopeOk({ ...base, id: 0, code: '000003', type: 'P', first_name: '', last_name: '', fiscal_code: '', email: '', phone: '', dgt: null, groups: [] }),
      'POST contact/create': writeError('REQ-102', 'Dni erroneo, la letra del NIF no se corresponde', { field: 'fiscal_code' }),
    });
    renderModule('/contact/list/create', api);
    const form = await screen.findByRole('form', { name: 'Datos del contacto' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Luis' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'DNI/NIE o NIF' }), { target: { value: '12345678A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contacto' }));
    expect(await within(form).findByText('Dni erroneo, la letra del NIF no se corresponde')).toBeInTheDocument();
  });

  it('says so in Spanish when the host cannot give the schemas, and retries', async () => {
    const api = mockApi({
      'GET contact/zero/0': envelopeOk({ ...base, id: 0, code: '000003', type: 'P', first_name: '', last_name: '', fiscal_code: '', email: '', phone: '', dgt: null, groups: [] }),
      'GET plugin/schemas': readError('NOT-FOUND-000', 'Módulo no encontrado'),
    });
    renderModule('/contact/list/create', api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se han podido cargar los formularios de contactos');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al listado' })).toHaveAttribute('href', '/contact/list');

    api.on('GET plugin/schemas', envelopeOk(publishedSchemas));
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('form', { name: 'Datos del contacto' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('GET plugin/schemas')).toHaveLength(2);
  });

  it('treats an answer without the contact schema as a failure', async () => {
    const api = mockApi({
      'GET contact/zero/0': envelopeOk({ ...base, id: 0, code: '000003', type: 'P', first_name: '', last_name: '', fiscal_code: '', email: '', phone: '', dgt: null, groups: [] }),
      'GET plugin/schemas': envelopeOk({ contact_dgt: publishedSchemas.contact_dgt }),
    });
    renderModule('/contact/list/create', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se han podido cargar los formularios de contactos');
  });
});

describe('/contact/view/:contact_id/:back_dgt_folder', () => {
  const detail = { ...ana, dgt: { licences: ['B'], dgt_folder: 'EXP-1', dgt_record: '', requested_licence: 'A2', theory_exam_date: null, practical_exam_date: null, licence_date: null, notes: '' }, groups: [{ id: 4, name: 'Mañanas' }] };

  it('shows the card, saves changes, and deactivates after confirming', async () => {
    const api = mockApi({
      'GET contact/read/1': envelopeOk(detail),
      'POST contact/update': (req: MockRequest) => envelopeOk({ ...ana, ...(req.body as object) }),
      'POST contact/state': envelopeOk({ ...ana, state: 'inactive' }),
    });
    renderModule('/contact/view/1/0', api);
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Ana García López');
    expect(screen.getByText('Mañanas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al listado' })).toHaveAttribute('href', '/contact/list');
    const form = await screen.findByRole('form', { name: 'Datos del contacto' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Móvil' }), { target: { value: '600123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST contact/update')).toHaveLength(1));
    expect(api.calls('POST contact/update')[0].body).toMatchObject({ id: 1, mobile: '600123456', first_name: 'Ana' });
    expect(await screen.findByText('Contacto guardado')).toBeInTheDocument();

    api.on('GET contact/read/1', envelopeOk({ ...detail, state: 'inactive' }));
    fireEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(screen.getByTestId('contact-state')).toHaveTextContent('Inactivo'));
    expect(api.calls('POST contact/state')[0].body).toEqual({ id: 1, state: 'inactive' });
  });

  it('links to a new invoice and a new budget for the contact when the user has billing', async () => {
    const api = mockApi({ 'GET contact/read/1': envelopeOk(detail) });
    renderModule('/contact/view/1/0', api, undefined, { ...testDirector(['contacts', 'billing']), role: 'staff', permissions: ['contact.client', 'invoicing'] });
    expect(await screen.findByRole('link', { name: 'Nueva factura' })).toHaveAttribute('href', '/invoice/new/contact/0/0/1');
    expect(screen.getByRole('link', { name: 'Nuevo presupuesto' })).toHaveAttribute('href', '/budget/new/contact/0/0/1');
  });

  it('has no billing links without the billing service or its permission', async () => {
    const api = mockApi({ 'GET contact/read/1': envelopeOk(detail) });
    renderModule('/contact/view/1/0', api);
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Ana García López');
    expect(screen.queryByRole('link', { name: 'Nueva factura' })).not.toBeInTheDocument();
    cleanup();
    renderModule('/contact/view/1/0', api, undefined, { ...testDirector(['contacts', 'billing']), role: 'staff', permissions: ['contact.client'] });
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Ana García López');
    expect(screen.queryByRole('link', { name: 'Nuevo presupuesto' })).not.toBeInTheDocument();
  });

  it('saves the DGT record with the licences held, and goes back to the DGT folder it came from', async () => {
    const api = mockApi({ 'GET contact/read/1': envelopeOk(detail), 'POST contact/dgt/update': (req: MockRequest) => envelopeOk(req.body) });
    renderModule('/contact/view/1/77', api);
    const block = await screen.findByTestId('dgt-block');
    expect(within(block).getByRole('textbox', { name: 'Número de expediente' })).toHaveValue('EXP-1');
    fireEvent.click(within(block).getByRole('checkbox', { name: 'A2' }));
    fireEvent.click(within(block).getByRole('button', { name: 'Guardar expediente' }));
    await waitFor(() => expect(api.calls('POST contact/dgt/update')).toHaveLength(1));
    expect(api.calls('POST contact/dgt/update')[0].body).toMatchObject({ contact_id: 1, licences: ['A2', 'B'], dgt_folder: 'EXP-1', requested_licence: 'A2' });
    expect(screen.getByRole('link', { name: 'Volver al expediente' })).toHaveAttribute('href', '/dgt/folder/view/77');
  });

  it('keeps the card and its actions when the schemas cannot be loaded, with the Spanish message in place of the forms', async () => {
    const api = mockApi({ 'GET contact/read/1': envelopeOk(detail), 'GET plugin/schemas': () => new Response('bad gateway', { status: 502 }) });
    renderModule('/contact/view/1/0', api);
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Ana García López');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se han podido cargar los formularios de contactos');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dgt-block')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    expect(screen.getByText('Mañanas')).toBeInTheDocument();
  });

  it('shows "Cargando…" where the forms go while the schemas are on their way', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = mockApi({ 'GET contact/read/1': envelopeOk(detail), 'GET plugin/schemas': () => new Promise((resolve) => (answer = resolve)) });
    renderModule('/contact/view/1/0', api);
    expect(await screen.findByTestId('contact-name')).toHaveTextContent('Ana García López');
    expect(screen.getByTestId('schemas-loading')).toHaveTextContent('Cargando…');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    answer(envelopeOk(publishedSchemas));
    expect(await screen.findByRole('form', { name: 'Datos del contacto' })).toBeInTheDocument();
    expect(await screen.findByTestId('dgt-block')).toBeInTheDocument();
    expect(screen.queryByTestId('schemas-loading')).not.toBeInTheDocument();
  });
});
