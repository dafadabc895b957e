import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, classDetail, classSummaries, coverage, formLists, groupDetail, groupRow, page, query } from '../test/fixtures';

/** Group 31 with its three classes and its coverage; class writes answer the class. */
function groupHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET clase/guiadagrupo/read': envelopeOk(groupDetail()),
    'GET clase/guiada/temary/list': envelopeOk(coverage()),
    'POST clase/guiada/update': (req: MockRequest) => envelopeOk(classDetail(body(req))),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof groupHost>;
const sent = (api: Host, route: string) => api.calls(route).map(body);
const classItem = (title: string) => screen.getByText(title, { selector: '[data-testid="class-item-title"]' }).closest('li')!;
const idle = async (testId: string) => waitFor(() => expect(screen.getByTestId(testId)).toHaveAttribute('aria-busy', 'false'));

async function openGroup(api: Host) {
  renderModule('/clase/guiada/grupo/view/31', api);
  await screen.findByTestId('group-head');
  await idle('coverage-panel');
}

describe('a group', () => {
  it('shows its details, its classes in order and what of its book they cover', async () => {
    const api = groupHost();
    await openGroup(api);
    const head = screen.getByTestId('group-head');
    expect(within(head).getByTestId('group-title')).toHaveTextContent('Tarde B octubre');
    expect(within(head).getByTestId('group-licence')).toHaveTextContent('Permiso B');
    expect(within(head).getByTestId('group-book')).toHaveTextContent('Permiso B');
    expect(within(head).getByTestId('group-branch')).toHaveTextContent('Centro');
    expect(within(head).getByTestId('group-teacher')).toHaveTextContent('Pedro Profesor');
    expect(within(head).getByTestId('group-dates')).toHaveTextContent('01/10/2026 – 20/12/2026');
    expect(within(head).getByTestId('group-progress')).toHaveTextContent('1 de 3 impartidas');
    expect(within(head).getByTestId('group-description')).toHaveTextContent('Curso de tarde, de lunes a jueves');
    expect(api.calls('GET clase/guiadagrupo/read').map(query)).toEqual([{ id: '31' }]);

    const items = screen.getAllByTestId('class-item');
    expect(items.map((li) => [li.getAttribute('data-class-id'), within(li).getByTestId('class-item-position').textContent, within(li).getByTestId('class-item-title').textContent, within(li).getByTestId('class-item-when').textContent, within(li).getByTestId('class-item-status').textContent])).toEqual([
      ['401', '1', 'Presentación', '01/10/2026 18:00 · 60 min · 2 recursos', 'Impartida'],
      ['402', '2', 'Señales', '08/10/2026 18:00 · 90 min · 6 recursos', 'Pendiente'],
      ['403', '3', 'Velocidad', 'Sin fecha · 60 min · 0 recursos', 'Pendiente'],
    ]);
    expect(within(items[1]).getByTestId('class-item-title')).toHaveAttribute('href', '/clase/guiada/view/402/31');
    expect(within(items[0]).getByTestId('class-item-up')).toBeDisabled();
    expect(within(items[2]).getByTestId('class-item-down')).toBeDisabled();
    expect(within(items[0]).getByTestId('class-item-mark')).toHaveTextContent('Marcar como pendiente');
    expect(within(items[1]).getByTestId('class-item-mark')).toHaveTextContent('Marcar como impartida');

    const panel = screen.getByTestId('coverage-panel');
    expect(within(panel).getByRole('heading', { name: 'Cobertura del temario: Permiso B' })).toBeInTheDocument();
    expect(within(panel).getByTestId('coverage-totals')).toHaveTextContent('2 de 3 subtemas cubiertos por las clases · 1 ya impartidos');
    expect(within(panel).getAllByTestId('coverage-theme').map((th) => th.querySelector('h3')!.textContent)).toEqual(['Tema 1. Señales', 'Tema 2. Velocidad']);
    const subthemes = within(panel).getAllByTestId('coverage-subtheme');
    expect(subthemes.map((s) => [within(s).getByTestId('coverage-subtheme-title').textContent, s.getAttribute('data-covered'), s.getAttribute('data-given')])).toEqual([
      ['1.1 Señales de peligro', 'true', 'true'],
      ['1.2 Señales de prohibición', 'false', 'false'],
      ['2.1 Límites genéricos', 'true', 'false'],
    ]);
    const covering = within(subthemes[0]).getAllByTestId('coverage-class');
    expect(covering.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('data-status')])).toEqual([
      ['Clase 1: Presentación', '/clase/guiada/view/401/31', 'given'],
      ['Clase 2: Señales', '/clase/guiada/view/402/31', 'pending'],
    ]);
    expect(within(subthemes[1]).getByTestId('coverage-uncovered')).toHaveTextContent('Sin clases');
    expect(api.calls('GET clase/guiada/temary/list').map(query)).toEqual([{ group_id: '31' }]);
  });

  it('a group without a book has no coverage to read; one not found says so', async () => {
    const api = groupHost({ 'GET clase/guiadagrupo/read': envelopeOk(groupDetail({ temary_id: null, book: null })) });
    renderModule('/clase/guiada/grupo/view/31', api);
    expect(await screen.findByTestId('coverage-none')).toHaveTextContent('El grupo no sigue ningún libro digital');
    expect(screen.getByTestId('group-book')).toHaveTextContent('Sin libro');
    expect(api.calls('GET clase/guiada/temary/list')).toHaveLength(0);
  });

  it('a book gone from the syllabi: named by its id, marked deleted, the coverage refused', async () => {
    const api = groupHost({
      'GET clase/guiadagrupo/read': envelopeOk(groupDetail({ book: { id: 12, name: null, category: null, status: null, state: 'deleted' } })),
      'GET clase/guiada/temary/list': readError('NOT-FOUND-000', 'Libro no encontrado'),
    });
    await openGroup(api);
    const book = screen.getByTestId('group-book');
    expect(book).toHaveTextContent('Libro 12');
    expect(within(book).getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(within(screen.getByTestId('coverage-panel')).getByRole('alert')).toHaveTextContent('Libro no encontrado');
  });

  it('says why it cannot be read', async () => {
    renderModule('/clase/guiada/grupo/view/99', groupHost({ 'GET clase/guiadagrupo/read': readError('NOT-FOUND-000', 'No se encuentra el grupo') }));
    expect(await screen.findByText('No se encuentra el grupo')).toBeInTheDocument();
  });

  it("is edited with only what changed; the host's errors go under their fields", async () => {
    const api = groupHost({
      ...formLists(),
      'POST clase/guiadagrupo/update': writeError('REQ-102', 'La fecha de fin no puede ser anterior a la de inicio', { field: 'ends_on' }),
    });
    await openGroup(api);
    fireEvent.click(screen.getByTestId('group-edit'));
    const form = await screen.findByTestId('group-form');
    // with the lists read: the state is offered, the book and teacher already chosen
    await waitFor(() => expect(within(within(form).getByRole('combobox', { name: 'Profesor' })).getAllByRole('option')).toHaveLength(3));
    expect(within(form).getByRole('combobox', { name: 'Libro digital' })).toHaveValue('12');
    expect(within(form).getByRole('combobox', { name: 'Profesor' })).toHaveValue('7');
    expect(within(form).getByRole('combobox', { name: 'Estado' })).toHaveValue('active');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(screen.queryByTestId('group-form')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('group-edit'));
    const again = await screen.findByTestId('group-form');
    await waitFor(() => expect(within(within(again).getByRole('combobox', { name: 'Profesor' })).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(within(again).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Tarde B noviembre' } });
    fireEvent.change(within(again).getByRole('combobox', { name: 'Profesor' }), { target: { value: '' } });
    fireEvent.change(within(again).getByRole('combobox', { name: 'Estado' }), { target: { value: 'inactive' } });
    fireEvent.change(within(again).getByLabelText('Fecha de fin'), { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await within(again).findByTestId('error-ends_on')).toHaveTextContent('La fecha de fin no puede ser anterior a la de inicio');
    await waitFor(() => expect(again).toHaveAttribute('aria-busy', 'false'));
    expect(sent(api, 'POST clase/guiadagrupo/update')).toEqual([{ id: 31, name: 'Tarde B noviembre', teacher_user_id: null, ends_on: null, state: 'inactive' }]);

    api.on('POST clase/guiadagrupo/update', (req: MockRequest) => envelopeOk(groupDetail({ ...body(req), teacher: null })));
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Grupo Tarde B noviembre guardado')).toBeInTheDocument();
    expect(screen.getByTestId('group-title')).toHaveTextContent('Tarde B noviembre');
    expect(screen.getByTestId('group-teacher')).toHaveTextContent('Sin profesor');
    expect(within(screen.getByTestId('group-head')).getByTestId('inactive')).toHaveTextContent('Inactivo');
    expect(screen.queryByTestId('group-form')).not.toBeInTheDocument();
  });

  it('is deleted when asked, then the groups are shown', async () => {
    const api = groupHost({
      'POST clase/guiadagrupo/delete': envelopeOk({ id: 31, state: 'deleted' }),
      'GET clase/guiadagrupo/list': page([groupRow({ id: 32, name: 'Mañana C' })]),
      ...formLists(),
    });
    await openGroup(api);
    fireEvent.click(screen.getByTestId('group-delete'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el grupo' });
    expect(dialog).toHaveTextContent('¿Eliminar el grupo Tarde B octubre y todas sus clases?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST clase/guiadagrupo/delete')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('group-delete'));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el grupo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/clase/guiada/list'));
    expect(screen.getByText('Grupo Tarde B octubre eliminado')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiadagrupo/delete')).toEqual([{ id: 31 }]);
    expect(await screen.findByText('Mañana C')).toBeInTheDocument();
  });

  it('a deleted group is read only', async () => {
    const api = groupHost({ 'GET clase/guiadagrupo/read': envelopeOk(groupDetail({ state: 'deleted' })) });
    await openGroup(api);
    expect(screen.getByTestId('group-deleted-notice')).toBeInTheDocument();
    expect(within(screen.getByTestId('group-head')).getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(screen.queryByTestId('group-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('group-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('class-item-mark')).not.toBeInTheDocument();
    expect(screen.queryByTestId('class-new-form')).not.toBeInTheDocument();
  });

  it('is copied with a name (or the host’s), then the copy is shown', async () => {
    const copy = groupDetail({ id: 35, name: 'Tarde B enero', starts_on: null, ends_on: null, classes: classSummaries().map((c) => ({ ...c, id: c.id + 100, status: 'pending', given_at: null, scheduled_on: null, starts_at: null })), given: 0 });
    const api = groupHost({
      'POST clase/guiadagrupo/clon': envelopeOk(copy),
    });
    await openGroup(api);
    fireEvent.click(screen.getByTestId('group-copy'));
    const form = await screen.findByTestId('group-copy-form');
    expect(form).toHaveTextContent('Vacío: «Tarde B octubre (copia)»');
    api.on('GET clase/guiadagrupo/read', (req: MockRequest) => envelopeOk(req.query.get('id') === '35' ? copy : groupDetail()));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nombre de la copia' }), { target: { value: ' Tarde B enero ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/clase/guiada/grupo/view/35'));
    expect(sent(api, 'POST clase/guiadagrupo/clon')).toEqual([{ id: 31, name: 'Tarde B enero' }]);
    expect(screen.getByText('Grupo copiado como Tarde B enero')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('group-title')).toHaveTextContent('Tarde B enero'));
    expect(screen.queryByTestId('group-copy-form')).not.toBeInTheDocument();
    await idle('coverage-panel');
    expect(screen.getAllByTestId('class-item').map((li) => li.getAttribute('data-status'))).toEqual(['pending', 'pending', 'pending']);

    // without a name: only the id (the host's "<name> (copia)")
    fireEvent.click(screen.getByTestId('group-copy'));
    api.on('POST clase/guiadagrupo/clon', writeError('CONFLICT-000', 'El grupo está eliminado'));
    const second = await screen.findByTestId('group-copy-form');
    fireEvent.click(within(second).getByRole('button', { name: 'Copiar' }));
    expect(await within(second).findByTestId('group-copy-form-errors')).toHaveTextContent('El grupo está eliminado');
    expect(sent(api, 'POST clase/guiadagrupo/clon').at(-1)).toEqual({ id: 35 });
  });
});

describe("a group's classes", () => {
  it('move, are marked given and pending, and the group and its coverage are read again', async () => {
    const api = groupHost();
    await openGroup(api);
    fireEvent.click(within(classItem('Presentación')).getByRole('button', { name: 'Bajar la clase Presentación' }));
    await idle('classes-panel');
    expect(sent(api, 'POST clase/guiada/update')).toEqual([{ id: 401, position: 2 }]);
    await waitFor(() => expect(api.calls('GET clase/guiadagrupo/read')).toHaveLength(2));
    await waitFor(() => expect(api.calls('GET clase/guiada/temary/list')).toHaveLength(2));

    // the host's answer: class 402 given
    api.on('GET clase/guiadagrupo/read', envelopeOk(groupDetail({ classes: classSummaries().map((c) => (c.id === 402 ? { ...c, status: 'given', given_at: '2026-10-08T16:30:00Z' } : c)), given: 2 })));
    fireEvent.click(within(classItem('Señales')).getByRole('button', { name: 'Marcar como impartida la clase Señales' }));
    expect(await screen.findByText('Clase Señales marcada como impartida')).toBeInTheDocument();
    await idle('classes-panel');
    expect(sent(api, 'POST clase/guiada/update').at(-1)).toEqual({ id: 402, status: 'given' });
    await waitFor(() => expect(within(classItem('Señales')).getByTestId('class-item-status')).toHaveTextContent('Impartida'));
    expect(screen.getByTestId('group-progress')).toHaveTextContent('2 de 3 impartidas');

    fireEvent.click(within(classItem('Presentación')).getByTestId('class-item-mark'));
    await waitFor(() => expect(sent(api, 'POST clase/guiada/update').at(-1)).toEqual({ id: 401, status: 'pending' }));
    await idle('classes-panel');
  });

  it('are edited in place with only what changed, and deleted when asked', async () => {
    const api = groupHost({ 'POST clase/guiada/delete': envelopeOk({ id: 403, state: 'deleted' }) });
    await openGroup(api);
    fireEvent.click(within(classItem('Velocidad')).getByTestId('class-item-edit'));
    const form = await screen.findByTestId('class-edit-form');
    expect(within(form).queryByRole('textbox', { name: 'Contenido de la clase' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Hora'), { target: { value: '19:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-starts_at')).toHaveTextContent('Indique también la fecha');
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-10-15' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Minutos' }), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Clase Velocidad guardada')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiada/update')).toEqual([{ id: 403, scheduled_on: '2026-10-15', starts_at: '19:00', minutes: 120 }]);
    await idle('classes-panel');
    await waitFor(() => expect(screen.queryByTestId('class-edit-form')).not.toBeInTheDocument());

    fireEvent.click(within(classItem('Velocidad')).getByTestId('class-item-delete'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la clase' });
    expect(dialog).toHaveTextContent('¿Eliminar la clase Velocidad y sus recursos?');
    api.on('GET clase/guiadagrupo/read', envelopeOk(groupDetail({ classes: classSummaries().slice(0, 2), total: 2 })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Clase Velocidad eliminada')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiada/delete')).toEqual([{ id: 403 }]);
    await waitFor(() => expect(screen.getAllByTestId('class-item')).toHaveLength(2));
  });

  it("a new class: checked first, the host's errors under their fields, then at the end or at a position", async () => {
    const api = groupHost({
      'POST clase/guiada/create': writeError('REQ-102', 'El título es demasiado largo', { field: 'title' }),
    });
    await openGroup(api);
    const form = screen.getByTestId('class-new-form');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Añadir clase' }));
    submit();
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: ' Adelantamientos ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Minutos' }), { target: { value: '500' } });
    submit();
    expect(await within(form).findByTestId('error-minutes')).toHaveTextContent('Entre 5 y 480 minutos');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Minutos' }), { target: { value: '45' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Contenido de la clase' }), { target: { value: 'Cuándo y cómo adelantar' } });
    submit();
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('El título es demasiado largo');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    expect(sent(api, 'POST clase/guiada/create')).toEqual([{ group_id: 31, title: 'Adelantamientos', minutes: 45, summary: 'Cuándo y cómo adelantar' }]);

    api.on('POST clase/guiada/create', (req: MockRequest) => envelopeOk(classDetail({ ...body(req), id: 404, resources: [] })));
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-10-22' } });
    fireEvent.change(within(form).getByLabelText('Hora'), { target: { value: '18:30' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Posición' }), { target: { value: '2' } });
    submit();
    expect(await screen.findByText('Clase Adelantamientos añadida')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiada/create').at(-1)).toEqual({ group_id: 31, title: 'Adelantamientos', minutes: 45, summary: 'Cuándo y cómo adelantar', scheduled_on: '2026-10-22', starts_at: '18:30', position: 2 });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Título/ })).toHaveValue(''));
    expect(within(form).getByRole('textbox', { name: 'Minutos' })).toHaveValue('60');
    await waitFor(() => expect(api.calls('GET clase/guiadagrupo/read')).toHaveLength(2));
  });

  it("a refusal of a change is shown above the classes", async () => {
    const api = groupHost({ 'POST clase/guiada/update': writeError('CONFLICT-000', 'La clase está eliminada') });
    await openGroup(api);
    fireEvent.click(within(classItem('Señales')).getByTestId('class-item-up'));
    expect(await screen.findByTestId('classes-errors')).toHaveTextContent('La clase está eliminada');
    // a conflict: the group is read again
    await waitFor(() => expect(api.calls('GET clase/guiadagrupo/read')).toHaveLength(2));
    await idle('classes-panel');
  });
});
