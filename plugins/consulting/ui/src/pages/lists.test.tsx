import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, centre, company, course, groups, page, query, worker } from '../test/fixtures';

/** Every list and every kind's groups, answered; `routes` replaces what a test needs. */
function listHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET consulting/empresas/read': page([company(), company({ id: 4, name: 'Hostal Pilar SL', tax_code: 'B50999999', contribution_account: '', workers: 0, group_id: null, group_name: null, group_color: null, state: 'inactive' })]),
    'GET consulting/trabajadores/read': page([worker(), worker({ id: 22, first_name: 'Luis', last_name: 'Martín', dni: '87654321X', social_security_number: '', company_id: null, company_name: null, group_id: 2, group_name: 'Transporte', group_color: '#f1416c' })]),
    'GET consulting/cursos/read': page([course(), course({ id: 33, name: 'Inglés básico', action_code: '', group_code: '1', modality: 'online', start_date: null, end_date: null, centre_id: null, centre_name: null, company_id: null, company_name: null, participants_count: 0, status: 'cancelled' })]),
    'GET consulting/centros/read': page([centre(), centre({ id: 6, name: 'Formación Norte', tax_code: '', accreditation: '', city: '', group_id: null, group_name: null, group_color: null })]),
    'GET consulting/empresas/group/read': page(groups()),
    'GET consulting/trabajadores/group/read': page(groups()),
    'GET consulting/cursos/group/read': page(groups()),
    'GET consulting/centros/group/read': page(groups()),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof listHost>;
/** The list reads of a kind (not the selects' reads of every company or centre). */
const asked = (api: Host, kind: string) => api.calls(`GET consulting/${kind}/read`).map(query).filter((q) => q.per_page !== '500');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const rows = async () => (await screen.findAllByTestId('record-name')).map((link) => cells(link.closest('tr')!));
const rowOf = (name: string) => screen.getByText(name, { selector: '[data-testid="record-name"]' }).closest('tr')!;

describe('the lists', () => {
  it('companies: name (a link, the state when not active), tax code, CCC, workers and the group in its colour', async () => {
    const api = listHost();
    renderModule('/facilauto/consulting/empresas', api);
    const table = await screen.findByRole('table', { name: 'Empresas' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'NIF/CIF', 'CCC', 'Trabajadores', 'Grupo']);
    expect(await rows()).toEqual([
      ['Transportes Ebro SL', 'B50123456', '50123456789', '2', 'Transporte'],
      ['Hostal Pilar SLInactivo', 'B50999999', '—', '0', 'Sin grupo'],
    ]);
    expect(screen.getByRole('link', { name: 'Transportes Ebro SL' })).toHaveAttribute('href', '/facilauto/consulting/empresas/view/3');
    expect(within(rowOf('Transportes Ebro SL')).getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#f1416c' });
    expect(asked(api, 'empresas')).toEqual([{ page: '1', per_page: '25' }]);
    expect(screen.getByRole('link', { name: 'Nueva empresa' })).toHaveAttribute('href', '/facilauto/consulting/empresas/view/0');
  });

  it('links the four kinds, the current one marked', async () => {
    renderModule('/facilauto/consulting/cursos', listHost());
    await rows();
    const nav = screen.getByRole('navigation', { name: 'Secciones de la consultoría' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Empresas', '/facilauto/consulting/empresas'],
      ['Trabajadores', '/facilauto/consulting/trabajadores'],
      ['Cursos', '/facilauto/consulting/cursos'],
      ['Centros', '/facilauto/consulting/centros'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Cursos' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(nav).getByRole('link', { name: 'Centros' }));
    expect(await screen.findByRole('table', { name: 'Centros de formación' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/facilauto/consulting/centros');
  });

  it('filters by group ("Sin grupo" is group_id 0) and state, keeping the search', async () => {
    const api = listHost();
    renderModule('/facilauto/consulting/empresas', api);
    await rows();
    const group = screen.getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los grupos', 'Sin grupo', 'Hostelería', 'Transporte']));
    fireEvent.change(group, { target: { value: '0' } });
    await waitFor(() => expect(asked(api, 'empresas').at(-1)).toEqual({ group_id: '0', page: '1', per_page: '25' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' ebro ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api, 'empresas').at(-1)).toEqual({ search: 'ebro', group_id: '0', page: '1', per_page: '25' }));
    fireEvent.change(group, { target: { value: '2' } });
    await waitFor(() => expect(asked(api, 'empresas').at(-1)).toEqual({ search: 'ebro', group_id: '2', page: '1', per_page: '25' }));

    const state = screen.getByRole('combobox', { name: 'Situación' });
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Activos e inactivos', 'Solo activos', 'Solo inactivos', 'Eliminados', 'Todos']);
    fireEvent.change(state, { target: { value: 'inactive' } });
    await waitFor(() => expect(asked(api, 'empresas').at(-1)).toEqual({ search: 'ebro', group_id: '2', state: 'inactive', page: '1', per_page: '25' }));
    fireEvent.change(group, { target: { value: '' } });
    fireEvent.change(state, { target: { value: 'all' } });
    await waitFor(() => expect(asked(api, 'empresas').at(-1)).toEqual({ search: 'ebro', state: 'all', page: '1', per_page: '25' }));
  });

  it('searches from 2 characters while typing, and clears the search when emptied', async () => {
    const api = listHost();
    renderModule('/facilauto/consulting/trabajadores', api);
    await rows();
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'l' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 350));
    expect(asked(api, 'trabajadores')).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'ló' } });
    await waitFor(() => expect(asked(api, 'trabajadores').at(-1)).toEqual({ search: 'ló', page: '1', per_page: '25' }));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(asked(api, 'trabajadores').at(-1)).toEqual({ page: '1', per_page: '25' }));
  });

  it('pages: "Viendo 1 a 25 de 30", then page 2; a filter goes back to page 1', async () => {
    const first = Array.from({ length: 25 }, (_, i) => centre({ id: 100 + i, name: `Centro ${i + 1}` }));
    const second = Array.from({ length: 5 }, (_, i) => centre({ id: 200 + i, name: `Centro ${i + 26}` }));
    const api = listHost({
      'GET consulting/centros/read': (req: MockRequest) => (query(req).page === '2' ? page(second, { total: 30, page: 2, from: 26, to: 30 }) : page(first, { total: 30, from: 1, to: 25 })),
    });
    renderModule('/facilauto/consulting/centros', api);
    expect(await screen.findAllByTestId('record-name')).toHaveLength(25);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 30');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 30 de 30'));
    expect(asked(api, 'centros').at(-1)).toEqual({ page: '2', per_page: '25' });
    expect(screen.getAllByTestId('record-name').map((c) => c.textContent)).toEqual(['Centro 26', 'Centro 27', 'Centro 28', 'Centro 29', 'Centro 30']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Situación' }), { target: { value: 'deleted' } });
    await waitFor(() => expect(asked(api, 'centros').at(-1)).toEqual({ state: 'deleted', page: '1', per_page: '25' }));
  });

  it('workers: name, DNI/NIE, company, NAF and group; filtered by company', async () => {
    const api = listHost();
    renderModule('/facilauto/consulting/trabajadores', api);
    const table = await screen.findByRole('table', { name: 'Trabajadores' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'DNI/NIE', 'Empresa', 'NAF', 'Grupo']);
    expect(await rows()).toEqual([
      ['Ana López García', '12345678Z', 'Transportes Ebro SL', '281234567840', 'Sin grupo'],
      ['Luis Martín', '87654321X', '—', '—', 'Transporte'],
    ]);
    // the companies to choose from: the live ones, the host's largest page
    const filter = screen.getByRole('combobox', { name: 'Empresa' });
    await waitFor(() => expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas las empresas', 'Transportes Ebro SL', 'Hostal Pilar SL']));
    expect(api.calls('GET consulting/empresas/read').map(query)).toEqual([{ page: '1', per_page: '500' }]);
    fireEvent.change(filter, { target: { value: '3' } });
    await waitFor(() => expect(asked(api, 'trabajadores').at(-1)).toEqual({ company_id: '3', page: '1', per_page: '25' }));
    expect(screen.getByRole('link', { name: 'Nuevo trabajador' })).toHaveAttribute('href', '/facilauto/consulting/trabajadores/view/0');
  });

  it('courses: name, numbers, modality, days, centre, company, participants, status and group; filtered by status, company and centre', async () => {
    const api = listHost();
    renderModule('/facilauto/consulting/cursos', api);
    const table = await screen.findByRole('table', { name: 'Cursos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Acción / grupo', 'Modalidad', 'Fechas', 'Centro', 'Empresa', 'Participantes', 'Estado', 'Grupo']);
    expect(await rows()).toEqual([
      ['Carretillas elevadoras', '12 / 3', 'Presencial', '02/03/2026 – 06/03/2026', 'Academia Delta', 'Transportes Ebro SL', '2', 'En preparación', 'Sin grupo'],
      ['Inglés básico', '1', 'Teleformación', '—', '—', '—', '0', 'Anulado', 'Sin grupo'],
    ]);
    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los estados', 'En preparación', 'Comunicado a FUNDAE', 'En curso', 'Finalizado', 'Anulado']);
    fireEvent.change(status, { target: { value: 'in_progress' } });
    await waitFor(() => expect(asked(api, 'cursos').at(-1)).toEqual({ status: 'in_progress', page: '1', per_page: '25' }));
    const companies = screen.getByRole('combobox', { name: 'Empresa' });
    await waitFor(() => expect(within(companies).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(companies, { target: { value: '3' } });
    await waitFor(() => expect(asked(api, 'cursos').at(-1)).toEqual({ status: 'in_progress', company_id: '3', page: '1', per_page: '25' }));
    const centres = screen.getByRole('combobox', { name: 'Centro' });
    await waitFor(() => expect(within(centres).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los centros', 'Academia Delta', 'Formación Norte']));
    fireEvent.change(centres, { target: { value: '5' } });
    await waitFor(() => expect(asked(api, 'cursos').at(-1)).toEqual({ status: 'in_progress', company_id: '3', centre_id: '5', page: '1', per_page: '25' }));
  });

  it('centres: name, tax code, city, accreditation and group', async () => {
    renderModule('/facilauto/consulting/centros', listHost());
    const table = await screen.findByRole('table', { name: 'Centros de formación' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'NIF/CIF', 'Localidad', 'Acreditación', 'Grupo']);
    expect(await rows()).toEqual([
      ['Academia Delta', 'B99000001', 'Zaragoza', '26/0000123', 'Hostelería'],
      ['Formación Norte', '—', '—', '—', 'Sin grupo'],
    ]);
    expect(screen.getByRole('link', { name: 'Nuevo centro' })).toHaveAttribute('href', '/facilauto/consulting/centros/view/0');
  });

  it("a list that cannot be read shows the host's reason and a retry", async () => {
    const api = listHost({ 'GET consulting/centros/read': readError('PERMISSION-000', 'No tiene permiso para esta acción') });
    renderModule('/facilauto/consulting/centros', api);
    expect(await screen.findByText('No tiene permiso para esta acción')).toBeInTheDocument();
    api.on('GET consulting/centros/read', page([centre()]));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('record-name')).toHaveLength(1);
  });
});

describe("a kind's groups", () => {
  const groupReads = (api: Host) => api.calls('GET consulting/empresas/group/read');

  it('lists them with their records counted', async () => {
    renderModule('/facilauto/consulting/empresas', listHost());
    const panel = await screen.findByTestId('groups-panel');
    expect(within(panel).getByRole('heading', { name: 'Grupos de empresas' })).toBeInTheDocument();
    const items = await within(panel).findAllByTestId('group');
    expect(items.map((li) => [within(li).getByTestId('group-chip').textContent, within(li).getByTestId('group-count').textContent])).toEqual([
      ['Hostelería', '1 empresa'],
      ['Transporte', '2 empresas'],
    ]);
    expect(within(items[0]).getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#ffcc00' });
  });

  it('"Crear grupo" sends the name and colour; a duplicate name goes under it; then the groups again', async () => {
    const api = listHost({ 'POST consulting/empresas/group/create': writeError('CONFLICT-000', 'Ya existe un grupo con ese nombre', { field: 'name' }) });
    renderModule('/facilauto/consulting/empresas', api);
    const form = await screen.findByRole('form', { name: 'Nuevo grupo' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Transporte ' } });
    fireEvent.change(within(form).getByLabelText('Color'), { target: { value: '#50cd89' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');
    expect(api.calls('POST consulting/empresas/group/create').map(body)).toEqual([{ name: 'Transporte', color: '#50cd89' }]);

    api.on('POST consulting/empresas/group/create', (req: MockRequest) => envelopeOk({ id: 7, ...body(req), count: 0 }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Construcción' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await screen.findByText('Grupo Construcción creado')).toBeInTheDocument();
    await waitFor(() => expect(groupReads(api)).toHaveLength(2));
  });

  it('"Editar" renames or recolours through group/update with only what changed, and the list shows it again', async () => {
    const api = listHost({ 'POST consulting/empresas/group/update': (req: MockRequest) => envelopeOk({ ...groups()[1], ...body(req) }) });
    renderModule('/facilauto/consulting/empresas', api);
    await rows();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar el grupo Transporte' }));
    const form = screen.getByRole('form', { name: 'Editar el grupo Transporte' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Logística' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Grupo Logística guardado')).toBeInTheDocument();
    expect(api.calls('POST consulting/empresas/group/update').map(body)).toEqual([{ id: 2, name: 'Logística' }]);
    await waitFor(() => expect(groupReads(api)).toHaveLength(2));
    await waitFor(() => expect(asked(api, 'empresas')).toHaveLength(2));
  });

  it('"Eliminar" says the records stay without a group, then how many did; a filter on it is dropped', async () => {
    const api = listHost({ 'POST consulting/empresas/group/delete': envelopeOk({ ...groups()[1], state: 'deleted', released: 2 }) });
    renderModule('/facilauto/consulting/empresas', api);
    await rows();
    const filter = screen.getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(4));
    fireEvent.change(filter, { target: { value: '2' } });
    await waitFor(() => expect(asked(api, 'empresas').at(-1)).toEqual({ group_id: '2', page: '1', per_page: '25' }));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Transporte' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el grupo' });
    expect(dialog).toHaveTextContent('¿Eliminar el grupo «Transporte»? Sus empresas no se eliminan: se quedan sin grupo.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Transporte eliminado: 2 empresas se han quedado sin grupo')).toBeInTheDocument();
    expect(api.calls('POST consulting/empresas/group/delete').map(body)).toEqual([{ id: 2 }]);
    await waitFor(() => expect(asked(api, 'empresas').at(-1)).toEqual({ page: '1', per_page: '25' }));
    expect(filter).toHaveValue('');

    // one without records says only that
    api.on('POST consulting/empresas/group/delete', envelopeOk({ ...groups()[0], state: 'deleted', released: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Hostelería' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Hostelería eliminado')).toBeInTheDocument();
  });

  it("each kind has its own groups: the workers' panel asks consulting/trabajadores/group/*", async () => {
    const api = listHost({ 'POST consulting/trabajadores/group/delete': envelopeOk({ ...groups()[0], released: 1 }) });
    renderModule('/facilauto/consulting/trabajadores', api);
    expect(await screen.findByRole('heading', { name: 'Grupos de trabajadores' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el grupo Hostelería' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Sus trabajadores no se eliminan: se quedan sin grupo.');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Hostelería eliminado: 1 trabajador se ha quedado sin grupo')).toBeInTheDocument();
    expect(api.calls('GET consulting/empresas/group/read')).toHaveLength(0);
  });
});
