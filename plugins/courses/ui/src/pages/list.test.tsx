import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { branches, capCourse, groups, item, page, recovery } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 8).map((td) => td.textContent);
const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

/** `GET <prefix>read`: the course with `?id=`, else the page. */
function readRoute(items: unknown[], record: object = recovery()) {
  return (req: MockRequest) => (req.query.get('id') ? envelopeOk(record) : page(items));
}

function recoveryHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET recuperacionpuntos/read': readRoute([item(recovery()), item(recovery({ id: 5, reference: 'RP-2026-0002', name: 'Recuperación total diciembre', category: 'total', hours: 24, group_id: null, group_name: null, start_date: '2026-12-10', end_date: '2026-12-13', enrolled: 0, max_students: 15, state: 'inactive' }))]),
    'GET recuperacionpuntos/group/read': envelopeOk(groups),
    ...routes,
  });
}

describe('the list of each kind', () => {
  it('lists the points-recovery courses: reference, name, category, dates, group, students, state; "Viendo x a y de z"', async () => {
    const api = recoveryHost();
    renderModule('/recuperacionpuntos/list', api);
    const table = await screen.findByRole('table', { name: 'Recuperación de puntos' });
    const rows = (await within(table).findAllByTestId('course-reference')).map((a) => a.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['RP-2026-0001', 'Recuperación parcial noviembre', 'Recuperación parcial (12 h)', '27/11/2026', '29/11/2026', 'Noviembre', '2/20', 'Activo'],
      ['RP-2026-0002', 'Recuperación total diciembre', 'Recuperación total (24 h)', '10/12/2026', '13/12/2026', '', '0/15', 'Inactivo'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'RP-2026-0001' })).toHaveAttribute('href', '/recuperacionpuntos/view/4');
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2');
    expect(query(api.calls('GET recuperacionpuntos/read')[0])).toEqual({ page: '1', per_page: '25' });
    // only the kind's categories
    expect(options(screen.getByRole('combobox', { name: 'Categoría' }))).toEqual(['Todas las categorías', 'Recuperación parcial (12 h)', 'Recuperación total (24 h)']);
  });

  it('searches trimmed from 2 characters and filters by state, category and group, keeping the search', async () => {
    const api = recoveryHost();
    renderModule('/recuperacionpuntos/list', api);
    await screen.findAllByTestId('course-reference');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' n ' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(api.calls('GET recuperacionpuntos/read')).toHaveLength(1);
    fireEvent.change(search, { target: { value: ' noviembre ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(query(api.calls('GET recuperacionpuntos/read').at(-1)!)).toEqual({ search: 'noviembre', page: '1', per_page: '25' }));

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'all' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Categoría' }), { target: { value: 'partial' } });
    const group = await screen.findByRole('combobox', { name: 'Grupo' });
    expect(options(group)).toEqual(['Todos los grupos', 'Noviembre', 'Transportes Ruiz']);
    fireEvent.change(group, { target: { value: '1' } });
    await waitFor(() =>
      expect(query(api.calls('GET recuperacionpuntos/read').at(-1)!)).toEqual({ search: 'noviembre', page: '1', per_page: '25', state: 'all', category: 'partial', group_id: '1' }),
    );
    expect(options(screen.getByRole('combobox', { name: 'Estado' }))).toEqual(['Activos e inactivos', 'Activos', 'Inactivos', 'Eliminados', 'Todos']);
  });

  it('calls each kind under its own prefix: training courses with their five categories, permit A with no category filter', async () => {
    const api = mockApi({ 'GET course/read': page([item(capCourse())]), 'GET course/group/read': envelopeOk([]) });
    const { unmount } = renderModule('/course/list', api);
    expect(await screen.findByRole('table', { name: 'Cursos de formación' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'CU-2026-0003' })).toHaveAttribute('href', '/course/view/11');
    expect(options(screen.getByRole('combobox', { name: 'Categoría' }))).toEqual([
      'Todas las categorías', 'CAP inicial', 'CAP formación continua', 'Mercancías peligrosas (ADR)', 'FUNDAE', 'Otro',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Categoría' }), { target: { value: 'fundae' } });
    await waitFor(() => expect(query(api.calls('GET course/read').at(-1)!)).toEqual({ page: '1', per_page: '25', category: 'fundae' }));
    // no groups: no group filter
    expect(screen.queryByRole('combobox', { name: 'Grupo' })).not.toBeInTheDocument();
    unmount();

    const permit = mockApi({
      'GET cursopermiso/a/read': page([item(capCourse({ id: 12, kind: 'permit_a', reference: 'PA-2026-0001', name: 'Permiso A enero', category: 'permit_a' }))]),
      'GET cursopermiso/a/group/read': envelopeOk([]),
    });
    renderModule('/permisoa/list', permit);
    expect(await screen.findByRole('table', { name: 'Cursos del permiso A' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'PA-2026-0001' })).toHaveAttribute('href', '/permisoa/view/12');
    expect(screen.getByRole('cell', { name: 'Permiso A' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Categoría' })).not.toBeInTheDocument();
    expect(permit.calls('GET cursopermiso/a/read')).toHaveLength(1);
  });
});

describe('"Nuevo curso"', () => {
  async function openForm(api = recoveryHost(), user = undefined as Parameters<typeof renderModule>[2]) {
    renderModule('/recuperacionpuntos/list', api, user);
    await screen.findAllByTestId('course-reference');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo curso' }));
    return screen.findByRole('form', { name: 'Nuevo curso' });
  }

  it('needs a name, leaves empty hours to the legal default, shows the host\'s field errors, then opens the new course', async () => {
    const api = recoveryHost({
      'GET business/branch/list': envelopeOk(branches),
      'POST recuperacionpuntos/create': writeError('REQ-102', 'La fecha de fin no puede ser anterior a la de inicio', { field: 'end_date' }),
    });
    const form = await openForm(api);
    expect(screen.queryByRole('button', { name: 'Nuevo curso' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Crear curso' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST recuperacionpuntos/create')).toHaveLength(0);

    expect(options(within(form).getByRole('combobox', { name: 'Categoría' }))).toEqual(['Recuperación parcial (12 h)', 'Recuperación total (24 h)']);
    expect(within(form).getByText('Vacías: la duración legal (12 h la parcial, 24 h la total)')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: ' Recuperación total enero ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Categoría' }), { target: { value: 'total' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Modalidad' }), { target: { value: 'mixed' } });
    fireEvent.change(within(form).getByLabelText(/^Máximo de alumnos/), { target: { value: '18' } });
    fireEvent.change(within(form).getByLabelText('Fecha de inicio'), { target: { value: '2027-01-15' } });
    fireEvent.change(within(form).getByLabelText('Fecha de fin'), { target: { value: '2027-01-10' } });
    const branch = await within(form).findByRole('combobox', { name: 'Sucursal' });
    fireEvent.change(branch, { target: { value: '2' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Grupo' }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear curso' }));

    expect(await within(form).findByTestId('error-end_date')).toHaveTextContent('La fecha de fin no puede ser anterior a la de inicio');
    expect(within(form).getByLabelText('Fecha de fin')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByTestId('error-name')).not.toBeInTheDocument();
    expect(api.calls('POST recuperacionpuntos/create')[0].body).toEqual({
      name: 'Recuperación total enero', category: 'total', modality: 'mixed', max_students: 18, start_date: '2027-01-15', end_date: '2027-01-10', group_id: 2, branch_id: 2,
    });

    const created = recovery({ id: 6, name: 'Recuperación total enero', reference: 'RP-2027-0001', category: 'total', hours: 24, students: [], sessions: [], enrolled: 0, scheduled_hours: 0 });
    api.on('POST recuperacionpuntos/create', envelopeOk(created));
    api.on('GET recuperacionpuntos/read', readRoute([], created));
    fireEvent.change(within(form).getByLabelText('Fecha de fin'), { target: { value: '2027-01-17' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear curso' }));
    expect(await screen.findByText('Curso Recuperación total enero creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/recuperacionpuntos/view/6'));
    expect(await screen.findByTestId('course-title')).toHaveTextContent('Recuperación total enero');
    expect(query(api.calls('GET recuperacionpuntos/read').at(-1)!)).toEqual({ id: '6' });
    expect(api.calls('POST recuperacionpuntos/create')[1].body).toMatchObject({ end_date: '2027-01-17' });
    expect(api.calls('POST recuperacionpuntos/create')[1].body).not.toHaveProperty('hours');
  });

  it('sends the hours typed with a comma, and offers no branch to a user limited to theirs', async () => {
    const api = recoveryHost({ 'POST recuperacionpuntos/create': envelopeOk(recovery({ id: 7 })) });
    const form = await openForm(api, clerk);
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: 'Parcial' } });
    fireEvent.change(within(form).getByLabelText(/^Horas/), { target: { value: '12,5' } });
    fireEvent.change(within(form).getByLabelText(/^Referencia/), { target: { value: ' RP-X ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear curso' }));
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/create')).toHaveLength(1));
    expect(api.calls('POST recuperacionpuntos/create')[0].body).toEqual({ reference: 'RP-X', name: 'Parcial', category: 'partial', modality: 'in_person', max_students: 20, hours: 12.5 });
    expect(api.calls('GET business/branch/list')).toHaveLength(0);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/recuperacionpuntos/view/7'));
  });

  it('cancels without sending', async () => {
    const api = recoveryHost({ 'GET business/branch/list': envelopeOk(branches) });
    const form = await openForm(api);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nuevo curso' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Nuevo curso' })).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('"Grupos"', () => {
  it('lists the kind\'s groups with their courses, creates one and deletes one after asking', async () => {
    const api = recoveryHost({
      'POST recuperacionpuntos/group/create': writeError('CONFLICT-000', 'Ya existe un grupo con ese nombre', { field: 'name' }),
      'POST recuperacionpuntos/group/delete': envelopeOk({ id: 1, deleted: true }),
    });
    renderModule('/recuperacionpuntos/list', api);
    await screen.findAllByTestId('course-reference');
    fireEvent.click(screen.getByRole('button', { name: 'Grupos' }));
    const panel = await screen.findByTestId('groups-panel');
    const table = within(panel).getByRole('table', { name: 'Grupos de cursos' });
    const rows = within(table).getAllByTestId('group-name').map((n) => n.closest('tr')!);
    expect(rows.map((r) => cells(r).slice(0, 3))).toEqual([
      ['Noviembre', 'Convocatoria de noviembre', '2'],
      ['Transportes Ruiz', '', '0'],
    ]);

    const form = within(panel).getByRole('form', { name: 'Nuevo grupo' });
    fireEvent.change(within(form).getByLabelText(/^Nombre del grupo/), { target: { value: ' Noviembre ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');
    expect(api.calls('POST recuperacionpuntos/group/create')[0].body).toEqual({ name: 'Noviembre', description: '' });

    api.on('POST recuperacionpuntos/group/create', envelopeOk({ id: 3, name: 'Enero', description: 'Enero 2027', courses: 0 }));
    api.on('GET recuperacionpuntos/group/read', envelopeOk([...groups, { id: 3, name: 'Enero', description: 'Enero 2027', courses: 0 }]));
    fireEvent.change(within(form).getByLabelText(/^Nombre del grupo/), { target: { value: 'Enero' } });
    fireEvent.change(within(form).getByLabelText('Descripción'), { target: { value: 'Enero 2027' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await screen.findByText('Grupo Enero creado')).toBeInTheDocument();
    expect(api.calls('POST recuperacionpuntos/group/create')[1].body).toEqual({ name: 'Enero', description: 'Enero 2027' });
    expect(await within(panel).findByText('Enero 2027')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Nombre del grupo/)).toHaveValue('');

    const reads = api.calls('GET recuperacionpuntos/read').length;
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Noviembre' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el grupo Noviembre? Sus 2 cursos quedarán sin grupo.');
    // answering no sends nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST recuperacionpuntos/group/delete')).toHaveLength(0);

    api.on('GET recuperacionpuntos/group/read', envelopeOk(groups.slice(1)));
    fireEvent.click(within(panel).getByRole('button', { name: 'Eliminar el grupo Noviembre' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/group/delete').map((r) => r.body)).toEqual([{ id: 1 }]));
    expect(await screen.findByText('Grupo Noviembre eliminado')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Convocatoria de noviembre')).not.toBeInTheDocument());
    // the list is read again (its group names may have changed)
    await waitFor(() => expect(api.calls('GET recuperacionpuntos/read').length).toBeGreaterThan(reads));
  });
});
