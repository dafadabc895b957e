import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderLive, renderModule } from '../test/render';
import { body, doubt, doubt2, doubtPage, doubtQuestion, query } from '../test/fixtures';

/**
 * The school's doubts: `duda/read` answers a page (3 unread), or one doubt with `?id=`; the
 * question of 701 (V-7) with Ana's and Marta's doubts on it.
 */
function doubtsHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET duda/read': (req: MockRequest) => {
      const id = req.query.get('id');
      if (id === null) return doubtPage([doubt(), doubt2()], 3);
      return id === '702' ? envelopeOk(doubt2()) : envelopeOk(doubt({ id: Number(id) }));
    },
    'GET duda/cuestion/read': envelopeOk(doubtQuestion()),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof doubtsHost>;
/** The list's queries (those with `id` are a doubt's). */
const asked = (api: Host) => api.calls('GET duda/read').map(query).filter((q) => !('id' in q));
const sent = (api: Host, route: string) => api.calls(route).map(body);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

/** The list's table once its page is in (not busy). */
async function listed() {
  const table = await screen.findByRole('table', { name: 'Dudas de los alumnos' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return table;
}

const select = (testId: string) => within(screen.getByTestId(testId)).getByRole('combobox');

describe('the doubts', () => {
  it('opens on the unread ones: student, question, text, date and badges; a row opens its doubt', async () => {
    const api = doubtsHost();
    renderModule('/dudas/list', api);
    const table = await listed();
    expect(asked(api)).toEqual([{ status: 'unread', page: '1', per_page: '25' }]);
    expect(screen.getByTestId('doubts-unread')).toHaveTextContent('3 dudas sin leer');
    expect(screen.getByTestId('nav-doubts')).toHaveAttribute('aria-current', 'page');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Alumno', 'Pregunta', 'Duda', 'Fecha', 'Estado']);

    const [ana, luis] = within(table).getAllByTestId('doubt-open').map((a) => a.closest('tr')!);
    expect(cells(ana)).toEqual([
      'Ana López García',
      'V-7¿Se puede adelantar en un paso de peatones?',
      'No entiendo por qué no se puede adelantar si no hay nadie cruzando.',
      '20/05/2026 - 12:05:00',
      'Sin leerSin responder',
    ]);
    expect(within(ana).getByTestId('doubt-read')).toHaveAttribute('data-read', 'false');
    expect(within(ana).getByTestId('doubt-answered')).toHaveAttribute('data-answered', 'false');
    // long texts are shortened, whole in their title
    const statement = within(luis).getByTestId('doubt-statement');
    expect(statement.textContent).toMatch(/^¿Qué indica una señal triangular con borde rojo\? Fíjese bien .*…$/);
    expect(statement.textContent!.length).toBeLessThanOrEqual(90);
    expect(statement).toHaveAttribute('title', doubt2().question.statement);
    const text = within(luis).getByTestId('doubt-open');
    expect(text.textContent).toMatch(/…$/);
    expect(text.textContent!.length).toBeLessThanOrEqual(160);
    expect(text).toHaveAttribute('title', doubt2().text);
    expect(within(luis).getByTestId('doubt-read')).toHaveTextContent('Leída');
    expect(within(luis).getByTestId('doubt-answered')).toHaveTextContent('Respondida');

    const open = within(ana).getByRole('link', { name: 'Abrir la duda de Ana López García del 20/05/2026 - 12:05:00' });
    expect(open).toHaveAttribute('href', '/dudas/view/701');
    fireEvent.click(open);
    expect(await screen.findByTestId('doubt-title')).toHaveTextContent('Duda de Ana López García');
    expect(screen.getByTestId('location')).toHaveTextContent('/dudas/view/701');
  });

  it('filters by status and licence, finds from 2 characters, and pages', async () => {
    const api = doubtsHost({ 'GET duda/read': doubtPage([doubt(), doubt2()], 3, { total: 30, from: 1, to: 25 }) });
    renderModule('/dudas/list', api);
    await listed();
    const status = select('doubts-status');
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin leer', 'Leídas', 'Respondidas', 'Sin responder', 'Todas']);
    expect(status).toHaveValue('unread');

    fireEvent.change(status, { target: { value: 'answered' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ status: 'answered', page: '1', per_page: '25' }));
    fireEvent.change(select('doubts-licence'), { target: { value: 'B' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ status: 'answered', licence: 'B', page: '1', per_page: '25' }));
    fireEvent.change(status, { target: { value: '' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ licence: 'B', page: '1', per_page: '25' }));

    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.change(search, { target: { value: ' adelantar ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ licence: 'B', search: 'adelantar', page: '1', per_page: '25' }));
    expect(asked(api).filter((q) => q.search === 'a')).toEqual([]);

    await listed();
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 30');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ licence: 'B', search: 'adelantar', page: '2', per_page: '25' }));
    // a filter goes back to the first page, keeping the search
    fireEvent.change(status, { target: { value: 'unanswered' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ status: 'unanswered', licence: 'B', search: 'adelantar', page: '1', per_page: '25' }));
  });

  it('marks them all read, reads the list again and says how many', async () => {
    const api = doubtsHost({ 'POST duda/todas/leidas': envelopeOk({ marked: 3 }) });
    renderModule('/dudas/list', api);
    await listed();
    api.on('GET duda/read', doubtPage([], 0));
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByText('3 dudas marcadas como leídas')).toBeInTheDocument();
    expect(sent(api, 'POST duda/todas/leidas')).toEqual([{}]);
    await waitFor(() => expect(asked(api)).toHaveLength(2));
    expect(asked(api)[1]).toEqual({ status: 'unread', page: '1', per_page: '25' });
    const table = await listed();
    expect(await within(table).findByText('No hay dudas sin leer')).toBeInTheDocument();
    expect(screen.getByTestId('doubts-unread')).toHaveTextContent('Ninguna duda sin leer');
    expect(screen.getByTestId('doubts-mark-all')).toBeDisabled();
  });

  it('reads the same page again when a doubt is asked, read or answered anywhere (valkiria.doubt)', async () => {
    const api = doubtsHost();
    const { realtime } = renderLive('/dudas/list', api);
    await listed();
    fireEvent.change(select('doubts-licence'), { target: { value: 'B' } });
    await waitFor(() => expect(asked(api)).toHaveLength(2));
    await listed();
    api.on('GET duda/read', doubtPage([doubt({ id: 705, text: 'Recién preguntada' }), doubt(), doubt2()], 4));
    realtime.emit('valkiria.doubt', { id: 705, what: 'asked' });
    await waitFor(() => expect(asked(api)).toHaveLength(3));
    expect(asked(api)[2]).toEqual(asked(api)[1]);
    expect(await screen.findByText('Recién preguntada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('doubts-unread')).toHaveAttribute('data-unread', '4'));
  });

  it('a refusal to mark them is shown above the list; a list that cannot be read says why', async () => {
    const api = doubtsHost({ 'POST duda/todas/leidas': writeError('PERMISSION-000', 'No tiene permiso') });
    renderModule('/dudas/list', api);
    await listed();
    fireEvent.click(screen.getByTestId('doubts-mark-all'));
    expect(await screen.findByTestId('doubts-errors')).toHaveTextContent('No tiene permiso');
    expect(asked(api)).toHaveLength(1);
  });

  it('says why the list cannot be read', async () => {
    renderModule('/dudas/list', doubtsHost({ 'GET duda/read': readError('PERMISSION-000', 'No tiene permiso') }));
    expect(await screen.findByText('No tiene permiso')).toBeInTheDocument();
  });
});

/** The page of one doubt once it and its question are in. */
async function opened() {
  const page = await screen.findByTestId('doubt-page');
  await waitFor(() => expect(page).toHaveAttribute('aria-busy', 'false'));
  return page;
}

describe('a doubt', () => {
  it('beside its question as the student saw it and the other doubts on it; opening it does not mark it read', async () => {
    const api = doubtsHost();
    renderModule('/dudas/view/701', api);
    await opened();
    expect(screen.getByTestId('doubt-title')).toHaveTextContent('Duda de Ana López García');
    expect(api.calls('GET duda/read').map(query)).toEqual([{ id: '701' }]);
    expect(api.calls('GET duda/cuestion/read').map(query)).toEqual([{ id: '701' }]);
    expect(api.calls('POST duda/leida')).toHaveLength(0);

    const head = screen.getByTestId('doubt-head');
    expect(within(head).getByTestId('doubt-student')).toHaveAttribute('href', '/valkiria/alumno/21');
    expect(within(head).getByTestId('doubt-student')).toHaveTextContent('Ana López García');
    expect(within(head).getByTestId('doubt-test')).toHaveTextContent('Examen B 1');
    expect(within(head).getByTestId('doubt-date')).toHaveTextContent('20/05/2026 - 12:05:00');
    expect(within(head).getByTestId('doubt-question-ref')).toHaveTextContent('V-7 · Velocidad · Permiso B');
    expect(within(head).getByTestId('doubt-read')).toHaveTextContent('Sin leer');
    expect(within(head).getByTestId('doubt-answered')).toHaveTextContent('Sin responder');
    expect(within(head).getByTestId('doubt-toggle-read')).toHaveTextContent('Marcar como leída');
    expect(within(head).getByTestId('doubt-back')).toHaveAttribute('href', '/dudas/list');
    expect(screen.getByTestId('doubt-text')).toHaveTextContent(doubt().text);

    const question = screen.getByTestId('doubt-question');
    expect(within(question).getByText('Pregunta V-7')).toBeInTheDocument();
    expect(within(question).getByTestId('doubt-question-statement')).toHaveTextContent('¿Se puede adelantar en un paso de peatones?');
    expect(within(question).queryByTestId('doubt-language')).not.toBeInTheDocument();
    const options = within(question).getAllByTestId('doubt-option');
    expect(options.map((li) => [li.getAttribute('data-chosen'), li.getAttribute('data-correct')])).toEqual([
      ['true', 'false'],
      ['false', 'true'],
      ['false', 'false'],
      ['false', 'false'],
    ]);
    expect(options[0]).toHaveTextContent('a)SíRespuesta del alumno');
    expect(options[1]).toHaveTextContent('b)NoCorrecta');
    expect(within(question).getByTestId('doubt-explanation')).toHaveTextContent('Está prohibido adelantar en los pasos de peatones señalizados.');

    // the others on that question (not this one), each opening its own
    const others = within(screen.getByTestId('doubt-others')).getAllByTestId('doubt-other');
    expect(others.map((li) => li.getAttribute('data-doubt-id'))).toEqual(['705']);
    expect(within(others[0]).getByTestId('doubt-other-open')).toHaveAttribute('href', '/dudas/view/705');
    expect(others[0]).toHaveTextContent('Marta Gil Sanz · 02/05/2026 - 10:00:00');
    expect(within(others[0]).getByTestId('doubt-other-text')).toHaveTextContent('¿Y en una travesía?');
    expect(within(others[0]).getByTestId('doubt-other-answer')).toHaveTextContent('Respuesta: También está prohibido.');

    expect(screen.getByTestId('doubt-reply-mail')).toHaveTextContent('La respuesta se enviará por correo a ana@example.com');
    fireEvent.click(within(others[0]).getByTestId('doubt-other-open'));
    await waitFor(() => expect(api.calls('GET duda/read').map(query).at(-1)).toEqual({ id: '705' }));
    await opened();
    expect(screen.getByTestId('location')).toHaveTextContent('/dudas/view/705');
    expect(api.calls('POST duda/leida')).toHaveLength(0);
  });

  it('answers it (required; it is mailed and marked read); the answer can be replaced', async () => {
    const api = doubtsHost({
      'POST duda/respuesta': (req: MockRequest) =>
        envelopeOk(
          doubt({
            answer: body(req).answer,
            answered_at: '2026-05-20T11:00:00.000Z',
            answered_by_name: 'Dolores Directora Demo',
            read: true,
            read_at: '2026-05-20T11:00:00.000Z',
            read_by_name: 'Dolores Directora Demo',
            mailed_to: 'ana@example.com',
          }),
        ),
    });
    renderModule('/dudas/view/701', api);
    await opened();
    const form = screen.getByTestId('doubt-answer-form');
    const answer = within(form).getByRole('textbox', { name: 'Respuesta al alumno' });
    fireEvent.click(within(form).getByRole('button', { name: 'Responder' }));
    expect(await within(form).findByTestId('error-answer')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST duda/respuesta')).toHaveLength(0);

    fireEvent.change(answer, { target: { value: '  Porque el peatón puede aparecer en cualquier momento.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Responder' }));
    expect(await screen.findByTestId('doubt-mailed')).toHaveTextContent('Respuesta enviada por correo a ana@example.com');
    expect(screen.getByText('Respuesta guardada')).toBeInTheDocument();
    expect(sent(api, 'POST duda/respuesta')).toEqual([{ id: 701, answer: 'Porque el peatón puede aparecer en cualquier momento.' }]);
    const head = screen.getByTestId('doubt-head');
    expect(within(head).getByTestId('doubt-read')).toHaveTextContent('Leída');
    expect(within(head).getByTestId('doubt-answered')).toHaveTextContent('Respondida');
    expect(within(head).getByTestId('doubt-read-by')).toHaveTextContent('Leída por Dolores Directora Demo el 20/05/2026 - 13:00:00');
    expect(screen.getByTestId('doubt-answered-by')).toHaveTextContent('Respondida por Dolores Directora Demo el 20/05/2026 - 13:00:00');

    // the form shows the answer given, to be replaced
    const again = await screen.findByTestId('doubt-answer-form');
    await waitFor(() => expect(again).toHaveAttribute('aria-busy', 'false'));
    expect(within(again).getByRole('textbox', { name: 'Respuesta al alumno' })).toHaveValue('Porque el peatón puede aparecer en cualquier momento.');
    fireEvent.change(within(again).getByRole('textbox', { name: 'Respuesta al alumno' }), { target: { value: 'Está prohibido siempre.' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Sustituir la respuesta' }));
    await waitFor(() => expect(sent(api, 'POST duda/respuesta')).toHaveLength(2));
    expect(sent(api, 'POST duda/respuesta')[1]).toEqual({ id: 701, answer: 'Está prohibido siempre.' });
    await waitFor(() => expect(within(screen.getByTestId('doubt-answer-form')).getByRole('textbox')).toHaveValue('Está prohibido siempre.'));
  });

  it('a student without e-mail: said before and after answering; a refused answer under its field', async () => {
    const noEmail = { student: { id: 21, name: 'Ana López García', dni: '12345678Z', email: '' } };
    const api = doubtsHost({
      'GET duda/read': envelopeOk(doubt(noEmail)),
      'POST duda/respuesta': writeError('REQ-102', 'La respuesta tiene como máximo 4000 caracteres', { field: 'answer' }),
    });
    renderModule('/dudas/view/701', api);
    await opened();
    expect(screen.getByTestId('doubt-reply-mail')).toHaveTextContent('El alumno no tiene correo electrónico: la respuesta no se le enviará por correo');
    const form = screen.getByTestId('doubt-answer-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Respuesta al alumno' }), { target: { value: 'Mire el artículo 84.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Responder' }));
    expect(await within(form).findByTestId('error-answer')).toHaveTextContent('La respuesta tiene como máximo 4000 caracteres');
    expect(screen.queryByTestId('doubt-mailed')).not.toBeInTheDocument();

    api.on('POST duda/respuesta', (req: MockRequest) => envelopeOk(doubt({ ...noEmail, answer: body(req).answer, answered_at: '2026-05-20T11:00:00.000Z', read: true, read_at: '2026-05-20T11:00:00.000Z', mailed_to: null })));
    fireEvent.click(within(form).getByRole('button', { name: 'Responder' }));
    const mailed = await screen.findByTestId('doubt-mailed');
    expect(mailed).toHaveTextContent('El alumno no tiene correo electrónico: la respuesta no se ha enviado por correo');
    expect(mailed).toHaveAttribute('data-mailed-to', '');
    expect(screen.getByTestId('doubt-answered-by')).toHaveTextContent('Respondida el 20/05/2026 - 13:00:00');
  });

  it('marks it read and unread again, keeping the answer being typed', async () => {
    const api = doubtsHost({
      'POST duda/leida': (req: MockRequest) => {
        const read = body(req).read === true;
        return envelopeOk(doubt({ read, read_at: read ? '2026-05-20T11:00:00.000Z' : null, read_by_name: read ? 'Dolores Directora Demo' : null }));
      },
    });
    renderModule('/dudas/view/701', api);
    await opened();
    const textbox = within(screen.getByTestId('doubt-answer-form')).getByRole('textbox', { name: 'Respuesta al alumno' });
    fireEvent.change(textbox, { target: { value: 'Un borrador' } });
    const toggle = screen.getByTestId('doubt-toggle-read');
    fireEvent.click(toggle);
    expect(await screen.findByText('Duda marcada como leída')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveTextContent('Marcar como no leída'));
    expect(within(screen.getByTestId('doubt-head')).getByTestId('doubt-read')).toHaveTextContent('Leída');
    expect(screen.getByTestId('doubt-read-by')).toHaveTextContent('Leída por Dolores Directora Demo');
    expect(within(screen.getByTestId('doubt-answer-form')).getByRole('textbox')).toHaveValue('Un borrador');

    await waitFor(() => expect(toggle).toBeEnabled());
    fireEvent.click(toggle);
    expect(await screen.findByText('Duda marcada como no leída')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveTextContent('Marcar como leída'));
    expect(within(screen.getByTestId('doubt-head')).getByTestId('doubt-read')).toHaveTextContent('Sin leer');
    expect(screen.queryByTestId('doubt-read-by')).not.toBeInTheDocument();
    expect(sent(api, 'POST duda/leida')).toEqual([
      { id: 701, read: true },
      { id: 701, read: false },
    ]);
  });

  it('deletes it after asking, then goes back to the list', async () => {
    const api = doubtsHost({ 'POST valkiria/duda/delete': (req: MockRequest) => envelopeOk({ id: body(req).id, state: 'deleted' }) });
    renderModule('/dudas/view/701', api);
    await opened();
    fireEvent.click(screen.getByTestId('doubt-delete'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la duda' });
    expect(dialog).toHaveTextContent('¿Eliminar la duda de Ana López García? Dejará de aparecer en las listas.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST valkiria/duda/delete')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('doubt-delete'));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la duda' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Duda eliminada')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/duda/delete')).toEqual([{ id: 701 }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dudas/list'));
    await listed();
  });

  it('a refused deletion is shown in the head, and the doubt stays', async () => {
    const api = doubtsHost({ 'POST valkiria/duda/delete': writeError('CONFLICT-000', 'La duda ya está eliminada') });
    renderModule('/dudas/view/701', api);
    await opened();
    fireEvent.click(screen.getByTestId('doubt-delete'));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Eliminar la duda' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByTestId('doubt-action-errors')).toHaveTextContent('La duda ya está eliminada');
    expect(screen.getByTestId('location')).toHaveTextContent('/dudas/view/701');
  });

  it('in the language of the test: translated, or said to be in Spanish', async () => {
    const catalan = doubtQuestion({ statement: 'Es pot avançar en un pas de vianants?', answers: ['Sí', 'No', 'Només si no hi ha vianants', 'Només de dia'], explanation: 'Està prohibit.', translated: true, language: 'ca' });
    const api = doubtsHost({ 'GET duda/read': envelopeOk(doubt({ language: 'ca' })), 'GET duda/cuestion/read': envelopeOk(catalan) });
    const { unmount } = renderModule('/dudas/view/701', api);
    await opened();
    const note = screen.getByTestId('doubt-language');
    expect(note).toHaveTextContent('En Català, como la vio el alumno');
    expect(note).toHaveAttribute('data-translated', 'true');
    expect(screen.getByTestId('doubt-question-statement')).toHaveTextContent('Es pot avançar en un pas de vianants?');
    unmount();

    renderModule('/dudas/view/701', doubtsHost({ 'GET duda/read': envelopeOk(doubt({ language: 'eu', chosen: null })), 'GET duda/cuestion/read': envelopeOk(doubtQuestion({ chosen: null, language: 'eu' })) }));
    await opened();
    expect(screen.getByTestId('doubt-language')).toHaveTextContent('El alumno hizo el test en Euskara, pero la pregunta no está traducida: la vio en castellano');
    expect(screen.getByTestId('doubt-blank')).toHaveTextContent('La dejó sin contestar');
    expect(screen.getAllByTestId('doubt-option').map((li) => li.getAttribute('data-chosen'))).toEqual(['false', 'false', 'false', 'false']);
  });

  it('a deleted doubt reads without its actions or answer form', async () => {
    renderModule('/dudas/view/701', doubtsHost({ 'GET duda/read': envelopeOk(doubt({ state: 'deleted' })) }));
    await opened();
    expect(within(screen.getByTestId('doubt-head')).getByTestId('deleted')).toHaveTextContent('Eliminada');
    expect(screen.queryByTestId('doubt-toggle-read')).not.toBeInTheDocument();
    expect(screen.queryByTestId('doubt-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('doubt-answer-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('doubt-deleted')).toHaveTextContent('Esta duda está eliminada');
  });

  it('says why a doubt cannot be read, and an address that is not one', async () => {
    const { unmount } = renderModule('/dudas/view/799', doubtsHost({ 'GET duda/read': readError('NOT-FOUND-000', 'No se encuentra la duda') }));
    expect(await screen.findByText('No se encuentra la duda')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    unmount();
    renderModule('/dudas/view/x', doubtsHost());
    expect(await screen.findByText('No se encuentra el registro')).toBeInTheDocument();
  });
});
