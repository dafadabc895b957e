import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, content, contentRows, page, query, temaries } from '../test/fixtures';

/** The list, the syllabi to choose from and (once one is opened) content 5 in detail. */
function listHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET formative/content/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(content({ id: Number(req.query.get('id')) })) : page(contentRows())),
    'GET temary/list': page(temaries()),
    ...(routes as Record<string, object>),
  });
}

const asked = (api: ReturnType<typeof listHost>) => api.calls('GET formative/content/read').filter((r) => !r.query.get('id')).map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

/** Opens "Nuevo contenido" and answers its form. */
async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: 'Nuevo contenido' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo contenido' });
  return within(dialog).getByRole('form', { name: 'Nuevo contenido' });
}

describe('the contents', () => {
  it('lists name (a link to the content), category, hours, days of access, syllabi, students and status', async () => {
    const api = listHost();
    renderModule('/formative/content/list', api);
    const table = await screen.findByRole('table', { name: 'Contenidos formativos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Contenido', 'Categoría', 'Horas', 'Acceso', 'Temarios', 'Alumnos', 'Estado']);
    const links = await within(table).findAllByTestId('content-name');
    expect(links.map((link) => cells(link.closest('tr')!))).toEqual([
      ['Teórico permiso B', 'B', '40 horas', '90 días', '2', '12', 'Publicado'],
      ['CAP continua', 'CAP', '35 horas', '1 día', '1', '0', 'En desarrollo'],
      ['Repaso de señalesInactivo', '—', '1 hora', '30 días', '1', '3', 'Publicado'],
    ]);
    expect(screen.getByRole('link', { name: 'CAP continua' })).toHaveAttribute('href', '/formative/content/view/6');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);

    fireEvent.click(screen.getByRole('link', { name: 'Teórico permiso B' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/formative/content/view/5'));
    expect(await screen.findByTestId('content-title')).toHaveTextContent('Teórico permiso B');
  });

  it('the breadcrumb says "Contenidos formativos" once: the list alone, a content under a link back to it', async () => {
    const layout = { set: vi.fn() };
    renderModule('/formative/content/list', listHost(), undefined, undefined, layout);
    await screen.findByRole('table', { name: 'Contenidos formativos' });
    expect(layout.set).toHaveBeenLastCalledWith({ title: 'Contenidos formativos', breadcrumbs: [{ label: 'Contenidos formativos' }] });

    fireEvent.click(await screen.findByRole('link', { name: 'Teórico permiso B' }));
    expect(await screen.findByTestId('content-title')).toHaveTextContent('Teórico permiso B');
    await waitFor(() =>
      expect(layout.set).toHaveBeenLastCalledWith({
        title: 'Teórico permiso B',
        breadcrumbs: [{ label: 'Contenidos formativos', to: '/formative/content/list' }, { label: 'Teórico permiso B' }],
      }),
    );
  });

  it('searches and filters by status and state, keeping the search', async () => {
    const api = listHost();
    renderModule('/formative/content/list', api);
    await screen.findAllByTestId('content-name');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' permiso ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'permiso', page: '1', per_page: '25' }));

    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los estados', 'En desarrollo', 'Publicados']);
    fireEvent.change(status, { target: { value: 'publish' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'permiso', status: 'publish', page: '1', per_page: '25' }));
    const state = screen.getByRole('combobox', { name: 'Situación' });
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin eliminar', 'Activos', 'Inactivos', 'Eliminados', 'Todos']);
    fireEvent.change(state, { target: { value: 'deleted' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'permiso', status: 'publish', state: 'deleted', page: '1', per_page: '25' }));
  });

  it("shows the host's refusal of the list", async () => {
    renderModule('/formative/content/list', mockApi({ 'GET formative/content/read': readError('PERMISSION-000', 'No tiene permiso para ver los contenidos') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No tiene permiso para ver los contenidos');
  });

  it('"Nuevo contenido": name and a syllabus required; syllabi chosen from the temary module and ordered; then create and the new content', async () => {
    const api = listHost({ 'POST formative/content/create': writeError('REQ-102', 'El temario 4 no existe o está eliminado', { field: 'temary_ids[1]' }) });
    renderModule('/formative/content/list', api);
    const form = await openNew();
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear contenido' }));
    // the days of access start at the host's default
    expect(within(form).getByRole('textbox', { name: /^Días de acceso/ })).toHaveValue('90');
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-hours')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-temary_ids')).toHaveTextContent('Indique al menos un temario');

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Teórico C ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Categoría/ }), { target: { value: 'B' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Horas/ }), { target: { value: '2000' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Días de acceso/ }), { target: { value: '0' } });
    const add = within(form).getByRole('combobox', { name: 'Añadir un temario' });
    await waitFor(() => expect(within(add).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elija un temario…', 'Permiso B · B', 'Señales · B', 'CAP · CAP']));
    fireEvent.change(add, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir' }));
    fireEvent.change(add, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir' }));
    // one already chosen is not offered again
    expect(within(add).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elija un temario…', 'CAP · CAP']);
    const chosen = () => within(form).getAllByTestId('chosen-syllabus').map((li) => li.firstChild?.textContent);
    expect(chosen()).toEqual(['Señales', 'Permiso B']);
    fireEvent.click(within(form).getByRole('button', { name: 'Subir Permiso B' }));
    expect(chosen()).toEqual(['Permiso B', 'Señales']);
    submit();
    expect(await within(form).findByTestId('error-hours')).toHaveTextContent('Indique un número entero de horas, de 0 a 1000');
    expect(within(form).getByTestId('error-access_days')).toHaveTextContent('Indique un número entero de días, de 1 a 1095');
    expect(api.calls('POST formative/content/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Horas/ }), { target: { value: '40' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Días de acceso/ }), { target: { value: '120' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Estado/ }), { target: { value: 'publish' } });
    submit();
    // the refused syllabus is named under the list
    expect(await within(form).findByTestId('error-temary_ids')).toHaveTextContent('Señales: El temario 4 no existe o está eliminado');
    const sent = { name: 'Teórico C', description: '', category: 'B', hours: 40, access_days: 120, temary_ids: [3, 4], status: 'publish' };
    expect(api.calls('POST formative/content/create').map(body)).toEqual([sent]);

    api.on('POST formative/content/create', (req: MockRequest) => envelopeOk(content({ ...body(req), id: 12 })));
    submit();
    expect(await screen.findByText('Contenido Teórico C creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/formative/content/view/12'));
  });

  it('says so when the temary module is off or its syllabi cannot be read, and shows the host\'s CONFLICT-000 on create', async () => {
    const api = listHost({
      'GET temary/list': readError('SERVICE-000', 'Servicio no disponible: temary'),
      'POST formative/content/create': writeError('CONFLICT-000', 'El módulo de temarios no está activo'),
    });
    renderModule('/formative/content/list', api);
    let form = await openNew();
    expect(await within(form).findByRole('alert')).toHaveTextContent('El módulo de temarios no está activo: actívelo para elegir los temarios del contenido.');
    expect(within(form).queryByRole('combobox', { name: 'Añadir un temario' })).toBeNull();

    // once the module is back, "Reintentar" offers its syllabi
    api.on('GET temary/list', page(temaries()));
    fireEvent.click(within(form).getByRole('button', { name: 'Reintentar' }));
    const add = await within(form).findByRole('combobox', { name: 'Añadir un temario' });
    fireEvent.change(add, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Teórico' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Horas/ }), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear contenido' }));
    expect(await within(form).findByTestId('content-errors')).toHaveTextContent('El módulo de temarios no está activo');

    // without permission to read the syllabi
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    api.on('GET temary/list', readError('PERMISSION-000', 'Sin permiso'));
    form = await openNew();
    expect(await within(form).findByRole('alert')).toHaveTextContent('No tiene permiso para consultar los temarios');
  });
});
