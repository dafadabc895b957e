import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, correction, doubt, query, resume, studentTest, taking } from '../test/fixtures';

/** Ana takes "Examen B 1" (2 questions, 1 error allowed, 30 minutes); the host corrects what is sent. */
function takeHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'POST valkiria/resume': envelopeOk(resume()),
    'POST valkiria/vecestest': envelopeOk([studentTest()]),
    'GET valkiria/test/translated/202': (req: MockRequest) => envelopeOk(taking(req.query.get('language') ?? 'es')),
    'POST valkiria/test/test': (req: MockRequest) => {
      const chosen = Object.fromEntries((body(req).answers as { question_id: number; chosen: number | null }[]).map((a) => [a.question_id, a.chosen]));
      return envelopeOk(correction(chosen, { seconds: body(req).seconds }));
    },
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof takeHost>;
const sent = (api: Host) => api.calls('POST valkiria/test/test').map(body);
const grid = () => screen.getAllByTestId('take-grid-item').map((b) => b.getAttribute('data-answered'));

afterEach(() => {
  vi.useRealTimers();
});

describe('taking a test', () => {
  it('one question at a time, in another language keeping the answers, then its correction', async () => {
    const api = takeHost();
    renderModule('/valkiria/test/202/alumno/21', api);
    expect(await screen.findByTestId('take-title')).toHaveTextContent('Examen B 1');
    expect(screen.getByTestId('take-student')).toHaveTextContent('Ana López García · Permiso B · Se aprueba con 1 error como máximo');
    expect(api.calls('GET valkiria/test/translated/202').map(query)).toEqual([{ language: 'es' }]);
    expect(screen.getByTestId('take-countdown')).toHaveTextContent(/^(30:00|29:5\d)$/);
    expect(screen.getByTestId('take-position')).toHaveTextContent('Pregunta 1 de 2');
    expect(screen.getByTestId('take-statement')).toHaveTextContent('¿Qué indica una señal triangular con borde rojo?');
    expect(screen.getByTestId('take-prev')).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: /PIN/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('take-answer-0'));
    expect(grid()).toEqual(['true', 'false']);
    expect(screen.getByTestId('take-answered')).toHaveTextContent('Contestadas 1 de 2');
    fireEvent.click(screen.getByTestId('take-next'));
    expect(screen.getByTestId('take-position')).toHaveTextContent('Pregunta 2 de 2');
    expect(screen.getByTestId('take-next')).toBeDisabled();

    // in Catalan: the answers given stay; a question without its translation comes in Spanish
    fireEvent.change(within(screen.getByTestId('take-language')).getByRole('combobox'), { target: { value: 'ca' } });
    await waitFor(() => expect(api.calls('GET valkiria/test/translated/202').map(query).at(-1)).toEqual({ language: 'ca' }));
    expect(await screen.findByTestId('take-untranslated')).toHaveTextContent('Sin traducir: en castellano');
    fireEvent.click(screen.getAllByTestId('take-grid-item')[0]);
    expect(screen.getByTestId('take-statement')).toHaveTextContent('Què indica un senyal triangular amb vora vermella?');
    expect(screen.getByTestId('take-answer-0')).toBeChecked();
    expect(grid()).toEqual(['true', 'false']);

    // one left blank: asked first
    fireEvent.click(screen.getByTestId('take-submit'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Corregir el test' });
    expect(dialog).toHaveTextContent('Queda 1 pregunta sin contestar: cuenta como error. ¿Corregir el test?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getAllByTestId('take-grid-item')[1]);
    fireEvent.click(screen.getByTestId('take-answer-2'));
    fireEvent.click(screen.getByTestId('take-clear'));
    expect(grid()).toEqual(['true', 'false']);
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-submit'));

    const result = await screen.findByTestId('correction');
    const [taken] = sent(api);
    expect(taken).toMatchObject({ student_id: 21, test_id: 202, language: 'ca', answers: [{ question_id: 101, chosen: 0 }, { question_id: 103, chosen: 0 }] });
    expect(taken).not.toHaveProperty('pin');
    expect(taken.seconds).toBeGreaterThanOrEqual(0);
    expect(taken.seconds).toBeLessThan(30);
    expect(within(result).getByTestId('correction-result')).toHaveTextContent('APTO');
    expect(within(result).getByTestId('correction-errors')).toHaveTextContent('1 error de un máximo de 1');
    expect(within(result).getByTestId('correction-detail')).toHaveTextContent('0 sin contestar de 2');
    const [first, second] = within(result).getAllByTestId('correction-question');
    expect(first).toHaveAttribute('data-right', 'true');
    expect(within(first).getByTestId('correction-explanation')).toHaveTextContent('Las señales de peligro son triangulares.');
    expect(second).toHaveAttribute('data-right', 'false');
    const marks = within(second).getAllByTestId('correction-answer').map((li) => [li.getAttribute('data-chosen'), li.getAttribute('data-correct')]);
    expect(marks).toEqual([
      ['true', 'false'],
      ['false', 'true'],
      ['false', 'false'],
      ['false', 'false'],
    ]);
    expect(within(second).getAllByTestId('correction-answer')[0]).toHaveTextContent('Su respuesta');
    expect(within(second).getAllByTestId('correction-answer')[1]).toHaveTextContent('Correcta');
    expect(within(result).getByTestId('correction-back')).toHaveAttribute('href', '/valkiria/alumno/21');

    // again, from nothing
    fireEvent.click(within(result).getByTestId('correction-retry'));
    expect(await screen.findByTestId('take-position')).toHaveTextContent('Pregunta 1 de 2');
    expect(grid()).toEqual(['false', 'false']);
  });

  it('NO APTO with the blank ones counted as errors', async () => {
    const api = takeHost();
    renderModule('/valkiria/test/202/alumno/21', api);
    fireEvent.click(await screen.findByTestId('take-submit'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Corregir' }));
    const result = await screen.findByTestId('correction');
    expect(within(result).getByTestId('correction-result')).toHaveTextContent('NO APTO');
    expect(within(result).getByTestId('correction-errors')).toHaveTextContent('2 errores de un máximo de 1');
    expect(within(result).getAllByTestId('correction-blank')).toHaveLength(2);
    expect(sent(api)[0].answers).toEqual([{ question_id: 101, chosen: null }, { question_id: 103, chosen: null }]);
  });

  it("asks for the PIN of a student with two-factor; a wrong one is refused under it", async () => {
    const api = takeHost({
      'POST valkiria/resume': envelopeOk(resume({ two_factor: true })),
      'POST valkiria/test/test': writeError('REQ-102', 'El PIN no es correcto', { field: 'pin' }),
    });
    renderModule('/valkiria/test/202/alumno/21', api);
    await screen.findByTestId('take-title');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.click(screen.getByTestId('take-answer-1'));
    const form = screen.getByTestId('take-form');
    const pin = within(form).getByLabelText(/^PIN del alumno/);
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('take-submit'));
    expect(await within(form).findByTestId('error-pin')).toHaveTextContent('Escriba los 6 números del PIN');
    expect(sent(api)).toHaveLength(0);
    fireEvent.change(pin, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('take-submit'));
    expect(await within(form).findByTestId('error-pin')).toHaveTextContent('El PIN no es correcto');
    expect(sent(api)[0]).toMatchObject({ pin: '123456', answers: [{ question_id: 101, chosen: 0 }, { question_id: 103, chosen: 1 }] });
    expect(screen.queryByTestId('correction')).not.toBeInTheDocument();
  });

  it('a student who may not take it is told why above the button', async () => {
    const api = takeHost({ 'POST valkiria/test/test': writeError('CONFLICT-000', 'La matrícula del permiso B caducó el 15/05/2026') });
    renderModule('/valkiria/test/202/alumno/21', api);
    await screen.findByTestId('take-title');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.click(screen.getByTestId('take-answer-1'));
    fireEvent.click(screen.getByTestId('take-submit'));
    expect(await screen.findByTestId('take-errors')).toHaveTextContent('La matrícula del permiso B caducó el 15/05/2026');
  });

  it("under the enrolment's repetitions each correction uses one: after the last, \"Sin repeticiones\" instead of \"Repetir el test\"", async () => {
    const api = takeHost({ 'POST valkiria/vecestest': envelopeOk([studentTest({ id: 201, name: 'Señales 1', times_left: 0 }), studentTest({ times: 1, times_left: 2 })]) });
    renderModule('/valkiria/test/202/alumno/21', api);
    const sit = async () => {
      await screen.findByTestId('take-title');
      fireEvent.click(screen.getByTestId('take-answer-0'));
      fireEvent.click(screen.getByTestId('take-next'));
      fireEvent.click(screen.getByTestId('take-answer-1'));
      fireEvent.click(screen.getByTestId('take-submit'));
      return screen.findByTestId('correction');
    };
    let result = await sit();
    expect(api.calls('POST valkiria/vecestest').map(body)).toEqual([{ student_id: 21 }]);
    expect(within(result).queryByTestId('correction-no-repetitions')).not.toBeInTheDocument();
    fireEvent.click(within(result).getByTestId('correction-retry'));
    result = await sit();
    expect(sent(api)).toHaveLength(2);
    expect(within(result).queryByTestId('correction-retry')).not.toBeInTheDocument();
    expect(within(result).getByTestId('correction-no-repetitions')).toHaveTextContent('Sin repeticiones');
    expect(within(result).getByRole('link', { name: 'Volver al alumno' })).toHaveAttribute('href', '/valkiria/alumno/21');
  });

  it('with no repetitions left the test is not sat: why, and the way back to the student', async () => {
    const api = takeHost({ 'POST valkiria/vecestest': envelopeOk([studentTest({ times_left: 0 })]) });
    renderModule('/valkiria/test/202/alumno/21', api);
    const used = await screen.findByTestId('take-used');
    expect(used).toHaveRole('alert');
    expect(used).toHaveTextContent('Sin repeticionesYa ha hecho este test todas las veces que permite su matrícula.');
    expect(within(used).getByRole('link', { name: 'Volver al alumno' })).toHaveAttribute('href', '/valkiria/alumno/21');
    expect(screen.queryByTestId('take')).not.toBeInTheDocument();
    expect(sent(api)).toHaveLength(0);
  });

  it("the host's refusal of one more repetition is shown above the button; the tests unread are no limit", async () => {
    const api = takeHost({
      'POST valkiria/vecestest': writeError('SERVER-000', 'Error interno del servidor'),
      'POST valkiria/test/test': writeError('CONFLICT-000', 'Ya ha hecho este test 3 veces: su matrícula permite repetir cada test 2 veces'),
    });
    renderModule('/valkiria/test/202/alumno/21', api);
    await screen.findByTestId('take-title');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    fireEvent.click(screen.getByTestId('take-next'));
    fireEvent.click(screen.getByTestId('take-answer-1'));
    fireEvent.click(screen.getByTestId('take-submit'));
    expect(await screen.findByTestId('take-errors')).toHaveTextContent('Ya ha hecho este test 3 veces: su matrícula permite repetir cada test 2 veces');
    expect(screen.queryByTestId('correction')).not.toBeInTheDocument();
  });

  it('when the time is up it is corrected by itself, with the time allowed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = takeHost({ 'GET valkiria/test/translated/202': envelopeOk(taking('es', { minutes: 1 })) });
    renderModule('/valkiria/test/202/alumno/21', api);
    await screen.findByTestId('take-title');
    expect(screen.getByTestId('take-countdown')).toHaveTextContent('01:00');
    fireEvent.click(screen.getByTestId('take-answer-0'));
    act(() => vi.advanceTimersByTime(31_000));
    expect(screen.getByTestId('take-countdown')).toHaveTextContent('00:29');
    expect(screen.getByTestId('take-countdown')).toHaveClass('valkiria-countdown--hurry');
    act(() => vi.advanceTimersByTime(30_000));
    expect(await screen.findByTestId('correction')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent(api)).toEqual([{ language: 'es', seconds: 60, answers: [{ question_id: 101, chosen: 0 }, { question_id: 103, chosen: null }], student_id: 21, test_id: 202 }]);
  });

  it('says so for an address that is not one', async () => {
    renderModule('/valkiria/test/x/alumno/21', takeHost());
    expect(await screen.findByText('No se encuentra el registro')).toBeInTheDocument();
  });
});

/** Ana answers both questions (a, a: the second wrong) and corrects the test; with two-factor, with her PIN. */
async function corrected(api: Host, pin?: string) {
  renderModule('/valkiria/test/202/alumno/21', api);
  await screen.findByTestId('take-title');
  fireEvent.click(screen.getByTestId('take-answer-0'));
  fireEvent.click(screen.getByTestId('take-next'));
  fireEvent.click(screen.getByTestId('take-answer-0'));
  if (pin) fireEvent.change(within(screen.getByTestId('take-form')).getByLabelText(/^PIN del alumno/), { target: { value: pin } });
  fireEvent.click(screen.getByTestId('take-submit'));
  const result = await screen.findByTestId('correction');
  return within(result).getAllByTestId('correction-question');
}

const asked = (api: Host) => api.calls('POST valkiria/duda/create').map(body);

describe('a doubt from the correction', () => {
  it('"Tengo una duda" on each question: the text required, then "Duda enviada" in place of the form', async () => {
    const api = takeHost({ 'POST valkiria/duda/create': (req: MockRequest) => envelopeOk(doubt({ question_id: body(req).question_id, text: body(req).text })) });
    const [first, second] = await corrected(api);
    expect(within(first).getByRole('button', { name: 'Tengo una duda sobre la pregunta 1' })).toHaveTextContent('Tengo una duda');
    fireEvent.click(within(second).getByRole('button', { name: 'Tengo una duda sobre la pregunta 2' }));
    const form = within(second).getByRole('form', { name: 'Duda sobre la pregunta 2' });
    expect(within(form).queryByLabelText(/^PIN del alumno/)).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(form).findByTestId('error-text')).toHaveTextContent('Este campo es obligatorio');
    expect(asked(api)).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: '¿Qué no entiende de esta pregunta?' }), { target: { value: '  ¿Y si no hay nadie cruzando?  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(second).findByTestId('doubt-sent')).toHaveTextContent('Duda enviada');
    expect(within(second).queryByTestId('doubt-form')).not.toBeInTheDocument();
    expect(within(second).queryByTestId('doubt-ask')).not.toBeInTheDocument();
    expect(asked(api)).toEqual([{ student_id: 21, question_id: 103, attempt_id: 601, text: '¿Y si no hay nadie cruzando?' }]);
    // the other question keeps its button; a form closed with "Cancelar" sends nothing
    fireEvent.click(within(first).getByTestId('doubt-ask'));
    fireEvent.click(within(within(first).getByTestId('doubt-form')).getByRole('button', { name: 'Cancelar' }));
    expect(within(first).queryByTestId('doubt-form')).not.toBeInTheDocument();
    expect(within(first).getByTestId('doubt-ask')).toBeInTheDocument();
    expect(asked(api)).toHaveLength(1);
  });

  it("with two-factor, the student's PIN: checked first, the host's errors under their fields, others above", async () => {
    const api = takeHost({
      'POST valkiria/resume': envelopeOk(resume({ two_factor: true })),
      'POST valkiria/duda/create': writeError('REQ-102', 'El PIN no es correcto', { field: 'pin' }),
    });
    const [first] = await corrected(api, '123456');
    expect(sent(api)[0]).toMatchObject({ pin: '123456' });
    fireEvent.click(within(first).getByTestId('doubt-ask'));
    const form = within(first).getByTestId('doubt-form');
    const text = within(form).getByRole('textbox', { name: '¿Qué no entiende de esta pregunta?' });
    const pin = within(form).getByLabelText(/^PIN del alumno/);
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveValue('');
    fireEvent.change(text, { target: { value: '¿Por qué el borde es rojo?' } });
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(form).findByTestId('error-pin')).toHaveTextContent('Escriba los 6 números del PIN');
    expect(asked(api)).toHaveLength(0);

    fireEvent.change(pin, { target: { value: '654321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(form).findByTestId('error-pin')).toHaveTextContent('El PIN no es correcto');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));

    api.on('POST valkiria/duda/create', writeError('REQ-102', 'La duda tiene como máximo 2000 caracteres', { field: 'text' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(form).findByTestId('error-text')).toHaveTextContent('La duda tiene como máximo 2000 caracteres');
    expect(within(form).queryByTestId('error-pin')).not.toBeInTheDocument();
    expect(within(form).getByTestId('doubt-form-errors')).toHaveTextContent('Revise los campos marcados');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));

    api.on('POST valkiria/duda/create', writeError('CONFLICT-000', 'El alumno está dado de baja'));
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(form).findByTestId('doubt-form-errors')).toHaveTextContent('El alumno está dado de baja');
    await waitFor(() => expect(form).toHaveAttribute('aria-busy', 'false'));

    api.on('POST valkiria/duda/create', envelopeOk(doubt({ question_id: 101 })));
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar duda' }));
    expect(await within(first).findByTestId('doubt-sent')).toHaveTextContent('Duda enviada');
    const bodies = asked(api);
    expect(bodies).toHaveLength(4);
    expect(bodies[0]).toEqual({ student_id: 21, question_id: 101, attempt_id: 601, text: '¿Por qué el borde es rojo?', pin: '654321' });
    expect(bodies.at(-1)).toEqual(bodies[0]);
  });
});
