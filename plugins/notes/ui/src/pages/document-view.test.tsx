import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { director, manager, renderModule, teacher } from '../test/render';
import { body, groups, note, notebook, notebooks, notes, page } from '../test/fixtures';

/** The Ibiza's notebook, its groups and its notes (the writes answer what was sent). */
function viewHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET note/document/read': envelopeOk(notebook()),
    'GET note/document/group/read': page(groups()),
    'POST note/readall': page(notes()),
    'POST note/document/update': (req: MockRequest) => envelopeOk(notebook(body(req))),
    'POST note/update': (req: MockRequest) => envelopeOk(note(body(req))),
    ...(routes as Record<string, object>),
  });
}

const asked = (api: ReturnType<typeof viewHost>) => api.calls('POST note/readall').map(body);
const reads = (api: ReturnType<typeof viewHost>) => api.calls('GET note/document/read');
const rowOf = (message: string) => screen.getAllByTestId('note-message').find((m) => m.textContent === message)!.closest('tr')!;
const ANA = 'Roce en la puerta trasera derecha.\nAvisado el taller.';
const DOLORES = 'Cambio de aceite y filtros.';
const LUIS = 'Revisión de frenos.';
const actionsOf = (message: string) => within(rowOf(message)).queryAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('a notebook', () => {
  it('shows its head (group chip, pinned, notes, latest day, author) and its notes newest first with day and author', async () => {
    const api = viewHost();
    renderModule('/notes_documents/view/11', api);
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Incidencias del Ibiza 1234 ABC');
    expect(Object.fromEntries(reads(api)[0].query)).toEqual({ id: '11' });
    const head = screen.getByTestId('document-head');
    await waitFor(() => expect(within(head).getByTestId('group-chip')).toHaveStyle({ backgroundColor: '#f1416c' }));
    expect(within(head).getByTestId('group-chip')).toHaveTextContent('Flota');
    expect(within(head).getByTestId('pinned')).toHaveTextContent('Fijado');
    expect(within(head).getByTestId('view-description')).toHaveTextContent('Golpes, averías y revisiones');
    expect(within(head).getByTestId('view-notes')).toHaveTextContent('3');
    expect(within(head).getByTestId('view-last-date')).toHaveTextContent('30/11/2026');
    expect(within(head).getByTestId('view-created-by')).toHaveTextContent('Dolores Directora Demo');
    expect(within(head).getByRole('link', { name: 'Volver a los documentos' })).toHaveAttribute('href', '/notes_documents/list');

    const table = await screen.findByRole('table', { name: 'Notas del documento' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fecha', 'Autor', 'Nota', 'Acciones']);
    await within(table).findAllByTestId('note-message');
    expect(within(table).getAllByTestId('note-message').map((m) => [...m.closest('tr')!.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent))).toEqual([
      ['30/11/2026', 'Ana García', ANA],
      ['12/11/2026', 'Dolores Directora Demo', DOLORES],
      ['02/11/2026', 'Luis Pérez', LUIS],
    ]);
    expect(asked(api)).toEqual([{ document_id: 11, page: 1, per_page: 25 }]);
  });

  it('filters the notes by day range, "Solo las mías" (user_id me) and a search', async () => {
    const api = viewHost();
    renderModule('/notes_documents/view/11', api);
    await screen.findAllByTestId('note-message');
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ document_id: 11, from: '2026-11-10', page: 1, per_page: 25 }));
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ document_id: 11, from: '2026-11-10', to: '2026-11-30', page: 1, per_page: 25 }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo las mías' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ document_id: 11, from: '2026-11-10', to: '2026-11-30', user_id: 'me', page: 1, per_page: 25 }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'aceite' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ document_id: 11, search: 'aceite', from: '2026-11-10', to: '2026-11-30', user_id: 'me', page: 1, per_page: 25 }));
    // cleared: the whole notebook again, the search kept
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo las mías' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ document_id: 11, search: 'aceite', page: 1, per_page: 25 }));
  });

  it('pages its notes: "Viendo 1 a 25 de 26", then page 2', async () => {
    const first = Array.from({ length: 25 }, (_, i) => note({ id: 100 + i, message: `Nota ${i + 1}` }));
    const api = viewHost({
      'POST note/readall': (req: MockRequest) => (body(req).page === 2 ? page([note({ id: 200, message: 'Nota 26' })], { total: 26, page: 2, from: 26, to: 26 }) : page(first, { total: 26, from: 1, to: 25 })),
    });
    renderModule('/notes_documents/view/11', api);
    expect(await screen.findAllByTestId('note-message')).toHaveLength(25);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 26');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(screen.getAllByTestId('note-message').map((m) => m.textContent)).toEqual(['Nota 26']));
    expect(asked(api).at(-1)).toEqual({ document_id: 11, page: 2, per_page: 25 });
  });

  it('"Añadir nota": the server\'s "Debe indicar un mensaje para guardar" under the message; an empty day is left out (today); then the notes and counts again', async () => {
    const api = viewHost({ 'POST note/create': writeError('REQ-102', 'Debe indicar un mensaje para guardar', { field: 'message' }) });
    renderModule('/notes_documents/view/11', api);
    const form = await screen.findByRole('form', { name: 'Nueva nota' });
    await screen.findAllByTestId('note-message');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Añadir nota' }));
    expect(within(form).getByLabelText('Fecha')).toHaveValue('');
    submit();
    expect(await within(form).findByTestId('error-message')).toHaveTextContent('Debe indicar un mensaje para guardar');
    expect(within(form).getByRole('textbox', { name: 'Mensaje' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST note/create').map(body)).toEqual([{ document_id: 11, message: '' }]);

    // a bad day under the day
    api.on('POST note/create', writeError('REQ-102', 'El campo date debe ser una fecha AAAA-MM-DD', { field: 'date' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Mensaje' }), { target: { value: ' Pinchazo en la rueda delantera. ' } });
    fireEvent.change(within(form).getByLabelText('Fecha'), { target: { value: '2026-12-01' } });
    submit();
    expect(await within(form).findByTestId('error-date')).toHaveTextContent('El campo date debe ser una fecha AAAA-MM-DD');
    expect(within(form).queryByTestId('error-message')).not.toBeInTheDocument();
    expect(api.calls('POST note/create')[1].body).toEqual({ document_id: 11, message: 'Pinchazo en la rueda delantera.', date: '2026-12-01' });

    api.on('POST note/create', (req: MockRequest) => envelopeOk(note({ ...body(req), id: 60, user_id: 2, user_name: 'Dolores Directora Demo' })));
    api.on('GET note/document/read', envelopeOk(notebook({ notes: 4, last_date: '2026-12-01' })));
    submit();
    expect(await screen.findByText('Nota añadida')).toBeInTheDocument();
    expect(api.calls('POST note/create')[2].body).toEqual({ document_id: 11, message: 'Pinchazo en la rueda delantera.', date: '2026-12-01' });
    await waitFor(() => expect(asked(api)).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('view-notes')).toHaveTextContent('4'));
    expect(screen.getByTestId('view-last-date')).toHaveTextContent('01/12/2026');
    // the form starts again, empty
    const fresh = screen.getByRole('form', { name: 'Nueva nota' });
    expect(within(fresh).getByRole('textbox', { name: 'Mensaje' })).toHaveValue('');
    expect(within(fresh).getByLabelText('Fecha')).toHaveValue('');
  });

  it('a note written in a notebook deleted meanwhile shows the refusal above the form', async () => {
    const api = viewHost({ 'POST note/create': writeError('CONFLICT-000', 'El documento está eliminado') });
    renderModule('/notes_documents/view/11', api);
    const form = await screen.findByRole('form', { name: 'Nueva nota' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Mensaje' }), { target: { value: 'Hola' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir nota' }));
    expect(await within(form).findByTestId('note-errors')).toHaveTextContent('El documento está eliminado');
  });

  it('offers "Editar" and "Eliminar" only on the user\'s own notes without note.manage', async () => {
    renderModule('/notes_documents/view/11', viewHost(), teacher);
    await screen.findAllByTestId('note-message');
    expect(actionsOf(ANA)).toEqual(['Editar la nota del 30/11/2026 de Ana García', 'Eliminar la nota del 30/11/2026 de Ana García']);
    expect(actionsOf(DOLORES)).toEqual([]);
    expect(actionsOf(LUIS)).toEqual([]);
  });

  it('offers them on every note with note.manage, and to the director (super)', async () => {
    const { unmount } = renderModule('/notes_documents/view/11', viewHost(), manager);
    await screen.findAllByTestId('note-message');
    expect([ANA, DOLORES, LUIS].map((m) => actionsOf(m).length)).toEqual([2, 2, 2]);
    unmount();
    renderModule('/notes_documents/view/11', viewHost(), director);
    await screen.findAllByTestId('note-message');
    expect([ANA, DOLORES, LUIS].map((m) => actionsOf(m).length)).toEqual([2, 2, 2]);
  });

  it('"Editar" opens the note above the list and sends only what changed', async () => {
    const api = viewHost();
    renderModule('/notes_documents/view/11', api, teacher);
    await screen.findAllByTestId('note-message');
    fireEvent.click(screen.getByRole('button', { name: 'Editar la nota del 30/11/2026 de Ana García' }));
    const form = await screen.findByRole('form', { name: 'Editar la nota del 30/11/2026' });
    // the new note's form gives way while one is edited
    expect(screen.queryByRole('form', { name: 'Nueva nota' })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Mensaje' })).toHaveValue(ANA);
    expect(within(form).getByLabelText('Fecha')).toHaveValue('2026-11-30');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST note/update')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Mensaje' }), { target: { value: 'Roce en la puerta trasera derecha. Reparado.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Nota guardada')).toBeInTheDocument();
    expect(api.calls('POST note/update').map(body)).toEqual([{ id: 51, message: 'Roce en la puerta trasera derecha. Reparado.' }]);
    await waitFor(() => expect(screen.queryByTestId('note-edit')).not.toBeInTheDocument());
    await waitFor(() => expect(asked(api)).toHaveLength(2));
    expect(screen.getByRole('form', { name: 'Nueva nota' })).toBeInTheDocument();

    // the day alone
    fireEvent.click(screen.getByRole('button', { name: 'Editar la nota del 30/11/2026 de Ana García' }));
    const again = await screen.findByRole('form', { name: 'Editar la nota del 30/11/2026' });
    fireEvent.change(within(again).getByLabelText('Fecha'), { target: { value: '2026-11-29' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST note/update')[1].body).toEqual({ id: 51, date: '2026-11-29' }));
  });

  it("the server's PERMISSION-000 refusal is shown, with its reason, if it happens anyway", async () => {
    const refusal = writeError('PERMISSION-000', 'No tiene permiso para esta acción', { permission: 'note.manage', reason: 'Solo el autor puede modificar o eliminar la nota' });
    const api = viewHost({ 'POST note/update': refusal, 'POST note/delete': refusal });
    renderModule('/notes_documents/view/11', api, manager);
    await screen.findAllByTestId('note-message');
    fireEvent.click(screen.getByRole('button', { name: 'Editar la nota del 12/11/2026 de Dolores Directora Demo' }));
    const form = await screen.findByRole('form', { name: 'Editar la nota del 12/11/2026' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Mensaje' }), { target: { value: 'Cambio de aceite.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('note-errors')).toHaveTextContent('No tiene permiso para esta acción: Solo el autor puede modificar o eliminar la nota');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByTestId('note-edit')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la nota del 02/11/2026 de Luis Pérez' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('note-action-errors')).toHaveTextContent('No tiene permiso para esta acción: Solo el autor puede modificar o eliminar la nota');
    expect(asked(api)).toHaveLength(1);
  });

  it('"Eliminar" a note asks first, then sends note/delete and reads the notes and counts again', async () => {
    const api = viewHost({ 'POST note/delete': envelopeOk(note({ state: 'deleted' })) });
    renderModule('/notes_documents/view/11', api, teacher);
    await screen.findAllByTestId('note-message');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la nota del 30/11/2026 de Ana García' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la nota' });
    expect(dialog).toHaveTextContent('¿Eliminar la nota del 30/11/2026 de Ana García?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST note/delete')).toHaveLength(0);

    api.on('GET note/document/read', envelopeOk(notebook({ notes: 2, last_date: '2026-11-12' })));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la nota del 30/11/2026 de Ana García' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST note/delete').map(body)).toEqual([{ id: 51 }]));
    expect(await screen.findByText('Nota eliminada')).toBeInTheDocument();
    await waitFor(() => expect(asked(api)).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('view-notes')).toHaveTextContent('2'));
    expect(screen.getByTestId('view-last-date')).toHaveTextContent('12/11/2026');
  });

  it('its data: only what changed is sent (no group as null), errors under their field; the head follows', async () => {
    const api = viewHost();
    renderModule('/notes_documents/view/11', api);
    const form = await screen.findByRole('form', { name: 'Datos del documento' });
    expect(within(form).getByRole('textbox', { name: /^Título/ })).toHaveValue('Incidencias del Ibiza 1234 ABC');
    expect(within(form).getByRole('textbox', { name: 'Descripción' })).toHaveValue('Golpes, averías y revisiones');
    const group = within(form).getByRole('combobox', { name: 'Grupo' });
    await waitFor(() => expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin grupo', 'Flota', 'Reuniones', 'Secretaría']));
    expect(group).toHaveValue('1');
    expect(within(form).getByRole('checkbox', { name: 'Fijar al principio de la lista' })).toBeChecked();
    const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST note/document/update')).toHaveLength(0);

    api.on('POST note/document/update', writeError('REQ-102', 'El grupo no existe', { field: 'group_id' }));
    fireEvent.change(group, { target: { value: '2' } });
    save();
    expect(await within(form).findByTestId('error-group_id')).toHaveTextContent('El grupo no existe');
    expect(api.calls('POST note/document/update').map(body)).toEqual([{ id: 11, group_id: 2 }]);

    api.on('POST note/document/update', (req: MockRequest) => envelopeOk(notebook({ ...body(req), group_name: null })));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: 'Incidencias del Ibiza' } });
    fireEvent.change(group, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Fijar al principio de la lista' }));
    save();
    expect(await screen.findByText('Documento Incidencias del Ibiza guardado')).toBeInTheDocument();
    expect(api.calls('POST note/document/update')[1].body).toEqual({ id: 11, title: 'Incidencias del Ibiza', group_id: null, pinned: false });
    await waitFor(() => expect(screen.getByTestId('view-title')).toHaveTextContent('Incidencias del Ibiza'));
    const head = screen.getByTestId('document-head');
    expect(within(head).getByTestId('no-group')).toHaveTextContent('Sin grupo');
    expect(within(head).queryByTestId('pinned')).not.toBeInTheDocument();
    // the form now holds what was saved
    expect(within(screen.getByRole('form', { name: 'Datos del documento' })).getByRole('combobox', { name: 'Grupo' })).toHaveValue('');
  });

  it('a title left empty is asked for before anything is sent', async () => {
    const api = viewHost();
    renderModule('/notes_documents/view/11', api);
    const form = await screen.findByRole('form', { name: 'Datos del documento' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título/ }), { target: { value: '  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST note/document/update')).toHaveLength(0);
  });

  it('"Eliminar" the notebook asks first, then goes back to the list', async () => {
    const api = viewHost({
      'POST note/document/delete': envelopeOk(notebook({ state: 'deleted' })),
      'POST note/document/readall': page(notebooks().slice(1)),
    });
    renderModule('/notes_documents/view/11', api);
    const head = await screen.findByTestId('document-head');
    fireEvent.click(within(head).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el documento' });
    expect(dialog).toHaveTextContent('¿Eliminar el documento «Incidencias del Ibiza 1234 ABC»? Sus notas se eliminan con él.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST note/document/delete').map(body)).toEqual([{ id: 11 }]));
    expect(await screen.findByText('Documento Incidencias del Ibiza 1234 ABC eliminado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notes_documents/list'));
  });

  it('a deleted notebook is read only: no new note, no edit or delete, its data not editable', async () => {
    const api = viewHost({ 'GET note/document/read': envelopeOk(notebook({ state: 'deleted' })) });
    renderModule('/notes_documents/view/11', api, teacher);
    expect(await screen.findByTestId('deleted-notice')).toHaveTextContent('Este documento está eliminado: se puede consultar, pero no modificar ni añadirle notas.');
    const head = screen.getByTestId('document-head');
    expect(within(head).getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(within(head).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Datos del documento' });
    expect(within(form).getByRole('textbox', { name: /^Título/ })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    expect(await screen.findAllByTestId('note-message')).toHaveLength(3);
    expect(screen.queryByRole('form', { name: 'Nueva nota' })).not.toBeInTheDocument();
    expect(actionsOf(ANA)).toEqual([]);
  });

  it("a notebook that cannot be read shows the host's reason and a retry", async () => {
    const api = viewHost({ 'GET note/document/read': readError('NOT-FOUND-000', 'No se encuentra el documento') });
    renderModule('/notes_documents/view/99', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra el documento');
    api.on('GET note/document/read', envelopeOk(notebook({ id: 99 })));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Incidencias del Ibiza 1234 ABC');
  });

  it('an address without a number is not a notebook', async () => {
    const api = viewHost();
    renderModule('/notes_documents/view/abc', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra el documento');
    expect(reads(api)).toHaveLength(0);
  });
});
