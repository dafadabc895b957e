import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { blocks, body, query, question, question2, question3, questionDetail, testRow } from '../test/fixtures';

/** The bank of B: its blocks and tests; writes answer what was sent. */
function bankHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET valkiria/blocktemary': envelopeOk(blocks()),
    'GET valkiria/blocktest': envelopeOk([testRow(), testRow({ id: 201, name: 'Señales 1', kind: 'block', block_id: 11, block: 'Señales', questions: 2, expires_on: '2026-01-31', expired: true, attempts: 0, passed: 0 })]),
    'POST valkiria/temary/create': (req: MockRequest) => envelopeOk({ id: 13, state: 'active', position: 3, description: '', ...body(req) }),
    'POST valkiria/temary/update': (req: MockRequest) => envelopeOk({ ...blocks()[0], ...body(req) }),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof bankHost>;
const sent = (api: Host, route: string) => api.calls(route).map(body);
const asked = (api: Host, route: string) => api.calls(route).map(query);
const blockItem = (name: string) => screen.getByText(name, { selector: '[data-testid="block-name"]' }).closest('li')!;
const tableRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

describe('the bank of a licence', () => {
  it('opens on B: its blocks in order with their counts, and its tests', async () => {
    const api = bankHost();
    renderModule('/test/edicion/list', api);
    const panel = await screen.findByTestId('blocks-panel');
    expect(await within(panel).findAllByTestId('block-name')).toHaveLength(2);
    expect(within(panel).getByRole('heading', { name: 'Bloques del permiso B' })).toBeInTheDocument();
    expect(within(panel).getAllByTestId('block-position').map((p) => p.textContent)).toEqual(['1', '2']);
    expect(within(blockItem('Señales')).getByTestId('block-counts')).toHaveTextContent('2 preguntas · 1 tests de bloque');
    expect(within(blockItem('Señales')).getByTestId('block-up')).toBeDisabled();
    expect(within(blockItem('Velocidad')).getByTestId('block-down')).toBeDisabled();
    expect(asked(api, 'GET valkiria/blocktemary')).toEqual([{ licence: 'B' }]);

    const tests = await screen.findByRole('table', { name: 'Tests' });
    expect(tableRows(tests)).toEqual([
      ['Examen B 1', 'Examen', '2', '1', '30', '4 (3 aprobados)', '—'],
      ['Señales 1', 'Bloque: Señales', '2', '1', '30', '0 (0 aprobados)', 'Caducado el 31/01/2026'],
    ]);
    expect(within(tests).getByRole('link', { name: 'Examen B 1' })).toHaveAttribute('href', '/test/edicion/view/202/0/0');
    expect(screen.getByTestId('test-new')).toHaveAttribute('href', '/test/edicion/view/0/0/0?licence=B');
    expect(asked(api, 'GET valkiria/blocktest')).toEqual([{ licence: 'B' }]);
    expect(screen.getByTestId('nav-bank')).toHaveAttribute('aria-current', 'page');
  });

  it('another licence reads its bank, kept in the address', async () => {
    const api = bankHost();
    renderModule('/test/edicion/list', api);
    await screen.findAllByTestId('block-name');
    const licence = within(screen.getByTestId('bank-licence')).getByRole('combobox');
    expect(within(licence).getAllByRole('option')).toHaveLength(18);
    api.on('GET valkiria/blocktemary', envelopeOk([]));
    api.on('GET valkiria/blocktest', envelopeOk([]));
    fireEvent.change(licence, { target: { value: 'C1' } });
    expect(await screen.findByText('El permiso C1 todavía no tiene bloques')).toBeInTheDocument();
    expect(asked(api, 'GET valkiria/blocktemary').at(-1)).toEqual({ licence: 'C1' });
    await waitFor(() => expect(asked(api, 'GET valkiria/blocktest').at(-1)).toEqual({ licence: 'C1' }));
    expect(screen.getByText('Todavía no hay tests')).toBeInTheDocument();
    expect(screen.getByTestId('test-new')).toHaveAttribute('href', '/test/edicion/view/0/0/0?licence=C1');
  });

  it('the tests by kind', async () => {
    const api = bankHost();
    renderModule('/test/edicion/list', api);
    await screen.findByRole('table', { name: 'Tests' });
    fireEvent.change(within(screen.getByTestId('tests-kind')).getByRole('combobox'), { target: { value: 'block' } });
    await waitFor(() => expect(asked(api, 'GET valkiria/blocktest').at(-1)).toEqual({ licence: 'B', kind: 'block' }));
  });
});

describe('the blocks', () => {
  it('creates one at the end, renames one, moves one down', async () => {
    const api = bankHost();
    renderModule('/test/edicion/list', api);
    const panel = await screen.findByTestId('blocks-panel');
    await within(panel).findAllByTestId('block-name');
    const form = within(panel).getByTestId('block-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear bloque' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Prioridad ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Intersecciones' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear bloque' }));
    expect(await screen.findByText('Bloque Prioridad creado')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/temary/create')).toEqual([{ licence: 'B', name: 'Prioridad', description: 'Intersecciones' }]);
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue(''));
    await waitFor(() => expect(api.calls('GET valkiria/blocktemary')).toHaveLength(2));

    fireEvent.click(within(blockItem('Velocidad')).getByTestId('block-rename'));
    const edit = await within(panel).findByTestId('block-edit-form');
    fireEvent.click(within(edit).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    fireEvent.click(within(blockItem('Velocidad')).getByTestId('block-rename'));
    const again = await within(panel).findByTestId('block-edit-form');
    fireEvent.change(within(again).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Velocidad y distancias' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Bloque Velocidad y distancias guardado')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/temary/update')).toEqual([{ id: 12, name: 'Velocidad y distancias' }]);

    fireEvent.click(within(blockItem('Señales')).getByRole('button', { name: 'Bajar el bloque Señales' }));
    await waitFor(() => expect(sent(api, 'POST valkiria/temary/update').at(-1)).toEqual({ id: 11, position: 2 }));
  });

  it('deletes one when asked, and shows the refusal of one with questions', async () => {
    const api = bankHost({
      'POST valkiria/temary/update': writeError('CONFLICT-000', 'El bloque tiene 2 preguntas: elimínelas o muévalas a otro bloque antes'),
    });
    renderModule('/test/edicion/list', api);
    const panel = await screen.findByTestId('blocks-panel');
    await within(panel).findAllByTestId('block-name');
    fireEvent.click(within(blockItem('Señales')).getByTestId('block-delete'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el bloque' });
    expect(dialog).toHaveTextContent('¿Eliminar el bloque Señales?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await within(panel).findByTestId('blocks-errors')).toHaveTextContent('El bloque tiene 2 preguntas');
    expect(sent(api, 'POST valkiria/temary/update')).toEqual([{ id: 11, state: 'deleted' }]);

    api.on('POST valkiria/temary/update', (req: MockRequest) => envelopeOk({ ...blocks()[1], ...body(req) }));
    fireEvent.click(within(blockItem('Velocidad')).getByTestId('block-delete'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Bloque Velocidad eliminado')).toBeInTheDocument();
    expect(within(panel).queryByTestId('blocks-errors')).not.toBeInTheDocument();
  });
});

describe('the question finder', () => {
  it('searches by text from 2 characters; each question opens in the editor', async () => {
    const api = bankHost({ 'GET valkiria/test/question/search/text': envelopeOk([question(), question2()]) });
    renderModule('/test/edicion/list', api);
    const finder = await screen.findByTestId('finder');
    const text = within(finder).getByTestId('finder-text');
    fireEvent.change(text, { target: { value: 's' } });
    fireEvent.click(within(finder).getByTestId('finder-search'));
    expect(await within(finder).findByTestId('finder-errors')).toHaveTextContent('Escriba al menos 2 caracteres');
    expect(api.calls('GET valkiria/test/question/search/text')).toHaveLength(0);

    fireEvent.change(text, { target: { value: ' señal ' } });
    fireEvent.click(within(finder).getByTestId('finder-search'));
    const results = await within(finder).findByRole('table', { name: 'Preguntas encontradas' });
    expect(asked(api, 'GET valkiria/test/question/search/text')).toEqual([{ license: 'B', search: 'señal', limit: '20' }]);
    expect(tableRows(results).map((row) => row.slice(0, 4))).toEqual([
      ['P-101', 'Señales', '¿Qué indica una señal triangular con borde rojo?', 'CA'],
      ['P-102', 'Señales', '¿Cuál es la velocidad máxima en autopista para turismos?', '—'],
    ]);
    expect(within(results).getByRole('link', { name: 'Editar la pregunta P-101' })).toHaveAttribute('href', '/test/edicion/view/0/101/0?licence=B');
  });

  it('by block, by reference and the most failed; a refusal is shown', async () => {
    const api = bankHost({
      'GET valkiria/test/question/search/block': envelopeOk([question3()]),
      'GET valkiria/test/question/search/failed': envelopeOk([question({ failed: 4, answered: 6 })]),
      'GET valkiria/test/question/search/reference': readError('REQ-102', 'La referencia no es válida', { field: 'search' }),
    });
    renderModule('/test/edicion/list', api);
    const finder = await screen.findByTestId('finder');
    await screen.findAllByTestId('block-name');
    const mode = within(within(finder).getByTestId('finder-mode')).getByRole('combobox');
    expect(within(mode).getAllByRole('option').map((o) => o.textContent)).toEqual(['Texto', 'Referencia', 'Bloque', 'Las más falladas']);

    fireEvent.change(mode, { target: { value: 'block' } });
    fireEvent.click(within(finder).getByTestId('finder-search'));
    expect(await within(finder).findByTestId('finder-errors')).toHaveTextContent('Elija un bloque');
    fireEvent.change(within(within(finder).getByTestId('finder-block')).getByRole('combobox'), { target: { value: '12' } });
    fireEvent.click(within(finder).getByTestId('finder-search'));
    expect(await within(finder).findByText('¿Se puede adelantar en un paso de peatones?')).toBeInTheDocument();
    expect(asked(api, 'GET valkiria/test/question/search/block')).toEqual([{ license: 'B', search: '12', limit: '20' }]);

    fireEvent.change(mode, { target: { value: 'failed' } });
    fireEvent.click(within(finder).getByTestId('finder-search'));
    const results = await within(finder).findByRole('table', { name: 'Preguntas encontradas' });
    await waitFor(() => expect(within(results).getByRole('columnheader', { name: 'Falladas' })).toBeInTheDocument());
    expect(await within(results).findByText('4 de 6')).toBeInTheDocument();

    fireEvent.change(mode, { target: { value: 'reference' } });
    fireEvent.change(within(finder).getByTestId('finder-text'), { target: { value: 'P-' } });
    fireEvent.click(within(finder).getByTestId('finder-search'));
    expect(await within(finder).findByTestId('finder-errors')).toHaveTextContent('La referencia no es válida');
    expect(within(finder).queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('a new question', () => {
  it('checks before sending, shows the host\'s errors under their field, then is empty again for the next one', async () => {
    const api = bankHost({
      'POST valkiria/question/create': writeError('REQ-102', 'La respuesta es demasiado larga', { field: 'answers[1]' }),
    });
    renderModule('/test/edicion/list', api);
    await screen.findAllByTestId('block-name');
    fireEvent.click(screen.getByTestId('new-question-open'));
    const form = await screen.findByTestId('question-form');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    submit();
    expect(await within(form).findByTestId('error-statement')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-block_id')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-answers')).toHaveTextContent('Escriba todas las respuestas');
    expect(within(form).getByTestId('error-correct')).toHaveTextContent('Marque la respuesta correcta');
    expect(api.calls('POST valkiria/question/create')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('combobox', { name: /^Bloque/ }), { target: { value: '12' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Enunciado' }), { target: { value: ' ¿Qué distancia de seguridad? ' } });
    fireEvent.click(within(form).getByTestId('answer-add'));
    fireEvent.click(within(form).getByTestId('answer-add'));
    expect(within(form).queryByTestId('answer-add')).not.toBeInTheDocument();
    ['50 m', '100 m', 'La que permita detenerse', 'Ninguna'].forEach((text, i) => fireEvent.change(within(form).getByTestId(`answer-input-${i}`), { target: { value: text } }));
    fireEvent.click(within(form).getByTestId('answer-correct-2'));
    // removing an answer before the right one keeps the right one marked
    fireEvent.click(within(form).getByTestId('answer-remove-0'));
    expect(within(form).getByTestId('answer-correct-1')).toBeChecked();
    submit();
    expect(await within(form).findByTestId('error-answers')).toHaveTextContent('Respuesta b: La respuesta es demasiado larga');
    expect(sent(api, 'POST valkiria/question/create')).toEqual([
      { block_id: 12, statement: '¿Qué distancia de seguridad?', answers: ['100 m', 'La que permita detenerse', 'Ninguna'], correct: 1, explanation: '' },
    ]);

    api.on('POST valkiria/question/create', (req: MockRequest) => envelopeOk(questionDetail({ ...body(req), id: 104, reference: 'P-104' })));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Referencia/ }), { target: { value: 'DS-1' } });
    submit();
    expect(await screen.findByText('Pregunta P-104 creada')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/question/create').at(-1)).toMatchObject({ reference: 'DS-1', block_id: 12 });
    const next = await screen.findByTestId('question-form');
    await waitFor(() => expect(within(next).getByRole('textbox', { name: 'Enunciado' })).toHaveValue(''));
    // the next one starts in the same block
    expect(within(next).getByRole('combobox', { name: /^Bloque/ })).toHaveValue('12');
    expect(within(next).getAllByTestId(/^answer-input-/)).toHaveLength(2);
  });
});
