import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { blocks, body, query, question, question2, question3, questionDetail, testDetail } from '../test/fixtures';

/** Test 202 of B (P-101, V-7) and question 101; writes answer what was sent. */
function editorHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET valkiria/blocktemary': envelopeOk(blocks()),
    'GET valkiria/test/questions': envelopeOk(testDetail()),
    'GET valkiria/question/translated/101': envelopeOk(questionDetail()),
    'GET valkiria/test/question/search/text': envelopeOk([question(), question2(), question3()]),
    'POST valkiria/test/update': (req: MockRequest) => envelopeOk({ ...testDetail(), ...body(req) }),
    'POST valkiria/testexpire': (req: MockRequest) => envelopeOk({ ...testDetail(), ...body(req) }),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof editorHost>;
const sent = (api: Host, route: string) => api.calls(route).map(body);
const listed = () => screen.queryAllByTestId('test-question').map((li) => within(li).getByTestId('test-question-open').textContent);

async function findAndAdd(references: string[]) {
  const finder = screen.getByTestId('test-finder');
  fireEvent.change(within(finder).getByTestId('finder-text'), { target: { value: 'velocidad' } });
  fireEvent.click(within(finder).getByTestId('finder-search'));
  await within(finder).findByRole('table', { name: 'Preguntas encontradas' });
  for (const reference of references) fireEvent.click(within(finder).getByRole('button', { name: `Añadir la pregunta ${reference}` }));
}

describe('a new test', () => {
  it('checks the questions and the errors allowed, then creates it and opens it', async () => {
    const api = editorHost({ 'POST valkiria/test/create': writeError('REQ-102', 'La pregunta no es del permiso B', { field: 'question_ids[1]' }) });
    renderModule('/test/edicion/view/0/0/0?licence=B', api);
    const form = await screen.findByTestId('test-form');
    expect(api.calls('GET valkiria/test/questions')).toHaveLength(0);
    expect(within(form).getByRole('combobox', { name: 'Permiso' })).toHaveValue('B');
    expect(within(form).getByRole('textbox', { name: 'Errores permitidos' })).toHaveValue('3');
    expect(within(form).getByRole('textbox', { name: /^Minutos/ })).toHaveValue('30');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    submit();
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-question_ids')).toHaveTextContent('Un test necesita al menos una pregunta');

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Examen B 2 ' } });
    await findAndAdd(['P-101', 'P-102', 'V-7']);
    expect(listed()).toEqual(['P-101', 'P-102', 'V-7']);
    expect(screen.getByRole('button', { name: 'Añadir la pregunta P-101' })).toHaveTextContent('Ya está en el test');
    expect(screen.getByRole('button', { name: 'Añadir la pregunta P-101' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la pregunta P-102' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bajar la pregunta P-101' }));
    expect(listed()).toEqual(['V-7', 'P-101']);
    expect(within(form).getByRole('group', { name: '2 preguntas' })).toBeInTheDocument();
    submit();
    expect(await within(form).findByTestId('error-max_errors')).toHaveTextContent('Deben ser menos que las 2 preguntas del test');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Errores permitidos' }), { target: { value: '1' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Minutos/ }), { target: { value: '200' } });
    submit();
    expect(await within(form).findByTestId('error-minutes')).toHaveTextContent('El valor máximo es 180');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Minutos/ }), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha límite/), { target: { value: '2026-12-31' } });
    submit();
    // the host's error about one question goes under the questions, the question named
    expect(await within(form).findByTestId('error-question_ids')).toHaveTextContent('P-101: La pregunta no es del permiso B');
    expect(sent(api, 'POST valkiria/test/create')).toEqual([
      { licence: 'B', name: 'Examen B 2', kind: 'exam', question_ids: [103, 101], max_errors: 1, minutes: 20, expires_on: '2026-12-31' },
    ]);

    api.on('POST valkiria/test/create', (req: MockRequest) => envelopeOk(testDetail({ ...body(req), id: 205 })));
    api.on('GET valkiria/test/questions', envelopeOk(testDetail({ id: 205, name: 'Examen B 2' })));
    submit();
    expect(await screen.findByText('Test Examen B 2 creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/test/edicion/view/205/0/0'));
    expect(await screen.findByTestId('test-title')).toHaveTextContent('Examen B 2');
    expect(api.calls('GET valkiria/test/questions').map(query)).toEqual([{ test_id: '205' }]);
  });

  it('a block test needs its block, and only questions of it', async () => {
    const api = editorHost({ 'GET valkiria/test/question/search/block': envelopeOk([question(), question2()]) });
    renderModule('/test/edicion/view/0/0/0', api);
    const form = await screen.findByTestId('test-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Señales 2' } });
    await findAndAdd(['V-7']);
    fireEvent.change(within(form).getByRole('combobox', { name: 'Tipo' }), { target: { value: 'block' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByTestId('error-block_id')).toHaveTextContent('Este campo es obligatorio');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Bloque/ }).querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(within(form).getByRole('combobox', { name: /^Bloque/ }), { target: { value: '11' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByTestId('error-question_ids')).toHaveTextContent('En un test de bloque todas las preguntas son de su bloque');

    // the finder is limited to the block: its search by block
    const finder = screen.getByTestId('test-finder');
    fireEvent.change(within(within(finder).getByTestId('finder-mode')).getByRole('combobox'), { target: { value: 'block' } });
    expect(within(finder).getByText('Preguntas del bloque Señales')).toBeInTheDocument();
    expect(within(finder).queryByTestId('finder-block')).not.toBeInTheDocument();
    fireEvent.click(within(finder).getByTestId('finder-search'));
    await within(finder).findByRole('button', { name: 'Añadir la pregunta P-102' });
    expect(api.calls('GET valkiria/test/question/search/block').map(query)).toEqual([{ license: 'B', search: '11', limit: '20' }]);
  });

  it('another licence empties the questions', async () => {
    const api = editorHost({ 'GET valkiria/blocktest': envelopeOk([]) });
    renderModule('/test/edicion/view/0/0/0?licence=B', api);
    const form = await screen.findByTestId('test-form');
    await findAndAdd(['P-101']);
    expect(listed()).toEqual(['P-101']);
    fireEvent.change(within(form).getByRole('combobox', { name: 'Permiso' }), { target: { value: 'A2' } });
    expect(listed()).toEqual([]);
    await waitFor(() => expect(api.calls('GET valkiria/blocktemary').map(query).at(-1)).toEqual({ licence: 'A2' }));
    fireEvent.click(within(form).getByTestId('test-cancel'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/test/edicion/list'));
  });
});

describe('a saved test', () => {
  it('sends only what changed, the questions in their new order', async () => {
    const api = editorHost();
    renderModule('/test/edicion/view/202/0/0', api);
    const form = await screen.findByTestId('test-form');
    expect(screen.getByTestId('test-title')).toHaveTextContent('Examen B 1');
    expect(within(form).queryByRole('combobox', { name: 'Permiso' })).not.toBeInTheDocument();
    expect(listed()).toEqual(['P-101', 'V-7']);
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    // the toast comes from inside the submit: its buttons are enabled again only after it
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));

    fireEvent.click(screen.getByRole('button', { name: 'Subir la pregunta V-7' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Examen B 1 (bis)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Test Examen B 1 (bis) guardado')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/test/update')).toEqual([{ id: 202, name: 'Examen B 1 (bis)', question_ids: [103, 101] }]);
  });

  it('sets and removes its last day', async () => {
    const api = editorHost();
    renderModule('/test/edicion/view/202/0/0', api);
    const card = await screen.findByTestId('test-expiry');
    expect(within(card).getByTestId('test-expiry-current')).toHaveTextContent('Sin fecha límite');
    const form = within(card).getByTestId('test-expiry-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar fecha' }));
    expect(await within(form).findByTestId('error-expires_on')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByLabelText(/^Fecha límite/), { target: { value: '2026-09-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar fecha' }));
    expect(await screen.findByText('El test se puede hacer hasta el 30/09/2026')).toBeInTheDocument();
    expect(within(card).getByTestId('test-expiry-current')).toHaveTextContent('Se puede hacer hasta el 30/09/2026');
    fireEvent.click(within(card).getByTestId('test-expiry-clear'));
    expect(await screen.findByText('El test ya no tiene fecha límite')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/testexpire')).toEqual([
      { id: 202, expires_on: '2026-09-30' },
      { id: 202, expires_on: null },
    ]);
  });

  it('is deleted when asked, back to the bank', async () => {
    const api = editorHost({ 'GET valkiria/blocktest': envelopeOk([]) });
    renderModule('/test/edicion/view/202/0/0', api);
    fireEvent.click(await screen.findByTestId('test-delete'));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Eliminar el test' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Test Examen B 1 eliminado')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/test/update')).toEqual([{ id: 202, state: 'deleted' }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/test/edicion/list'));
  });

  it('a test that cannot be read says why', async () => {
    renderModule('/test/edicion/view/209/0/0', editorHost({ 'GET valkiria/test/questions': readError('NOT-FOUND-000', 'No se encuentra el test') }));
    expect(await screen.findByText('No se encuentra el test')).toBeInTheDocument();
  });
});

describe('a question opened from the bank (test 0)', () => {
  it('shows only the question, no new-test form; saving and closing go back to the bank', async () => {
    const api = editorHost({ 'POST valkiria/question/update': (req: MockRequest) => envelopeOk(questionDetail({ ...body(req) })), 'GET valkiria/blocktest': envelopeOk([]) });
    renderModule('/test/edicion/view/0/101/0?licence=B', api);
    const panel = await screen.findByTestId('question-panel');
    // the panel is drawn (loading) before the question's read answers
    await waitFor(() => expect(panel).toHaveAttribute('data-question-id', '101'));
    expect(await within(panel).findByTestId('question-title')).toHaveTextContent('Pregunta P-101');
    expect(screen.queryByTestId('test-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('test-finder')).not.toBeInTheDocument();
    expect(screen.queryByTestId('test-questions')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Nuevo test' })).not.toBeInTheDocument();
    expect(api.calls('GET valkiria/test/questions')).toHaveLength(0);

    const form = within(panel).getByTestId('question-edit-form');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Bloque/ })).toHaveValue('11'));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Enunciado' }), { target: { value: '¿Qué indica esta señal?' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Pregunta P-101 guardada')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/question/update')).toEqual([{ id: 101, statement: '¿Qué indica esta señal?' }]);

    fireEvent.click(within(panel).getByTestId('question-close'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/test\/edicion\/list$/));
  });

  it("a question's field error from the host stays in its panel", async () => {
    const api = editorHost({ 'POST valkiria/question/update': writeError('REQ-102', 'El bloque no es del permiso B', { field: 'block_id' }) });
    renderModule('/test/edicion/view/0/101/0?licence=B', api);
    const panel = await screen.findByTestId('question-panel');
    const form = await within(panel).findByTestId('question-edit-form');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Bloque/ })).toHaveValue('11'));
    fireEvent.change(within(form).getByRole('combobox', { name: /^Bloque/ }), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-block_id')).toHaveTextContent('El bloque no es del permiso B');
    expect(sent(api, 'POST valkiria/question/update')).toEqual([{ id: 101, block_id: 12 }]);
    expect(screen.queryByTestId('test-form')).not.toBeInTheDocument();
  });

  it('deleted after asking, back to the bank', async () => {
    const api = editorHost({ 'POST valkiria/question/update': (req: MockRequest) => envelopeOk(questionDetail({ ...body(req) })), 'GET valkiria/blocktest': envelopeOk([]) });
    renderModule('/test/edicion/view/0/101/0?licence=B', api);
    const panel = await screen.findByTestId('question-panel');
    fireEvent.click(await within(panel).findByTestId('question-delete'));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Eliminar la pregunta' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Pregunta P-101 eliminada')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/question/update')).toEqual([{ id: 101, state: 'deleted' }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/test\/edicion\/list$/));
  });

  it('with no question, test 0 is still the new-test form', async () => {
    const api = editorHost();
    renderModule('/test/edicion/view/0/0/0?licence=B', api);
    expect(await screen.findByTestId('test-form')).toBeInTheDocument();
    expect(screen.queryByTestId('question-panel')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nuevo test' })).toBeInTheDocument();
  });
});

describe('the question open in the editor', () => {
  it("opens from the test's list, saves only what changed and the list shows it", async () => {
    const api = editorHost({
      'POST valkiria/question/update': (req: MockRequest) => envelopeOk(questionDetail({ ...body(req), dropped_translations: ['ca'], translations: {} })),
    });
    renderModule('/test/edicion/view/202/0/0', api);
    await screen.findByTestId('test-form');
    fireEvent.click(screen.getAllByTestId('test-question-open')[0]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/test/edicion/view/202/101/1'));
    const panel = await screen.findByTestId('question-panel');
    expect(await within(panel).findByTestId('question-title')).toHaveTextContent('Pregunta P-101');
    expect(within(panel).getByTestId('question-block')).toHaveTextContent('Bloque Señales del permiso B');
    expect(within(panel).getByRole('link', { name: 'Señales 1' })).toHaveAttribute('href', '/test/edicion/view/201/101/0');
    expect(screen.getAllByTestId('test-question')[0]).toHaveAttribute('aria-current', 'true');

    const form = within(panel).getByTestId('question-edit-form');
    await waitFor(() => expect(within(form).getByRole('combobox', { name: /^Bloque/ })).toHaveValue('11'));
    expect(within(form).getByTestId('answer-correct-0')).toBeChecked();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Enunciado' }), { target: { value: '¿Qué indica esta señal?' } });
    fireEvent.click(within(form).getByTestId('answer-remove-2'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Pregunta P-101 guardada')).toBeInTheDocument();
    expect(screen.getByText('Se han quitado las traducciones que ya no tenían tantas respuestas: Català')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/question/update')).toEqual([{ id: 101, statement: '¿Qué indica esta señal?', answers: ['Peligro', 'Prohibición'] }]);
    expect(await within(screen.getAllByTestId('test-question')[0]).findByText('¿Qué indica esta señal?')).toBeInTheDocument();

    fireEvent.click(within(panel).getByTestId('question-close'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/test/edicion/view/202/0/0'));
    expect(screen.queryByTestId('question-panel')).not.toBeInTheDocument();
  });

  it('refuses to delete a question that is in tests, with the reason', async () => {
    const api = editorHost({ 'POST valkiria/question/update': writeError('CONFLICT-000', 'La pregunta está en los tests Señales 1: quítela de ellos antes de eliminarla') });
    renderModule('/test/edicion/view/0/101/0', api);
    const panel = await screen.findByTestId('question-panel');
    fireEvent.click(await within(panel).findByTestId('question-delete'));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Eliminar la pregunta' })).getByRole('button', { name: 'Eliminar' }));
    expect(await within(panel).findByTestId('question-errors')).toHaveTextContent('La pregunta está en los tests Señales 1');
    expect(sent(api, 'POST valkiria/question/update')).toEqual([{ id: 101, state: 'deleted' }]);
  });

  it('edits, adds and removes its translations', async () => {
    const api = editorHost({
      'POST valkiria/question/translated/update': (req: MockRequest) => {
        const b = body(req);
        const translations = { ...questionDetail().translations } as Record<string, unknown>;
        if (b.remove) delete translations[b.language as string];
        else translations[b.language as string] = { statement: b.statement, answers: b.answers, explanation: b.explanation };
        return envelopeOk(questionDetail({ translations }));
      },
    });
    renderModule('/test/edicion/view/202/101/1', api);
    const panel = await screen.findByTestId('question-panel');
    const translations = await within(panel).findByTestId('translations');
    const row = (language: string) => within(translations).getAllByTestId('translation').find((li) => li.dataset.language === language)!;
    expect(within(translations).getAllByTestId('translation').map((li) => [li.dataset.language, li.dataset.translated])).toEqual([
      ['ca', 'true'],
      ['eu', 'false'],
      ['gl', 'false'],
      ['en', 'false'],
      ['fr', 'false'],
      ['de', 'false'],
    ]);

    fireEvent.click(within(row('en')).getByRole('button', { name: 'Traducir a English' }));
    const form = await within(translations).findByTestId('translation-form');
    expect(within(form).getAllByTestId(/^answer-input-/)).toHaveLength(3);
    expect(within(form).queryByTestId('answer-add')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Enunciado' }), { target: { value: 'What does a triangular sign with a red border mean?' } });
    fireEvent.change(within(form).getByTestId('answer-input-0'), { target: { value: 'Danger' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-answers')).toHaveTextContent('Escriba todas las respuestas');
    fireEvent.change(within(form).getByTestId('answer-input-1'), { target: { value: 'Prohibition' } });
    fireEvent.change(within(form).getByTestId('answer-input-2'), { target: { value: 'Obligation' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Traducción a English guardada')).toBeInTheDocument();
    expect(row('en')).toHaveAttribute('data-translated', 'true');

    fireEvent.click(within(row('ca')).getByTestId('translation-remove'));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Quitar la traducción' })).getByRole('button', { name: 'Quitar' }));
    expect(await screen.findByText('Traducción a Català quitada')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/question/translated/update')).toEqual([
      { question_id: 101, language: 'en', statement: 'What does a triangular sign with a red border mean?', answers: ['Danger', 'Prohibition', 'Obligation'], explanation: '' },
      { question_id: 101, language: 'ca', remove: true },
    ]);
    await waitFor(() => expect(row('ca')).toHaveAttribute('data-translated', 'false'));
  });
});
