import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, formLists, groupDetail, groupRow, page, query } from '../test/fixtures';

/** Two groups (one inactive, without classes), the books, two branches and the staff. */
function groupsHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET clase/guiadagrupo/list': page([
      groupRow(),
      groupRow({ id: 32, name: 'Mañana C', licence: 'C', state: 'inactive', temary_id: null, branch_id: 2, branch: 'Norte', teacher_user_id: null, teacher: null, starts_on: null, ends_on: null, classes: 0, given: 0, next: null }),
    ]),
    ...formLists(),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof groupsHost>;
const asked = (api: Host) => api.calls('GET clase/guiadagrupo/list').map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const select = (wrapper: string) => within(screen.getByTestId(wrapper)).getByRole('combobox');

describe('the groups', () => {
  it('lists them with branch, teacher, classes given, the next class and dates', async () => {
    const api = groupsHost();
    renderModule('/clase/guiada/list', api);
    // the branch column shows once the branches are read (two of them)
    await screen.findByTestId('groups-branch');
    const links = await screen.findAllByTestId('group-name');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Grupos de clases guiadas' })).toHaveAttribute('aria-busy', 'false'));
    expect(links.map((a) => cells(a.closest('tr')!))).toEqual([
      ['Tarde B octubre', 'B', 'Centro', 'Pedro Profesor', '1 de 3 impartidas', 'Señales · 08/10/2026 18:00', '01/10/2026 – 20/12/2026'],
      ['Mañana CInactivo', 'C', 'Norte', 'Sin profesor', '0 de 0 impartidas', 'Sin clases', '—'],
    ]);
    expect(links[0]).toHaveAttribute('href', '/clase/guiada/grupo/view/31');
    expect(screen.getAllByTestId('group-next')[0]).toHaveAttribute('href', '/clase/guiada/view/402/31');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2');
  });

  it('finds from 2 characters and filters by licence, branch and state, keeping the search', async () => {
    const api = groupsHost();
    renderModule('/clase/guiada/list', api);
    await screen.findAllByTestId('group-name');
    const list = screen.getByRole('table', { name: 'Grupos de clases guiadas' }).closest('section')!;
    const search = within(list).getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 't' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.change(search, { target: { value: ' tarde ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'tarde', page: '1', per_page: '25' }));
    expect(asked(api).some((q) => q.search === 't')).toBe(false);

    const licence = select('groups-licence');
    expect(within(licence).getAllByRole('option')).toHaveLength(19);
    expect(within(licence).getAllByRole('option')[0]).toHaveTextContent('Todos los permisos');
    fireEvent.change(licence, { target: { value: 'B96' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'tarde', licence: 'B96', page: '1', per_page: '25' }));

    const branch = await screen.findByTestId('groups-branch');
    expect(within(branch).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas las sedes', 'Centro', 'Norte']);
    fireEvent.change(within(branch).getByRole('combobox'), { target: { value: '2' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'tarde', licence: 'B96', branch_id: '2', page: '1', per_page: '25' }));

    const state = select('groups-state');
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Activos e inactivos', 'Activos', 'Inactivos']);
    fireEvent.change(state, { target: { value: 'inactive' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'tarde', licence: 'B96', branch_id: '2', state: 'inactive', page: '1', per_page: '25' }));
  });

  it("says why the list cannot be read", async () => {
    renderModule('/clase/guiada/list', groupsHost({ 'GET clase/guiadagrupo/list': readError('PERMISSION-000', 'No tiene permiso') }));
    expect(await screen.findByText('No tiene permiso')).toBeInTheDocument();
  });
});

describe('a new group', () => {
  it("checks the form, shows the host's errors under their fields, then opens the group", async () => {
    const api = groupsHost({
      'POST clase/guiadagrupo/create': writeError('REQ-102', 'El usuario no es del personal del centro', { field: 'teacher_user_id' }),
    });
    renderModule('/clase/guiada/list', api);
    const form = await screen.findByTestId('group-new-form');
    // the lists the form offers
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Libro digital' })).toHaveTextContent('Permiso B'));
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');

    const licence = within(form).getByRole('combobox', { name: /^Permiso/ });
    expect(within(licence).getAllByRole('option')).toHaveLength(18);
    expect(licence).toHaveValue('B');
    const book = within(form).getByRole('combobox', { name: 'Libro digital' });
    expect(within(book).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin libro', 'CAP inicial', 'Permiso B']);
    const branch = await within(form).findByRole('combobox', { name: 'Sede' });
    expect(within(branch).getAllByRole('option').map((o) => o.textContent)).toEqual(['La sede del usuario', 'Centro', 'Norte']);
    const teacher = within(form).getByRole('combobox', { name: 'Profesor' });
    await waitFor(() => expect(within(teacher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor', 'Pedro Profesor', 'Lucía Docente']));
    expect(within(form).queryByRole('combobox', { name: 'Estado' })).not.toBeInTheDocument();

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Noche C1 ' } });
    fireEvent.change(licence, { target: { value: 'C1' } });
    fireEvent.change(book, { target: { value: '12' } });
    fireEvent.change(branch, { target: { value: '2' } });
    fireEvent.change(teacher, { target: { value: '8' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Martes y jueves' } });
    fireEvent.change(within(form).getByLabelText('Fecha de inicio'), { target: { value: '2026-11-02' } });
    fireEvent.change(within(form).getByLabelText('Fecha de fin'), { target: { value: '2026-10-30' } });
    submit();
    expect(await within(form).findByTestId('error-ends_on')).toHaveTextContent('La fecha de fin no puede ser anterior a la de inicio');
    expect(api.calls('POST clase/guiadagrupo/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Fecha de fin'), { target: { value: '2027-01-29' } });
    submit();
    expect(await within(form).findByTestId('error-teacher_user_id')).toHaveTextContent('El usuario no es del personal del centro');
    expect(within(form).getByTestId('group-new-form-errors')).toHaveTextContent('Revise los campos marcados');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    const sent = { name: 'Noche C1', licence: 'C1', temary_id: 12, branch_id: 2, teacher_user_id: 8, description: 'Martes y jueves', starts_on: '2026-11-02', ends_on: '2027-01-29' };
    expect(api.calls('POST clase/guiadagrupo/create').map(body)).toEqual([sent]);

    api.on('POST clase/guiadagrupo/create', (req: MockRequest) => envelopeOk(groupDetail({ ...body(req), id: 77, classes: [], given: 0, total: 0 })));
    api.on('GET clase/guiadagrupo/read', envelopeOk(groupDetail({ ...sent, id: 77, classes: [], given: 0, total: 0 })));
    api.on('GET clase/guiada/temary/list', envelopeOk({ group_id: 77, id: 12, name: 'Permiso B', category: 'B', status: 'publish', themes: [], totals: { subthemes: 0, covered: 0, given: 0 } }));
    fireEvent.change(teacher, { target: { value: '7' } });
    submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/clase/guiada/grupo/view/77'));
    expect(screen.getByText('Grupo Noche C1 creado')).toBeInTheDocument();
    expect(api.calls('POST clase/guiadagrupo/create').map(body).at(-1)).toEqual({ ...sent, teacher_user_id: 7 });
    expect(await screen.findByTestId('group-title')).toHaveTextContent('Noche C1');
  });

  it('leaves out what is not set: the host puts the caller’s branch and no book', async () => {
    const api = groupsHost({
      'POST clase/guiadagrupo/create': (req: MockRequest) => envelopeOk(groupDetail({ ...body(req), id: 78, temary_id: null, book: null, classes: [], given: 0, total: 0 })),
      'GET clase/guiadagrupo/read': envelopeOk(groupDetail({ id: 78, name: 'Sin libro', temary_id: null, book: null, classes: [], given: 0, total: 0 })),
    });
    renderModule('/clase/guiada/list', api);
    const form = await screen.findByTestId('group-new-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Sin libro' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/clase/guiada/grupo/view/78'));
    expect(api.calls('POST clase/guiadagrupo/create').map(body)).toEqual([{ name: 'Sin libro', licence: 'B' }]);
    expect(await screen.findByTestId('coverage-none')).toBeInTheDocument();
  });
});

describe('the digital books', () => {
  it('lists the published books with their contents, narrowed by the finder', async () => {
    const api = groupsHost();
    renderModule('/clase/guiada/list', api);
    const panel = await screen.findByTestId('books-panel');
    const names = await within(panel).findAllByTestId('book-name');
    expect(names.map((n) => n.textContent)).toEqual(['CAP inicial', 'Permiso B']);
    expect(cells(names[1].closest('tr')!)).toEqual(['Permiso BTemario del permiso B', 'B', '2 temas · 3 subtemas · 2 láminas · 1 vídeos']);
    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'conductores' } });
    await waitFor(() => expect(within(panel).getAllByTestId('book-name').map((n) => n.textContent)).toEqual(['CAP inicial']));
    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'moto' } });
    expect(await within(panel).findByText('Ningún libro coincide con la búsqueda')).toBeInTheDocument();
    // one read for both the form and the section
    expect(api.calls('GET clase/libro/digital/listado')).toHaveLength(1);
  });

  it('without the temary module: the refusal in the section, groups still made without a book; no staff: no teacher offered', async () => {
    const api = groupsHost({
      'GET clase/libro/digital/listado': readError('CONFLICT-000', 'El módulo de temarios no está activo'),
      'GET clase/guiada/staff': readError('NOT-FOUND-000', 'No existe'),
      'GET business/branch/list': envelopeOk([{ branch_id: 1, trade_name: 'Centro' }]),
    });
    renderModule('/clase/guiada/list', api);
    const panel = await screen.findByTestId('books-panel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('El módulo de temarios no está activo');
    const form = screen.getByTestId('group-new-form');
    await waitFor(() => expect(form).toHaveTextContent('El módulo de temarios no está activo'));
    expect(within(within(form).getByRole('combobox', { name: 'Libro digital' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin libro']);
    expect(within(within(form).getByRole('combobox', { name: 'Profesor' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor']);
    // one branch: no branch select, filter or column
    expect(within(form).queryByRole('combobox', { name: 'Sede' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('groups-branch')).not.toBeInTheDocument();
  });
});
