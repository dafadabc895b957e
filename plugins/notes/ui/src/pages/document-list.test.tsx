import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, groups, notebook, notebooks, notes, page } from '../test/fixtures';

/** The list, its groups, and (once a notebook is opened) that notebook and its notes. */
function listHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'POST note/document/readall': page(notebooks()),
    'GET note/document/group/read': page(groups()),
    'GET note/document/read': (req: MockRequest) => envelopeOk(notebook({ id: Number(req.query.get('id')) })),
    'POST note/readall': page(notes()),
    ...(routes as Record<string, object>),
  });
}

const asked = (api: ReturnType<typeof listHost>) => api.calls('POST note/document/readall').map(body);
const groupReads = (api: ReturnType<typeof listHost>) => api.calls('GET note/document/group/read');
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);
const rowOf = (title: string) => screen.getByText(title, { selector: '[data-testid="document-title"]' }).closest('tr')!;

describe('the notebooks', () => {
  it('lists title (a link, "Fijado" when pinned), group as a chip in its colour, notes and the latest note\'s day', async () => {
    const api = listHost();
    renderModule('/notes_documents/list', api);
    const table = await screen.findByRole('table', { name: 'Documentos de notas' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Título', 'Grupo', 'Notas', 'Última nota', 'Acciones']);
    expect((await within(table).findAllByTestId('document-title')).map((link) => cells(link.closest('tr')!))).toEqual([
      ['Incidencias del Ibiza 1234 ABCFijado', 'Flota', '3', '30/11/2026'],
      ['Reuniones de profesores', 'Reuniones', '1', '03/11/2026'],
      ['Relevos de recepción', 'Sin grupo', '0', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Incidencias del Ibiza 1234 ABC' })).toHaveAttribute('href', '/notes_documents/view/11');
    expect(within(rowOf('Incidencias del Ibiza 1234 ABC')).getByTestId('pinned')).toHaveTextContent('Fijado');
    expect(within(rowOf('Reuniones de profesores')).queryByTestId('pinned')).not.toBeInTheDocument();
    // the chips take their group's colour (the groups' list), with text that reads on it
    await waitFor(() => expect(within(rowOf('Incidencias del Ibiza 1234 ABC')).getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#f1416c' }));
    expect(within(rowOf('Reuniones de profesores')).getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#ffcc00', color: '#181c32' });
    expect(within(rowOf('Relevos de recepción')).getByTestId('no-group')).toHaveTextContent('Sin grupo');
    expect(asked(api)).toEqual([{ page: 1, per_page: 25 }]);
  });

  it('filters by group ("Sin grupo" is group_id 0) and state, keeping the search', async () => {
    const api = listHost();
    renderModule('/notes_documents/list', api);
    await screen.findAllByTestId('document-title');
    const group = screen.getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los grupos', 'Sin grupo', 'Flota', 'Reuniones', 'Secretaría']));
    fireEvent.change(group, { target: { value: '0' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ group_id: 0, page: 1, per_page: 25 }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' relevos ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'relevos', group_id: 0, page: 1, per_page: 25 }));
    fireEvent.change(group, { target: { value: '2' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'relevos', group_id: 2, page: 1, per_page: 25 }));

    const state = screen.getByRole('combobox', { name: 'Situación' });
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Activos', 'Eliminados', 'Todos']);
    fireEvent.change(state, { target: { value: 'deleted' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'relevos', group_id: 2, state: 'deleted', page: 1, per_page: 25 }));
    fireEvent.change(group, { target: { value: '' } });
    fireEvent.change(state, { target: { value: 'all' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'relevos', state: 'all', page: 1, per_page: 25 }));
  });

  it('searches from 2 characters while typing, and clears the search when emptied', async () => {
    const api = listHost();
    renderModule('/notes_documents/list', api);
    await screen.findAllByTestId('document-title');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'i' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 350));
    expect(asked(api)).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'ib' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'ib', page: 1, per_page: 25 }));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: 1, per_page: 25 }));
  });

  it('pages: "Viendo 1 a 25 de 30", then page 2; a filter goes back to page 1', async () => {
    const first = Array.from({ length: 25 }, (_, i) => notebook({ id: 100 + i, title: `Documento ${i + 1}`, pinned: false }));
    const second = Array.from({ length: 5 }, (_, i) => notebook({ id: 200 + i, title: `Documento ${i + 26}`, pinned: false }));
    const api = listHost({
      'POST note/document/readall': (req: MockRequest) => (body(req).page === 2 ? page(second, { total: 30, page: 2, from: 26, to: 30 }) : page(first, { total: 30, from: 1, to: 25 })),
    });
    renderModule('/notes_documents/list', api);
    expect(await screen.findAllByTestId('document-title')).toHaveLength(25);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 30');
    fireEvent.change(screen.getByRole('combobox', { name: 'Grupo' }), { target: { value: '1' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ group_id: 1, page: 1, per_page: 25 }));
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 30 de 30'));
    expect(asked(api).at(-1)).toEqual({ group_id: 1, page: 2, per_page: 25 });
    expect(screen.getAllByTestId('document-title').map((c) => c.textContent)).toEqual(['Documento 26', 'Documento 27', 'Documento 28', 'Documento 29', 'Documento 30']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Situación' }), { target: { value: 'all' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ group_id: 1, state: 'all', page: 1, per_page: 25 }));
  });

  it('"Nuevo documento": the title required, the host\'s errors under their field, then note/document/create and the new notebook', async () => {
    const api = listHost({ 'POST note/document/create': writeError('REQ-102', 'El grupo no existe', { field: 'group_id' }) });
    renderModule('/notes_documents/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo documento' }));
    const form = await screen.findByRole('form', { name: 'Nuevo documento' });
    const group = within(form).getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin grupo', 'Flota', 'Reuniones', 'Secretaría']));
    expect(group).toHaveValue('');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear documento' }));
    submit();
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST note/document/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: ' Exámenes prácticos ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: ' Lo que pasa en cada examen ' } });
    fireEvent.change(group, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Fijar al principio de la lista' }));
    submit();
    expect(await within(form).findByTestId('error-group_id')).toHaveTextContent('El grupo no existe');
    expect(within(form).queryByTestId('error-title')).not.toBeInTheDocument();
    expect(api.calls('POST note/document/create').map(body)).toEqual([{ title: 'Exámenes prácticos', description: 'Lo que pasa en cada examen', group_id: 2, pinned: true }]);

    api.on('POST note/document/create', (req: MockRequest) => envelopeOk(notebook({ ...body(req), id: 20, group_name: null, notes: 0, last_date: null })));
    fireEvent.change(group, { target: { value: '' } });
    submit();
    expect(await screen.findByText('Documento Exámenes prácticos creado')).toBeInTheDocument();
    // no group: left out
    expect(api.calls('POST note/document/create')[1].body).toEqual({ title: 'Exámenes prácticos', description: 'Lo que pasa en cada examen', pinned: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notes_documents/view/20'));
  });

  it('"Cancelar" closes the new notebook\'s form', async () => {
    renderModule('/notes_documents/list', listHost());
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo documento' }));
    const form = await screen.findByRole('form', { name: 'Nuevo documento' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Nuevo documento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo documento' })).toBeInTheDocument();
  });

  it('"Eliminar" warns that its notes go with it, sends note/document/delete and reads the list again', async () => {
    const api = listHost({ 'POST note/document/delete': envelopeOk(notebook({ id: 12, state: 'deleted' })) });
    renderModule('/notes_documents/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el documento Reuniones de profesores' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el documento' });
    expect(dialog).toHaveTextContent('¿Eliminar el documento «Reuniones de profesores»? Sus notas se eliminan con él.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST note/document/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el documento Reuniones de profesores' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST note/document/delete').map(body)).toEqual([{ id: 12 }]));
    expect(await screen.findByText('Documento Reuniones de profesores eliminado')).toBeInTheDocument();
    await waitFor(() => expect(asked(api)).toHaveLength(2));
    // the groups' counts are read again too
    await waitFor(() => expect(groupReads(api)).toHaveLength(2));

    // a deleted one is marked and has nothing to delete
    api.on('POST note/document/readall', page([notebook({ id: 12, title: 'Reuniones de profesores', state: 'deleted', pinned: false })]));
    fireEvent.change(screen.getByRole('combobox', { name: 'Situación' }), { target: { value: 'deleted' } });
    await waitFor(() => expect(screen.getAllByTestId('document-title')).toHaveLength(1));
    expect(within(rowOf('Reuniones de profesores')).getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(screen.queryByRole('button', { name: 'Eliminar el documento Reuniones de profesores' })).not.toBeInTheDocument();
  });

  it("a refused delete shows the host's reason above the list", async () => {
    const api = listHost({ 'POST note/document/delete': writeError('NOT-FOUND-000', 'No se encuentra el documento') });
    renderModule('/notes_documents/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el documento Relevos de recepción' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('document-action-errors')).toHaveTextContent('No se encuentra el documento');
    expect(asked(api)).toHaveLength(1);
  });

  it("a list that cannot be read shows the host's reason and a retry", async () => {
    const api = listHost({ 'POST note/document/readall': writeError('PERMISSION-000', 'No tiene permiso para esta acción') });
    renderModule('/notes_documents/list', api);
    expect(await screen.findByText('No tiene permiso para esta acción')).toBeInTheDocument();
    api.on('POST note/document/readall', page(notebooks()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('document-title')).toHaveLength(3);
  });
});

describe('the groups panel', () => {
  it('lists each group as its chip with how many notebooks it has', async () => {
    const api = listHost();
    renderModule('/notes_documents/list', api);
    const panel = await screen.findByTestId('groups-panel');
    const items = await within(panel).findAllByTestId('group');
    expect(items.map((li) => [within(li).getByTestId('group-chip').textContent, within(li).getByTestId('group-count').textContent])).toEqual([
      ['Flota', '2 documentos'],
      ['Reuniones', '1 documento'],
      ['Secretaría', '0 documentos'],
    ]);
    expect(within(items[0]).getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#f1416c' });
    // a group without a colour has the plain look
    expect(within(items[2]).getByTestId('group-chip').getAttribute('style')).toBeNull();
    expect(groupReads(api).map((r) => Object.fromEntries(r.query))).toEqual([{}]);
  });

  it('says when there are none, and when they cannot be read, with a retry', async () => {
    const api = listHost({ 'GET note/document/group/read': { success: false, error: { code: 'SERVER-000', data: null, details: 'Error interno' } } });
    renderModule('/notes_documents/list', api);
    const panel = await screen.findByTestId('groups-panel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Error interno');
    api.on('GET note/document/group/read', page([]));
    fireEvent.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect(await within(panel).findByText('Todavía no hay grupos')).toBeInTheDocument();
  });

  it('"Crear grupo": name required, the colour chosen or none, a duplicate name under its field; then the groups again', async () => {
    const api = listHost({ 'POST note/document/group/create': writeError('CONFLICT-000', 'Ya existe un grupo con ese nombre', { field: 'name' }) });
    renderModule('/notes_documents/list', api);
    const form = await screen.findByRole('form', { name: 'Nuevo grupo' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST note/document/group/create')).toHaveLength(0);

    const color = within(form).getByLabelText('Color');
    expect(color).toHaveValue('#009ef7');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Flota ' } });
    fireEvent.change(color, { target: { value: '#50cd89' } });
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe un grupo con ese nombre');
    expect(api.calls('POST note/document/group/create').map(body)).toEqual([{ name: 'Flota', color: '#50cd89' }]);

    api.on('POST note/document/group/create', (req: MockRequest) => envelopeOk({ id: 4, state: 'active', created_at: '', updated_at: '', ...body(req), documents: 0 }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Exámenes' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Sin color' }));
    expect(color).toBeDisabled();
    submit();
    expect(await screen.findByText('Grupo Exámenes creado')).toBeInTheDocument();
    expect(api.calls('POST note/document/group/create')[1].body).toEqual({ name: 'Exámenes', color: '' });
    await waitFor(() => expect(groupReads(api)).toHaveLength(2));
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('');
  });

  it('"Eliminar" says its notebooks stay without a group, then how many did; the list and a filter on it follow', async () => {
    const api = listHost({ 'POST note/document/group/delete': envelopeOk({ ...groups()[0], state: 'deleted', documents_released: 2 }) });
    renderModule('/notes_documents/list', api);
    await screen.findAllByTestId('document-title');
    const filter = screen.getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(within(filter).getAllByRole('option')).toHaveLength(5));
    fireEvent.change(filter, { target: { value: '1' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ group_id: 1, page: 1, per_page: 25 }));

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Flota' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el grupo' });
    expect(dialog).toHaveTextContent('¿Eliminar el grupo «Flota»? Sus documentos no se eliminan: se quedan sin grupo.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST note/document/group/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Flota' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST note/document/group/delete').map(body)).toEqual([{ id: 1 }]));
    expect(await screen.findByText('Grupo Flota eliminado: 2 documentos se han quedado sin grupo')).toBeInTheDocument();
    await waitFor(() => expect(groupReads(api)).toHaveLength(2));
    // the filter on it is gone, and the list is read again without it
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: 1, per_page: 25 }));
    expect(filter).toHaveValue('');

    // one without notebooks says only that
    api.on('POST note/document/group/delete', envelopeOk({ ...groups()[2], state: 'deleted', documents_released: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el grupo Secretaría' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Grupo Secretaría eliminado')).toBeInTheDocument();
  });

  it("a refused group delete shows the host's reason in the panel", async () => {
    const api = listHost({ 'POST note/document/group/delete': writeError('NOT-FOUND-000', 'No se encuentra el grupo') });
    renderModule('/notes_documents/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el grupo Reuniones' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await within(screen.getByTestId('groups-panel')).findByTestId('groups-panel-errors')).toHaveTextContent('No se encuentra el grupo');
  });
});
