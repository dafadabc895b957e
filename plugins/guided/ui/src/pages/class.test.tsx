import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, bookContents, classDetail, query, resources } from '../test/fixtures';

/** Class 402 of group 31 (six resources) and the group's book to add from. */
function classHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET clase/guiada/read': envelopeOk(classDetail()),
    'GET clase/libro/digital/recursos': envelopeOk(bookContents()),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof classHost>;
const sent = (api: Host, route: string) => api.calls(route).map(body);
const current = () => screen.getByTestId('resource-current');
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente recurso' }));
const fileUrl = (id: number) => `/api/filesystem/file/read?file_id=${id}&token=test-token`;
const resourceItem = (id: number) => screen.getAllByTestId('resource-item').find((li) => li.getAttribute('data-resource-id') === String(id))!;
const idle = async (testId: string) => waitFor(() => expect(screen.getByTestId(testId)).toHaveAttribute('aria-busy', 'false'));

async function openClass(api: Host, path = '/clase/guiada/view/402/31') {
  renderModule(path, api);
  await screen.findByTestId('class-head');
  await idle('class-view');
}

describe('a class in the classroom', () => {
  it('shows its head, the group, the previous and next classes', async () => {
    const api = classHost();
    await openClass(api);
    const head = screen.getByTestId('class-head');
    expect(within(head).getByTestId('class-title')).toHaveTextContent('2. Señales');
    expect(within(head).getByTestId('class-group')).toHaveTextContent('Grupo Tarde B octubre');
    expect(within(head).getByTestId('class-group')).toHaveAttribute('href', '/clase/guiada/grupo/view/31');
    expect(within(head).getByTestId('class-when')).toHaveTextContent('08/10/2026 18:00 · 90 min');
    expect(within(head).getByTestId('class-status')).toHaveTextContent('Pendiente');
    expect(within(head).getByTestId('class-summary')).toHaveTextContent('Señales de peligro y límites de velocidad');
    expect(within(head).getByTestId('class-previous')).toHaveAttribute('href', '/clase/guiada/view/401/31');
    expect(within(head).getByTestId('class-next')).toHaveAttribute('href', '/clase/guiada/view/403/31');
    expect(api.calls('GET clase/guiada/read').map(query)).toEqual([{ id: '402' }]);

    // the next class: read, and shown from its first resource
    next();
    expect(current()).toHaveAttribute('data-resource-id', '502');
    api.on('GET clase/guiada/read', envelopeOk(classDetail({ id: 403, position: 3, title: 'Velocidad', previous_id: 402, next_id: null, resources: resources().slice(3) })));
    fireEvent.click(within(head).getByTestId('class-next'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/clase/guiada/view/403/31'));
    expect(await screen.findByText('3. Velocidad')).toBeInTheDocument();
    expect(current()).toHaveAttribute('data-resource-id', '504');
    expect(screen.getByTestId('resource-counter')).toHaveTextContent('Recurso 1 de 3');
    expect(screen.queryByTestId('class-next')).not.toBeInTheDocument();
    expect(screen.getByTestId('class-previous')).toHaveAttribute('href', '/clase/guiada/view/402/31');
  });

  it('shows the resources one at a time: a subtheme, a sheet, a video, a link, a note and one gone from the book', async () => {
    await openClass(classHost());
    expect(screen.getByTestId('resource-counter')).toHaveTextContent('Recurso 1 de 6');
    expect(screen.getByRole('button', { name: 'Anterior recurso' })).toBeDisabled();

    // 1: the subtheme, its sections' text, its sheets (png inline, PDF a link) and its video
    expect(current()).toHaveAttribute('data-kind', 'subtheme');
    expect(within(current()).getByTestId('resource-title')).toHaveTextContent('Señales de peligro');
    expect(within(current()).getByTestId('resource-theme')).toHaveTextContent('Tema: Señales');
    expect(within(current()).getAllByTestId('resource-section').map((s) => s.textContent)).toEqual(['FormaTriangulares, con el borde rojo.', 'Dónde se colocanEntre 150 y 250 metros antes del peligro.']);
    expect(within(current()).getByRole('img', { name: 'Lámina de peligro' })).toHaveAttribute('src', fileUrl(901));
    expect(within(current()).getByTestId('resource-sheet-link')).toHaveAttribute('href', fileUrl(905));
    expect(within(current()).getByTestId('resource-sheet-link')).toHaveTextContent('Abrir Ficha imprimible (PDF)');
    const video = within(current()).getByTestId('resource-video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', fileUrl(902));
    expect(video).toHaveAttribute('controls');

    // 2: a PDF sheet alone: a link opening in a new tab
    next();
    expect(screen.getByTestId('resource-counter')).toHaveTextContent('Recurso 2 de 6');
    expect(current()).toHaveAttribute('data-kind', 'sheet');
    const pdf = within(current()).getByTestId('resource-sheet-link');
    expect(pdf).toHaveAttribute('href', fileUrl(903));
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(within(current()).getByTestId('resource-from')).toHaveTextContent('Del subtema Límites genéricos');
    expect(within(current()).queryByRole('img')).not.toBeInTheDocument();

    // 3: a video alone
    next();
    expect(within(current()).getByTestId('resource-video')).toHaveAttribute('src', fileUrl(904));
    expect(within(current()).getByTestId('resource-video')).toHaveAttribute('controls');

    // 4: a link, in a new tab
    next();
    const link = within(current()).getByTestId('resource-link');
    expect(link).toHaveAttribute('href', 'https://www.dgt.es/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(current()).getByTestId('resource-title')).toHaveTextContent('Web de la DGT');

    // 5: a note
    next();
    expect(within(current()).getByTestId('resource-note').textContent).toBe('Traer el DNI al examen.\nLlegar 15 minutos antes.');

    // 6: gone from the book
    next();
    expect(within(current()).getByTestId('resource-missing')).toHaveTextContent('Este recurso ya no está en el libro');
    expect(screen.getByRole('button', { name: 'Siguiente recurso' })).toBeDisabled();

    // back one, and the list to jump
    fireEvent.click(screen.getByRole('button', { name: 'Anterior recurso' }));
    expect(current()).toHaveAttribute('data-resource-id', '505');
    const jumps = within(screen.getByRole('navigation', { name: 'Ir a un recurso' })).getAllByTestId('resource-jump');
    expect(jumps.map((b) => b.textContent)).toEqual(['1. Señales de peligro', '2. Resumen en PDF', '3. Glorietas', '4. Web de la DGT', '5. Recordatorio', '6. Tema retirado']);
    expect(jumps[4]).toHaveAttribute('aria-current', 'step');
    fireEvent.click(jumps[1]);
    expect(current()).toHaveAttribute('data-resource-id', '502');
    expect(screen.getAllByTestId('resource-jump')[1]).toHaveAttribute('aria-current', 'step');
  });

  it('is marked given, then pending again', async () => {
    const api = classHost({
      'POST clase/guiada/update': (req: MockRequest) =>
        envelopeOk(body(req).status === 'given' ? classDetail({ status: 'given', given_at: '2026-10-08T17:55:00Z', given_by: 2, given_by_name: 'Dolores Directora Demo' }) : classDetail()),
    });
    await openClass(api);
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como impartida' }));
    expect(await screen.findByText('Clase Señales marcada como impartida')).toBeInTheDocument();
    await idle('class-head');
    expect(sent(api, 'POST clase/guiada/update')).toEqual([{ id: 402, status: 'given' }]);
    expect(screen.getByTestId('class-status')).toHaveTextContent('Impartida');
    expect(screen.getByTestId('class-given')).toHaveTextContent('Impartida el 08/10/2026 - 19:55:00 por Dolores Directora Demo');

    fireEvent.click(screen.getByRole('button', { name: 'Marcar como pendiente' }));
    expect(await screen.findByText('Clase Señales marcada como pendiente')).toBeInTheDocument();
    await idle('class-head');
    expect(sent(api, 'POST clase/guiada/update').at(-1)).toEqual({ id: 402, status: 'pending' });
    expect(screen.getByTestId('class-status')).toHaveTextContent('Pendiente');
    expect(screen.queryByTestId('class-given')).not.toBeInTheDocument();
  });

  it('is edited with only what changed', async () => {
    const api = classHost({
      'POST clase/guiada/update': writeError('REQ-102', 'Entre 5 y 480 minutos', { field: 'minutes' }),
    });
    await openClass(api);
    fireEvent.click(screen.getByTestId('class-edit'));
    const form = await screen.findByTestId('class-form');
    expect(within(form).getByRole('textbox', { name: 'Contenido de la clase' })).toHaveValue('Señales de peligro y límites de velocidad');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Minutos' }), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-minutes')).toHaveTextContent('Entre 5 y 480 minutos');
    expect(api.calls('POST clase/guiada/update')).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Minutos' }), { target: { value: '100' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Contenido de la clase' }), { target: { value: 'Solo señales' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-minutes')).toHaveTextContent('Entre 5 y 480 minutos');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    expect(sent(api, 'POST clase/guiada/update')).toEqual([{ id: 402, minutes: 100, summary: 'Solo señales' }]);

    api.on('POST clase/guiada/update', (req: MockRequest) => envelopeOk(classDetail(body(req))));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Clase Señales guardada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('class-form')).not.toBeInTheDocument());
    expect(screen.getByTestId('class-summary')).toHaveTextContent('Solo señales');
    expect(screen.getByTestId('class-when')).toHaveTextContent('100 min');
  });

  it('a deleted class is read only; one not found says so', async () => {
    await openClass(classHost({ 'GET clase/guiada/read': envelopeOk(classDetail({ state: 'deleted' })) }));
    expect(screen.getByTestId('class-deleted-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('class-mark')).not.toBeInTheDocument();
    expect(screen.queryByTestId('resource-editor')).not.toBeInTheDocument();
    expect(screen.getByTestId('resource-viewer')).toBeInTheDocument();
  });

  it('says why it cannot be read', async () => {
    renderModule('/clase/guiada/view/999/31', classHost({ 'GET clase/guiada/read': readError('NOT-FOUND-000', 'No se encuentra la clase') }));
    expect(await screen.findByText('No se encuentra la clase')).toBeInTheDocument();
  });
});

describe("the resources' editor", () => {
  it('adds a part of the group’s book: one of a subtheme’s sheets, or the subtheme whole; its refusal under the field', async () => {
    const api = classHost({
      'POST clase/guiada/recurso/add/create': writeError('REQ-102', 'La lámina no está en el libro del grupo', { field: 'sheet_id' }),
    });
    await openClass(api);
    const form = await screen.findByTestId('add-book-form');
    expect(api.calls('GET clase/libro/digital/recursos').map(query)).toEqual([{ book_id: '12' }]);
    expect(form).toHaveTextContent('Del libro Permiso B');
    const subtheme = within(form).getByRole('combobox', { name: /^Subtema/ });
    expect(within(subtheme).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seleccione…', '1.1 Señales de peligro', '1.2 Señales de prohibición', '2.1 Límites genéricos']);
    const part = within(form).getByRole('combobox', { name: 'Qué añadir' });
    expect(part).toBeDisabled();
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir del libro' }));
    expect(await within(form).findByTestId('error-subtheme_id')).toHaveTextContent('Este campo es obligatorio');

    fireEvent.change(subtheme, { target: { value: '21' } });
    expect(part).toBeEnabled();
    expect(within(part).getAllByRole('option').map((o) => o.textContent)).toEqual(['El subtema completo', 'Lámina: Lámina de peligro', 'Vídeo: Vídeo de peligro']);
    fireEvent.change(part, { target: { value: 'sheet:61' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir del libro' }));
    expect(await within(form).findByTestId('error-part')).toHaveTextContent('La lámina no está en el libro del grupo');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));
    expect(sent(api, 'POST clase/guiada/recurso/add/create')).toEqual([{ class_id: 402, kind: 'sheet', sheet_id: 61 }]);

    const added = { id: 507, class_id: 402, position: 7, kind: 'subtheme', title: 'Repaso', subtheme_id: 22, content: { id: 22, title: 'Señales de prohibición', theme: 'Señales', sections: [], sheets: [], videos: [] } };
    api.on('POST clase/guiada/recurso/add/create', envelopeOk(classDetail({ resources: [...resources(), added] })));
    fireEvent.change(subtheme, { target: { value: '22' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Título' }), { target: { value: ' Repaso ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir del libro' }));
    expect(await screen.findByText('Recurso añadido')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiada/recurso/add/create').at(-1)).toEqual({ class_id: 402, kind: 'subtheme', subtheme_id: 22, title: 'Repaso' });
    await waitFor(() => expect(screen.getAllByTestId('resource-item')).toHaveLength(7));
    expect(screen.getByTestId('resource-counter')).toHaveTextContent('Recurso 1 de 7');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Subtema/ })).toHaveValue(''));
  });

  it('adds a link (checked first) and a note', async () => {
    const api = classHost({
      'POST clase/guiada/recurso/add/create': (req: MockRequest) => envelopeOk(classDetail({ resources: [...resources(), { id: 508, position: 7, content: null, ...body(req), title: body(req).title ?? '' }] })),
    });
    await openClass(api);
    await screen.findByTestId('add-book-form');
    fireEvent.click(screen.getByRole('tab', { name: 'Enlace' }));
    const link = await screen.findByTestId('add-link-form');
    fireEvent.click(within(link).getByRole('button', { name: 'Añadir enlace' }));
    expect(await within(link).findByTestId('error-url')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(link).getByRole('textbox', { name: /^Dirección/ }), { target: { value: 'ftp://dgt.es' } });
    fireEvent.click(within(link).getByRole('button', { name: 'Añadir enlace' }));
    expect(await within(link).findByTestId('error-url')).toHaveTextContent('Introduzca una dirección que empiece por http:// o https://');
    expect(api.calls('POST clase/guiada/recurso/add/create')).toHaveLength(0);
    fireEvent.change(within(link).getByRole('textbox', { name: 'Título' }), { target: { value: 'Señales (DGT)' } });
    fireEvent.change(within(link).getByRole('textbox', { name: /^Dirección/ }), { target: { value: ' https://www.dgt.es/senales ' } });
    fireEvent.click(within(link).getByRole('button', { name: 'Añadir enlace' }));
    expect(await screen.findByText('Recurso añadido')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiada/recurso/add/create')).toEqual([{ class_id: 402, kind: 'link', url: 'https://www.dgt.es/senales', title: 'Señales (DGT)' }]);
    await waitFor(() => expect(within(link).getByRole('textbox', { name: /^Dirección/ })).toHaveValue(''));

    fireEvent.click(screen.getByRole('tab', { name: 'Nota' }));
    const note = await screen.findByTestId('add-note-form');
    fireEvent.click(within(note).getByRole('button', { name: 'Añadir nota' }));
    expect(await within(note).findByTestId('error-text')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(note).getByRole('textbox', { name: /^Texto/ }), { target: { value: 'Preguntar dudas del tema 1' } });
    fireEvent.click(within(note).getByRole('button', { name: 'Añadir nota' }));
    await waitFor(() => expect(sent(api, 'POST clase/guiada/recurso/add/create')).toHaveLength(2));
    expect(sent(api, 'POST clase/guiada/recurso/add/create')[1]).toEqual({ class_id: 402, kind: 'note', text: 'Preguntar dudas del tema 1' });
    await waitFor(() => expect(note).toHaveAttribute('aria-busy', 'false'));
    await waitFor(() => expect(within(note).getByRole('textbox', { name: /^Texto/ })).toHaveValue(''));
  });

  it('moves one up and down, edits one and removes one when asked', async () => {
    const reordered = () => {
      const [a, b, ...rest] = resources();
      return [{ ...b, position: 1 }, { ...a, position: 2 }, ...rest];
    };
    const api = classHost({
      'POST clase/guiada/recurso/add/update': (req: MockRequest) => envelopeOk(classDetail({ resources: body(req).position ? reordered() : resources().map((r) => (r.id === body(req).id ? { ...r, ...body(req) } : r)) })),
      'POST clase/guiada/recurso/add/delete': envelopeOk(classDetail({ resources: resources().filter((r) => r.id !== 505) })),
    });
    await openClass(api);
    const items = screen.getAllByTestId('resource-item');
    expect(items.map((li) => within(li).getByTestId('resource-item-title').textContent)).toEqual(['Señales de peligro', 'Resumen en PDF', 'Glorietas', 'Web de la DGT', 'Recordatorio', 'Tema retirado']);
    expect(within(items[5]).getByTestId('resource-item-missing')).toHaveTextContent('Ya no está en el libro');
    expect(within(items[0]).getByTestId('resource-item-up')).toBeDisabled();
    expect(within(items[5]).getByTestId('resource-item-down')).toBeDisabled();

    fireEvent.click(within(resourceItem(502)).getByRole('button', { name: 'Subir el recurso Resumen en PDF' }));
    await idle('resource-editor');
    expect(sent(api, 'POST clase/guiada/recurso/add/update')).toEqual([{ id: 502, position: 1 }]);
    await waitFor(() => expect(screen.getAllByTestId('resource-item')[0]).toHaveAttribute('data-resource-id', '502'));
    expect(screen.getAllByTestId('resource-jump')[0]).toHaveTextContent('1. Resumen en PDF');
    fireEvent.click(within(resourceItem(502)).getByTestId('resource-item-down'));
    await idle('resource-editor');
    expect(sent(api, 'POST clase/guiada/recurso/add/update').at(-1)).toEqual({ id: 502, position: 2 });

    // a link: its title and address
    fireEvent.click(within(resourceItem(504)).getByTestId('resource-item-edit'));
    const edit = await screen.findByTestId('resource-edit-form');
    fireEvent.click(within(edit).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    fireEvent.click(within(resourceItem(504)).getByTestId('resource-item-edit'));
    const again = await screen.findByTestId('resource-edit-form');
    fireEvent.change(within(again).getByRole('textbox', { name: /^Dirección/ }), { target: { value: 'https://sede.dgt.gob.es/' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Recurso guardado')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiada/recurso/add/update').at(-1)).toEqual({ id: 504, url: 'https://sede.dgt.gob.es/' });
    await waitFor(() => expect(screen.queryByTestId('resource-edit-form')).not.toBeInTheDocument());

    // the viewer on the note, which is removed: it stays on a resource that still is
    fireEvent.click(screen.getAllByTestId('resource-jump')[5]);
    fireEvent.click(within(resourceItem(505)).getByTestId('resource-item-remove'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Quitar el recurso' });
    expect(dialog).toHaveTextContent('¿Quitar Recordatorio de la clase?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('Recurso Recordatorio quitado')).toBeInTheDocument();
    expect(sent(api, 'POST clase/guiada/recurso/add/delete')).toEqual([{ id: 505 }]);
    await waitFor(() => expect(screen.getAllByTestId('resource-item')).toHaveLength(5));
    expect(screen.getByTestId('resource-counter')).toHaveTextContent('Recurso 5 de 5');
  });

  it("a refusal is shown above the resources; a group without a book adds links and notes", async () => {
    const api = classHost({
      'GET clase/guiada/read': envelopeOk(classDetail({ group: { id: 31, name: 'Tarde B octubre', licence: 'B', temary_id: null, state: 'active' } })),
      'POST clase/guiada/recurso/add/delete': writeError('NOT-FOUND-000', 'No se encuentra el recurso'),
    });
    await openClass(api);
    // the link tab opens first; the book's tab says why it has nothing
    expect(await screen.findByTestId('add-link-form')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Del libro' }));
    expect(await screen.findByTestId('add-book-none')).toHaveTextContent('El grupo no sigue ningún libro digital');
    expect(api.calls('GET clase/libro/digital/recursos')).toHaveLength(0);

    fireEvent.click(within(resourceItem(501)).getByTestId('resource-item-remove'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByTestId('resource-editor-errors')).toHaveTextContent('No se encuentra el recurso');
    await idle('resource-editor');
    expect(screen.getAllByTestId('resource-item')).toHaveLength(6);
  });
});
