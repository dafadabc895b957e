import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { LocationSearch, anonymousApi, renderModule } from '../test/render';
import { REFERENCE, body, correction, doubt, onlineHome, query, taking } from '../test/fixtures';

const HOME = `/test/online/${REFERENCE}`;

/** Ana's link: her page, her tests in any language, the host correcting what is sent. */
function onlineHost(routes: Record<string, unknown> = {}) {
  return anonymousApi({
    'GET valkiria/online/read': envelopeOk(onlineHome()),
    'GET valkiria/online/test': (req: MockRequest) => envelopeOk(taking(req.query.get('language') ?? 'es')),
    'POST valkiria/online/test': (req: MockRequest) => {
      const chosen = Object.fromEntries((body(req).answers as { question_id: number; chosen: number | null }[]).map((a) => [a.question_id, a.chosen]));
      return envelopeOk(correction(chosen, { seconds: body(req).seconds }));
    },
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof onlineHost>;
const corrected = (api: Host) => api.calls('POST valkiria/online/test').map(body);
const asked = (api: Host) => api.calls('POST valkiria/online/duda').map(body);
const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

/** Opens "Examen B 1" from Ana's tests. */
async function openExam() {
  const tests = await screen.findByTestId('online-tests');
  fireEvent.click(within(tests).getByRole('button', { name: 'Hacer el test Examen B 1' }));
  return screen.findByTestId('take-title');
}

describe("a student's page at home", () => {
  it('opens without a session: the school and the student, the enrolments, the tests as the bank shows them and the figures', async () => {
    const api = onlineHost();
    renderModule(HOME, api);
    expect(await screen.findByTestId('online-student')).toHaveTextContent('Ana López García');
    expect(screen.getByTestId('online-school')).toHaveTextContent('Autoescuela Demo Centro · Test de teórica');
    expect(screen.queryByTestId('online-pin-needed')).not.toBeInTheDocument();
    const [read] = api.calls('GET valkiria/online/read');
    expect(query(read)).toEqual({ reference: REFERENCE });
    expect(read.headers.authorization).toBeUndefined();

    expect(rows(within(screen.getByTestId('online-enrolments')).getByRole('table'))).toEqual([
      ['Permiso B', '30/06/2026', '40 días'],
      ['Permiso AM', '15/01/2026', 'Caducada'],
    ]);

    const tests = within(screen.getByTestId('online-tests')).getByRole('table');
    // three cells: the test (its licence, questions, minutes and errors allowed under the name), how it went, "Hacer el test"
    expect(within(tests).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Test', 'Sus intentos', 'Acciones']);
    const [exam, signs, old] = rows(tests);
    expect(exam).toEqual(['Examen B 1Permiso B · 2 preguntas · 30 min · 1 error permitido', '3 veces · 2 aprobados · mejor: 0 errores · último 18/05/2026', 'Hacer el test']);
    // a test of a licence whose enrolment expired, and an expired test, are marked; one not taken yet reads "Sin hacer"
    expect(signs).toEqual(['Señales AMPermiso AM · 3 preguntas · 10 min · 2 errores permitidosMatrícula caducada', 'Sin hacer', 'Hacer el test']);
    expect(old[0]).toBe('Examen B 2Caducado el 01/05/2026Permiso B · 2 preguntas · 30 min · 1 error permitido');
    expect(old[1]).toBe('1 vez · 0 aprobados · mejor: 2 errores · último 28/04/2026');
    expect(within(tests).getAllByTestId('online-test-lapsed')).toHaveLength(1);
    expect(within(tests).getAllByRole('button', { name: /^Hacer el test / })).toHaveLength(3);

    const results = screen.getByTestId('online-results');
    expect(within(results).getByTestId('summary-attempts')).toHaveTextContent('6');
    expect(within(results).getByTestId('summary-passed')).toHaveTextContent('5');
    expect(within(results).getByTestId('summary-pass-rate')).toHaveTextContent(/^83\s%$/);
    expect(within(results).getByTestId('summary-average-errors')).toHaveTextContent('1,5');
    expect(within(results).getByTestId('summary-ready')).toHaveTextContent('Todavía no');
    expect(within(results).getAllByTestId('attempt-result').map((b) => b.textContent)).toEqual(['APTO', 'NO APTO']);
    expect(api.calls('GET valkiria/online/test')).toHaveLength(0);
  });

  it('under the enrolment\'s repetitions: "Le quedan N" under how it went, "Sin repeticiones" instead of "Hacer el test" once used up', async () => {
    const [exam, signs, old] = onlineHome().tests;
    const api = onlineHost({ 'GET valkiria/online/read': envelopeOk(onlineHome({ tests: [{ ...exam, times_left: 0 }, { ...signs, times_left: 2 }, { ...old, times_left: null }] })) });
    renderModule(HOME, api);
    const tests = within(await screen.findByTestId('online-tests')).getByRole('table');
    const [first, second, third] = rows(tests);
    expect(first.slice(1)).toEqual(['3 veces · 2 aprobados · mejor: 0 errores · último 18/05/2026Le quedan 0', 'Sin repeticiones']);
    expect(second.slice(1)).toEqual(['Sin hacerLe quedan 2', 'Hacer el test']);
    expect(third.slice(1)).toEqual(['1 vez · 0 aprobados · mejor: 2 errores · último 28/04/2026', 'Hacer el test']);
    expect(within(tests).queryByRole('button', { name: 'Hacer el test Examen B 1' })).not.toBeInTheDocument();
    expect(within(tests).getByTestId('online-no-repetitions')).toHaveTextContent('Sin repeticiones');
    expect(within(tests).getAllByTestId('online-test-left').map((l) => [l.textContent, l.getAttribute('data-left')])).toEqual([
      ['Le quedan 0', '0'],
      ['Le quedan 2', '2'],
    ]);
    expect(within(tests).getAllByRole('button', { name: /^Hacer el test / })).toHaveLength(2);
  });

  it('the last repetition left: its correction has no "Repetir el test" but "Sin repeticiones"', async () => {
    const [exam] = onlineHome().tests;
    const api = onlineHost({ 'GET valkiria/online/read': envelopeOk(onlineHome({ tests: [{ ...exam, times_left: 1 }] })) });
    renderModule(HOME, api);
    await openExam();
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.click(screen.getByTestId('take-answer-1'));
    fireEvent.click(screen.getByTestId('take-submit'));
    const result = await screen.findByTestId('correction');
    expect(corrected(api)).toHaveLength(1);
    expect(within(result).queryByTestId('correction-retry')).not.toBeInTheDocument();
    expect(within(result).getByTestId('correction-no-repetitions')).toHaveTextContent('Sin repeticiones');
    expect(within(result).getByRole('button', { name: 'Volver a mis test' })).toBeInTheDocument();
  });

  it("a test whose repetitions are used up (the host's CONFLICT-000 on opening it) says why", async () => {
    const api = onlineHost({ 'GET valkiria/online/test': readError('CONFLICT-000', 'Ya ha hecho este test 3 veces: su matrícula permite repetir cada test 2 veces') });
    renderModule(`${HOME}?test=202`, api);
    const refused = await screen.findByTestId('online-refused');
    expect(within(refused).getByTestId('online-refused-reason')).toHaveTextContent('Ya ha hecho este test 3 veces: su matrícula permite repetir cada test 2 veces');
    expect(screen.queryByTestId('take')).not.toBeInTheDocument();
  });

  it('takes a test end to end with the link: the language, the answers, the correction, a doubt, then back to the tests read again', async () => {
    const api = onlineHost({ 'POST valkiria/online/duda': (req: MockRequest) => envelopeOk(doubt({ question_id: body(req).question_id, text: body(req).text })) });
    renderModule(HOME, api, undefined, <LocationSearch />);
    expect(await openExam()).toHaveTextContent('Examen B 1');
    expect(screen.getByTestId('location-search')).toHaveTextContent('?test=202');
    expect(screen.queryByTestId('online-tests')).not.toBeInTheDocument();
    // the header stays: the school and the student
    expect(screen.getByTestId('online-student')).toHaveTextContent('Ana López García');
    expect(screen.getByTestId('take-student')).toHaveTextContent('Ana López García · Permiso B · Se aprueba con 1 error como máximo');
    expect(api.calls('GET valkiria/online/test').map(query)).toEqual([{ reference: REFERENCE, id: '202', language: 'es' }]);
    expect(screen.queryByLabelText(/^Su PIN/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.change(within(screen.getByTestId('take-language')).getByRole('combobox'), { target: { value: 'ca' } });
    await waitFor(() => expect(api.calls('GET valkiria/online/test').map(query).at(-1)).toEqual({ reference: REFERENCE, id: '202', language: 'ca' }));
    expect(await screen.findByTestId('take-untranslated')).toHaveTextContent('Sin traducir: en castellano');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    expect(screen.getByTestId('take-answered')).toHaveTextContent('Contestadas 2 de 2');
    fireEvent.click(screen.getByTestId('take-submit'));

    const result = await screen.findByTestId('correction');
    const [taken] = corrected(api);
    expect(Object.keys(taken)).toEqual(['reference', 'test_id', 'language', 'seconds', 'answers']);
    expect(taken).toMatchObject({ reference: REFERENCE, test_id: 202, language: 'ca', answers: [{ question_id: 101, chosen: 0 }, { question_id: 103, chosen: 0 }] });
    expect(taken.seconds).toBeLessThan(30);
    expect(api.calls('POST valkiria/online/test')[0].headers.authorization).toBeUndefined();
    expect(within(result).getByTestId('correction-result')).toHaveTextContent('APTO');
    expect(within(result).getByTestId('correction-errors')).toHaveTextContent('1 error de un máximo de 1');

    // "Tengo una duda" about the second question, through the link
    const second = within(result).getAllByTestId('correction-question')[1];
    fireEvent.click(within(second).getByRole('button', { name: 'Tengo una duda sobre la pregunta 2' }));
    const form = within(second).getByRole('form', { name: 'Duda sobre la pregunta 2' });
    fireEvent.change(within(form).getByRole('textbox', { name: '¿Qué no entiende de esta pregunta?' }), { target: { value: ' ¿Y si el paso no está señalizado? ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(second).findByTestId('doubt-sent')).toHaveTextContent('Duda enviada');
    expect(asked(api)).toEqual([{ reference: REFERENCE, question_id: 103, attempt_id: 601, text: '¿Y si el paso no está señalizado?' }]);
    expect(api.calls('POST valkiria/duda/create')).toHaveLength(0);

    // back to the tests, read again (the new attempt counted)
    api.on('GET valkiria/online/read', envelopeOk(onlineHome({ tests: [{ ...onlineHome().tests[0], times: 4, passed: 3 }] })));
    fireEvent.click(within(result).getByRole('button', { name: 'Volver a mis test' }));
    const tests = await screen.findByTestId('online-tests');
    await waitFor(() => expect(rows(within(tests).getByRole('table'))[0][1]).toMatch(/^4 veces · 3 aprobados · /));
    expect(api.calls('GET valkiria/online/read')).toHaveLength(2);
    expect(screen.getByTestId('location-search')).toBeEmptyDOMElement();
    expect(screen.queryByTestId('correction')).not.toBeInTheDocument();
  });

  it("with two-factor, the student's own PIN for the test and for a doubt", async () => {
    const api = onlineHost({
      'GET valkiria/online/read': envelopeOk(onlineHome({ two_factor: true })),
      'POST valkiria/online/duda': envelopeOk(doubt()),
    });
    renderModule(`${HOME}?test=202`, api);
    expect(await screen.findByTestId('online-pin-needed')).toHaveTextContent('Para corregir cada test se le pedirá su PIN.');
    await screen.findByTestId('take-title');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.click(screen.getByTestId('take-answer-1'));
    const pin = within(screen.getByTestId('take-form')).getByLabelText(/^Su PIN/);
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('take-submit'));
    expect(await screen.findByTestId('error-pin')).toHaveTextContent('Escriba los 6 números del PIN');
    expect(corrected(api)).toHaveLength(0);
    fireEvent.change(pin, { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('take-submit'));
    const result = await screen.findByTestId('correction');
    expect(corrected(api)[0]).toEqual({ reference: REFERENCE, test_id: 202, language: 'es', pin: '246810', seconds: expect.any(Number), answers: [{ question_id: 101, chosen: 0 }, { question_id: 103, chosen: 1 }] });
    expect(within(result).getByTestId('correction-result')).toHaveTextContent('APTO');

    const first = within(result).getAllByTestId('correction-question')[0];
    fireEvent.click(within(first).getByTestId('doubt-ask'));
    const form = within(first).getByTestId('doubt-form');
    fireEvent.change(within(form).getByRole('textbox', { name: '¿Qué no entiende de esta pregunta?' }), { target: { value: '¿Por qué el borde es rojo?' } });
    fireEvent.change(within(form).getByLabelText(/^Su PIN/), { target: { value: '246810' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(first).findByTestId('doubt-sent')).toBeInTheDocument();
    expect(asked(api)).toEqual([{ reference: REFERENCE, question_id: 101, attempt_id: 601, text: '¿Por qué el borde es rojo?', pin: '246810' }]);
  });

  it('a test the student may not take says why (CONFLICT-000), with the way back to the tests', async () => {
    const api = onlineHost({
      'GET valkiria/online/test': (req: MockRequest) =>
        req.query.get('id') === '210' ? readError('CONFLICT-000', 'Su matrícula del permiso AM caducó el 15/01/2026') : envelopeOk(taking(req.query.get('language') ?? 'es')),
    });
    renderModule(HOME, api);
    const tests = await screen.findByTestId('online-tests');
    fireEvent.click(within(tests).getByRole('button', { name: 'Hacer el test Señales AM' }));
    const refused = await screen.findByTestId('online-refused');
    expect(refused).toHaveTextContent('No puede hacer este test');
    expect(within(refused).getByTestId('online-refused-reason')).toHaveTextContent('Su matrícula del permiso AM caducó el 15/01/2026');
    expect(screen.queryByTestId('take')).not.toBeInTheDocument();
    // the link still works: the page is not closed
    expect(screen.getByTestId('online-student')).toBeInTheDocument();
    fireEvent.click(within(refused).getByRole('button', { name: 'Volver a mis test' }));
    expect(await screen.findByTestId('online-tests')).toBeInTheDocument();
    expect(api.calls('GET valkiria/online/read')).toHaveLength(2);
  });

  it('a refusal when correcting (an enrolment that expired meanwhile) is shown above the button', async () => {
    const api = onlineHost({ 'POST valkiria/online/test': writeError('CONFLICT-000', 'Su matrícula del permiso B caducó el 19/05/2026') });
    renderModule(`${HOME}?test=202`, api);
    await screen.findByTestId('take-title');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.click(screen.getByTestId('take-answer-1'));
    fireEvent.click(screen.getByTestId('take-submit'));
    expect(await screen.findByTestId('take-errors')).toHaveTextContent('Su matrícula del permiso B caducó el 19/05/2026');
    expect(screen.getByTestId('take')).toBeInTheDocument();
  });

  it('"Salir sin corregir" asks first, then goes back to the tests without sending anything', async () => {
    const api = onlineHost();
    renderModule(HOME, api, undefined, <LocationSearch />);
    await openExam();
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-leave'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Salir del test' });
    expect(dialog).toHaveTextContent('¿Salir del test sin corregirlo? Sus respuestas se perderán.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('take-answer-0')).toBeChecked();
    fireEvent.click(screen.getByTestId('take-leave'));
    dialog = await screen.findByRole('alertdialog', { name: 'Salir del test' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salir sin corregir' }));
    expect(await screen.findByTestId('online-tests')).toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toBeEmptyDOMElement();
    expect(corrected(api)).toHaveLength(0);
  });
});

describe('a refused link', () => {
  it('an unknown one (NOT-FOUND-000): "Este enlace no es válido"', async () => {
    renderModule(HOME, onlineHost({ 'GET valkiria/online/read': readError('NOT-FOUND-000', 'El enlace ya no da acceso a los test') }));
    const closed = await screen.findByTestId('link-unknown');
    expect(closed).toHaveRole('alert');
    expect(closed).toHaveTextContent('Este enlace no es válido');
    expect(closed).toHaveTextContent('Compruebe que ha copiado el enlace completo, o pida uno nuevo a su autoescuela.');
  });

  it('a revoked one (LINK-001): "Este enlace ya no da acceso"', async () => {
    renderModule(HOME, onlineHost({ 'GET valkiria/online/read': readError('LINK-001', 'El enlace ha caducado o se ha retirado') }));
    expect(await screen.findByTestId('link-revoked')).toHaveTextContent('Este enlace ya no da accesoSu autoescuela le ha dado un enlace nuevo o lo ha retirado.');
    expect(screen.queryByTestId('online-tests')).not.toBeInTheDocument();
  });

  it("a student whose access is paused (CONFLICT-000) is told the host's reason", async () => {
    renderModule(HOME, onlineHost({ 'GET valkiria/online/read': readError('CONFLICT-000', 'Su acceso a los test está en pausa: consulte con su autoescuela') }));
    const closed = await screen.findByTestId('link-access');
    expect(closed).toHaveTextContent('Ahora no puede hacer los test');
    expect(closed).toHaveTextContent('Su acceso a los test está en pausa: consulte con su autoescuela');
  });

  it('a link renewed while taking a test (LINK-001 when correcting) closes the page', async () => {
    const api = onlineHost({ 'POST valkiria/online/test': writeError('LINK-001', 'El enlace ha caducado o se ha retirado') });
    renderModule(`${HOME}?test=202`, api);
    await screen.findByTestId('take-title');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.click(screen.getByTestId('take-answer-1'));
    fireEvent.click(screen.getByTestId('take-submit'));
    expect(await screen.findByTestId('link-revoked')).toHaveTextContent('Este enlace ya no da acceso');
    expect(screen.queryByTestId('take')).not.toBeInTheDocument();
  });

  it("another failure reading the page shows the host's message with a retry", async () => {
    const api = onlineHost({ 'GET valkiria/online/read': readError('SERVER-000', 'Error interno del servidor') });
    renderModule(HOME, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor');
    api.on('GET valkiria/online/read', envelopeOk(onlineHome()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('online-tests')).toBeInTheDocument();
  });
});
