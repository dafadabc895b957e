import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, doubt, doubtPage, enrolments, query, question, question3, resume, student } from '../test/fixtures';

/** Ana's summary; the tabs' reports; writes answer what was sent. */
function studentHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'POST valkiria/resume': envelopeOk(resume()),
    'POST valkiria/newexpire': (req: MockRequest) => envelopeOk({ ...enrolments()[0], expires_on: (body(req).expires_on as string) ?? '2027-06-30' }),
    ...(routes as Record<string, object>),
  });
}

type Host = ReturnType<typeof studentHost>;
const sent = (api: Host, route: string) => api.calls(route).map(body);
const tableRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('a student', () => {
  it('reads the student with their summary; the enrolments with their days left', async () => {
    const api = studentHost();
    renderModule('/valkiria/alumno/21', api);
    expect(await screen.findByTestId('student-title')).toHaveTextContent('Ana López García');
    expect(sent(api, 'POST valkiria/resume')).toEqual([{ student_id: 21 }]);
    expect(api.calls('GET valkiria/studentsdni')).toHaveLength(0);
    const head = screen.getByTestId('student-head');
    expect(within(head).getByTestId('student-dni')).toHaveTextContent('12345678Z');
    expect(within(head).getByTestId('student-email')).toHaveTextContent('ana@example.com');
    expect(within(head).getByTestId('student-has-pin')).toHaveTextContent('Asignado');
    expect(within(head).getByTestId('student-two-factor')).not.toBeChecked();

    const table = within(screen.getByTestId('enrolments')).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Permiso', 'Fecha de fin', 'Quedan', 'Repeticiones de cada test', 'Acciones']);
    expect(tableRows(table)).toEqual([
      ['B', '30/06/2026', '40 días', '2', 'RenovarRepeticionesEliminar'],
      ['AM', '15/01/2026', 'Caducada', 'Sin límite', 'RenovarRepeticionesEliminar'],
    ]);
    expect(within(head).queryByTestId('student-state')).not.toBeInTheDocument();
    expect(within(head).getByTestId('student-deactivate')).toHaveTextContent('Dar de baja');
    expect(within(head).queryByTestId('student-activate')).not.toBeInTheDocument();

    const summary = screen.getByTestId('summary');
    expect(within(summary).getByTestId('summary-attempts')).toHaveTextContent('6');
    expect(within(summary).getByTestId('summary-passed')).toHaveTextContent('5');
    expect(within(summary).getByTestId('summary-pass-rate')).toHaveTextContent('83 %');
    expect(within(summary).getByTestId('summary-average-errors')).toHaveTextContent('1,5');
    expect(within(summary).getByTestId('ready')).toHaveTextContent('Todavía no');
    expect(tableRows(within(summary).getByRole('table', { name: 'Últimos intentos' }))).toEqual([
      ['18/05/2026 - 12:30:00', 'Examen B 1', 'B', 'Castellano', '1 de 2', '12:34', 'APTO'],
      ['17/05/2026 - 11:00:00', 'Examen B 1', 'B', 'Català', '2 de 2', '20:00', 'NO APTO'],
    ]);
  });

  it('asks studentsdni for what the summary lacks; a student that cannot be read says why', async () => {
    const { enrolments: _e, two_factor: _t, has_pin: _p, ...bare } = resume();
    const api = studentHost({ 'POST valkiria/resume': envelopeOk({ ...bare, ready: true }), 'GET valkiria/studentsdni': envelopeOk(student({ two_factor: true })) });
    renderModule('/valkiria/alumno/21', api);
    expect(await screen.findByTestId('student-two-factor')).toBeChecked();
    expect(api.calls('GET valkiria/studentsdni').map(query)).toEqual([{ dni: '12345678Z' }]);
    expect(screen.getByTestId('ready')).toHaveTextContent('Preparado');
    expect(within(screen.getByTestId('enrolments')).getAllByTestId('enrolment-licence')).toHaveLength(2);
  });

  it('a student that cannot be read says why', async () => {
    renderModule('/valkiria/alumno/99', studentHost({ 'POST valkiria/resume': writeError('NOT-FOUND-000', 'No se encuentra el alumno') }));
    expect(await screen.findByText('No se encuentra el alumno')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe("a student's enrolments", () => {
  it('renews one by months or to a date, checked first, then reads the student again', async () => {
    const api = studentHost();
    renderModule('/valkiria/alumno/21', api);
    const card = await screen.findByTestId('enrolments');
    fireEvent.click(within(card).getByRole('button', { name: 'Renovar la matrícula del permiso B' }));
    const form = await within(card).findByTestId('renew-form');
    expect(within(card).getByText('Renovar el permiso B (hasta el 30/06/2026)')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Meses/ })).toHaveValue('6');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Meses/ }), { target: { value: '40' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Renovar' }));
    expect(await within(form).findByTestId('error-months')).toHaveTextContent('El valor máximo es 36');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Meses/ }), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Renovar' }));
    expect(await screen.findByText('Permiso B renovado hasta el 30/06/2027')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST valkiria/resume')).toHaveLength(2));
    expect(within(card).queryByTestId('renew-form')).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Renovar la matrícula del permiso AM' }));
    const again = await within(card).findByTestId('renew-form');
    fireEvent.click(within(again).getByTestId('renew-form-by-date'));
    fireEvent.click(within(again).getByRole('button', { name: 'Renovar' }));
    expect(await within(again).findByTestId('error-expires_on')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(again).getByLabelText('Nueva fecha de fin'), { target: { value: '2026-09-30' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Renovar' }));
    expect(await screen.findByText('Permiso AM renovado hasta el 30/09/2026')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/newexpire')).toEqual([
      { id: 301, months: 12 },
      { id: 302, expires_on: '2026-09-30' },
    ]);
  });

  it('"Repeticiones" changes the limit of each test: checked first, the host\'s field error under the field, 0, none, then the student read again', async () => {
    const api = studentHost({ 'POST valkiria/enrolment/update': writeError('REQ-102', 'Las repeticiones de cada test van de 0 a 99', { field: 'repetitions' }) });
    renderModule('/valkiria/alumno/21', api);
    const card = await screen.findByTestId('enrolments');
    expect(within(card).getAllByTestId('enrolment-repetitions').map((r) => r.getAttribute('data-repetitions'))).toEqual(['2', '']);
    const open = (licence: string) => fireEvent.click(within(card).getByRole('button', { name: `Cambiar las repeticiones de cada test del permiso ${licence}` }));
    open('B');
    const form = await within(card).findByTestId('repetitions-form');
    expect(within(card).getByText('Repeticiones de cada test del permiso B')).toBeInTheDocument();
    const input = () => within(form).getByRole('textbox', { name: /^Repeticiones de cada test/ });
    const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(input()).toHaveValue('2');

    // checked here: a whole number of 0 to 99, or empty
    for (const typed of ['dos', '100', '-1', '1,5']) {
      fireEvent.change(input(), { target: { value: typed } });
      save();
      expect(await within(form).findByTestId('error-repetitions')).toHaveTextContent('Las repeticiones de cada test van de 0 a 99');
    }
    expect(api.calls('POST valkiria/enrolment/update')).toHaveLength(0);

    // the host's refusal on the field goes under it; the form stays
    fireEvent.change(input(), { target: { value: ' 3 ' } });
    save();
    await waitFor(() => expect(api.calls('POST valkiria/enrolment/update')).toHaveLength(1));
    expect(await within(form).findByTestId('error-repetitions')).toHaveTextContent('Las repeticiones de cada test van de 0 a 99');
    expect(input()).toHaveAttribute('aria-invalid', 'true');

    api.on('POST valkiria/enrolment/update', (req: MockRequest) =>
      envelopeOk(student({ enrolments: enrolments().map((e) => (e.id === body(req).id ? { ...e, repetitions: body(req).repetitions as number | null } : e)) })),
    );
    api.on('POST valkiria/resume', envelopeOk(resume({ enrolments: [{ ...enrolments()[0], repetitions: 3 }, enrolments()[1]] })));
    save();
    expect(await screen.findByText('Permiso B: cada test se puede repetir 3 veces')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST valkiria/resume')).toHaveLength(2));
    await waitFor(() => expect(within(card).getAllByTestId('enrolment-repetitions').map((r) => r.textContent)).toEqual(['3', 'Sin límite']));
    expect(within(card).queryByTestId('repetitions-form')).not.toBeInTheDocument();

    // nothing changed: nothing sent
    open('AM');
    expect(within(await within(card).findByTestId('repetitions-form')).getByRole('textbox', { name: /^Repeticiones de cada test/ })).toHaveValue('');
    fireEvent.click(within(within(card).getByTestId('repetitions-form')).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(within(card).queryByTestId('repetitions-form')).not.toBeInTheDocument();

    // 0: each test once
    open('AM');
    let again = await within(card).findByTestId('repetitions-form');
    fireEvent.change(within(again).getByRole('textbox', { name: /^Repeticiones de cada test/ }), { target: { value: '0' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Permiso AM: cada test se puede hacer una sola vez')).toBeInTheDocument();

    // emptied: the limit goes (null)
    open('B');
    again = await within(card).findByTestId('repetitions-form');
    const field = within(again).getByRole('textbox', { name: /^Repeticiones de cada test/ });
    expect(field).toHaveValue('3');
    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Permiso B: sin límite de repeticiones')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/enrolment/update')).toEqual([
      { id: 301, repetitions: 3 },
      { id: 301, repetitions: 3 },
      { id: 302, repetitions: 0 },
      { id: 301, repetitions: null },
    ]);
    await waitFor(() => expect(api.calls('POST valkiria/resume')).toHaveLength(4));
  });

  it('"Repeticiones" and "Renovar" share the place under the table; "Cancelar" closes it', async () => {
    const api = studentHost();
    renderModule('/valkiria/alumno/21', api);
    const card = await screen.findByTestId('enrolments');
    fireEvent.click(within(card).getByRole('button', { name: 'Renovar la matrícula del permiso B' }));
    expect(await within(card).findByTestId('renew-form')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Cambiar las repeticiones de cada test del permiso B' }));
    expect(await within(card).findByTestId('repetitions-form')).toBeInTheDocument();
    expect(within(card).queryByTestId('renew-form')).not.toBeInTheDocument();
    fireEvent.click(within(card).getByTestId('repetitions-cancel'));
    expect(within(card).queryByTestId('repetitions-form')).not.toBeInTheDocument();
    expect(api.calls('POST valkiria/enrolment/update')).toHaveLength(0);
  });

  it('deletes one after asking; the student is read again', async () => {
    const api = studentHost({ 'POST valkiria/enrolment/update': (req: MockRequest) => envelopeOk(student({ enrolments: enrolments().filter((e) => e.id !== body(req).id) })) });
    renderModule('/valkiria/alumno/21', api);
    const card = await screen.findByTestId('enrolments');
    const remove = () => fireEvent.click(within(card).getByRole('button', { name: 'Eliminar la matrícula del permiso AM' }));
    remove();
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la matrícula' });
    expect(dialog).toHaveTextContent('¿Eliminar la matrícula de Ana López García en el permiso AM? Ya no podrá hacer sus tests; si se matricula de nuevo, se recupera.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST valkiria/enrolment/update')).toHaveLength(0);

    api.on('POST valkiria/resume', envelopeOk(resume({ enrolments: [enrolments()[0]] })));
    remove();
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la matrícula' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Matrícula del permiso AM eliminada')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/enrolment/update')).toEqual([{ id: 302, state: 'deleted' }]);
    await waitFor(() => expect(api.calls('POST valkiria/resume')).toHaveLength(2));
    await waitFor(() => expect(within(card).getAllByTestId('enrolment-licence').map((l) => l.textContent)).toEqual(['B']));
    expect(within(card).queryByTestId('enrolments-errors')).not.toBeInTheDocument();
  });

  it("a refused deletion is shown above the enrolments, which stay", async () => {
    const api = studentHost({ 'POST valkiria/enrolment/update': writeError('CONFLICT-000', 'El alumno está eliminado') });
    renderModule('/valkiria/alumno/21', api);
    const card = await screen.findByTestId('enrolments');
    fireEvent.click(within(card).getAllByTestId('enrolment-delete')[0]);
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Eliminar la matrícula' })).getByRole('button', { name: 'Eliminar' }));
    expect(await within(card).findByTestId('enrolments-errors')).toHaveTextContent('El alumno está eliminado');
    expect(sent(api, 'POST valkiria/enrolment/update')).toEqual([{ id: 301, state: 'deleted' }]);
    expect(within(card).getAllByTestId('enrolment-licence')).toHaveLength(2);
    expect(api.calls('POST valkiria/resume')).toHaveLength(1);
  });

  it('enrols them in another licence (not those taken)', async () => {
    const api = studentHost({ 'POST valkiria/permisoa/assigncourse': (req: MockRequest) => envelopeOk(student(body(req))) });
    renderModule('/valkiria/alumno/21', api);
    const form = await screen.findByTestId('enrol-more-form');
    const licence = within(form).getByRole('combobox', { name: 'Permiso' });
    const options = within(licence).getAllByRole('option').map((o) => o.textContent);
    expect(options).toHaveLength(16);
    expect(options).not.toContain('B');
    expect(options).not.toContain('AM');
    expect(within(form).queryByRole('textbox', { name: /^DNI/ })).not.toBeInTheDocument();
    fireEvent.change(licence, { target: { value: 'A2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Matricular' }));
    expect(await screen.findByText('Matriculado en el permiso A2')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/permisoa/assigncourse')).toEqual([{ student_id: 21, licence: 'A2' }]);
    await waitFor(() => expect(api.calls('POST valkiria/resume')).toHaveLength(2));
  });
});

describe("a student's access", () => {
  it('a new PIN is shown once, after asking', async () => {
    const api = studentHost({ 'POST valkiria/new_pin': envelopeOk({ ...student(), pin: '051177' }) });
    renderModule('/valkiria/alumno/21', api);
    fireEvent.click(await screen.findByTestId('student-new-pin'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nuevo PIN' });
    expect(dialog).toHaveTextContent('¿Dar un PIN nuevo a Ana López García? El anterior dejará de valer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nuevo PIN' }));
    const notice = await screen.findByTestId('pin-notice');
    expect(within(notice).getByTestId('pin-value')).toHaveTextContent('051177');
    expect(notice).toHaveTextContent('Apunte el PIN: no se volverá a mostrar');
    expect(sent(api, 'POST valkiria/new_pin')).toEqual([{ student_id: 21 }]);
    fireEvent.click(within(notice).getByTestId('pin-dismiss'));
    expect(screen.queryByText('051177')).not.toBeInTheDocument();
  });

  it('sends the credentials by e-mail; a student without one is refused in the head', async () => {
    const api = studentHost({ 'GET valkiria/send/credentials': readError('REQ-102', 'El alumno no tiene correo electrónico', { field: 'email' }) });
    renderModule('/valkiria/alumno/21', api);
    fireEvent.click(await screen.findByTestId('student-send-credentials'));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Enviar credenciales' })).getByRole('button', { name: 'Enviar credenciales' }));
    expect(await screen.findByTestId('student-action-errors')).toHaveTextContent('El alumno no tiene correo electrónico');
    api.on('GET valkiria/send/credentials', envelopeOk({ student_id: 21, sent_to: 'ana@example.com' }));
    fireEvent.click(screen.getByTestId('student-send-credentials'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar credenciales' }));
    expect(await screen.findByText('Credenciales enviadas a ana@example.com')).toBeInTheDocument();
    expect(screen.queryByTestId('student-action-errors')).not.toBeInTheDocument();
    expect(api.calls('GET valkiria/send/credentials').map(query)).toEqual([{ student_id: '21' }, { student_id: '21' }]);
  });

  it('turns two-factor on and off', async () => {
    const api = studentHost({ 'POST valkiria/twofactor': (req: MockRequest) => envelopeOk(student({ two_factor: body(req).enabled })) });
    renderModule('/valkiria/alumno/21', api);
    const toggle = await screen.findByTestId('student-two-factor');
    fireEvent.click(toggle);
    expect(await screen.findByText('Ana López García necesitará su PIN para hacer un test')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(sent(api, 'POST valkiria/twofactor')).toEqual([
      { student_id: 21, enabled: true },
      { student_id: 21, enabled: false },
    ]);
  });
});

describe("a student's data and state", () => {
  it('"Editar datos" sends only what changed; the host\'s field errors go under their fields; the head shows the new data', async () => {
    const api = studentHost({ 'POST valkiria/student/update': writeError('REQ-102', 'Dni erroneo, la letra del NIF no se corresponde', { field: 'dni' }) });
    renderModule('/valkiria/alumno/21', api);
    const head = await screen.findByTestId('student-head');
    expect(within(head).queryByTestId('student-edit-form')).not.toBeInTheDocument();
    fireEvent.click(within(head).getByTestId('student-edit'));
    const form = await within(head).findByTestId('student-edit-form');
    const field = (name: RegExp) => within(form).getByRole('textbox', { name });
    expect(field(/^DNI\/NIE/)).toHaveValue('12345678Z');
    expect(field(/^Nombre/)).toHaveValue('Ana');
    expect(field(/^Apellidos/)).toHaveValue('López García');
    expect(field(/^Correo electrónico/)).toHaveValue('ana@example.com');
    expect(field(/^Teléfono/)).toHaveValue('600111222');
    const save = () => fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    // nothing changed: nothing sent
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST valkiria/student/update')).toHaveLength(0);
    expect(within(head).queryByTestId('student-edit-form')).not.toBeInTheDocument();

    // checked first
    fireEvent.click(within(head).getByTestId('student-edit'));
    const again = await within(head).findByTestId('student-edit-form');
    const input = (name: RegExp) => within(again).getByRole('textbox', { name });
    fireEvent.change(input(/^Nombre/), { target: { value: '  ' } });
    fireEvent.change(input(/^Correo electrónico/), { target: { value: 'ana@' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await within(again).findByTestId('error-first_name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(again).getByTestId('error-email')).not.toBeEmptyDOMElement();
    expect(api.calls('POST valkiria/student/update')).toHaveLength(0);

    // the host's error under the DNI
    fireEvent.change(input(/^Nombre/), { target: { value: 'Ana María' } });
    fireEvent.change(input(/^Correo electrónico/), { target: { value: ' anamaria@example.com ' } });
    fireEvent.change(input(/^DNI\/NIE/), { target: { value: '12345678a' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await within(again).findByTestId('error-dni')).toHaveTextContent('Dni erroneo, la letra del NIF no se corresponde');
    expect(within(again).queryByTestId('error-first_name')).not.toBeInTheDocument();

    api.on('POST valkiria/student/update', (req: MockRequest) => envelopeOk(student({ ...body(req), enrolments: [] })));
    fireEvent.change(input(/^DNI\/NIE/), { target: { value: 'x1234567l' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Datos de Ana María López García guardados')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/student/update')).toEqual([
      { id: 21, dni: '12345678A', first_name: 'Ana María', email: 'anamaria@example.com' },
      { id: 21, dni: 'X1234567L', first_name: 'Ana María', email: 'anamaria@example.com' },
    ]);
    expect(within(head).queryByTestId('student-edit-form')).not.toBeInTheDocument();
    expect(within(head).getByTestId('student-title')).toHaveTextContent('Ana María López García');
    expect(within(head).getByTestId('student-dni')).toHaveTextContent('X1234567L');
    expect(within(head).getByTestId('student-email')).toHaveTextContent('anamaria@example.com');
    // the enrolments are the page's, not the answer's
    expect(within(screen.getByTestId('enrolments')).getAllByTestId('enrolment-licence')).toHaveLength(2);
  });

  it('a taken DNI is refused under it; "Cancelar" closes the form', async () => {
    const api = studentHost({ 'POST valkiria/student/update': writeError('CONFLICT-000', 'Ya hay un alumno con el DNI 87654321X', { field: 'dni' }) });
    renderModule('/valkiria/alumno/21', api);
    fireEvent.click(await screen.findByTestId('student-edit'));
    const form = await screen.findByTestId('student-edit-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^DNI\/NIE/ }), { target: { value: '87654321X' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByTestId('error-dni')).toHaveTextContent('Ya hay un alumno con el DNI 87654321X');
    expect(sent(api, 'POST valkiria/student/update')).toEqual([{ id: 21, dni: '87654321X' }]);
    expect(screen.getByTestId('student-dni')).toHaveTextContent('12345678Z');
    fireEvent.click(within(form).getByTestId('student-edit-cancel'));
    expect(screen.queryByTestId('student-edit-form')).not.toBeInTheDocument();
  });

  it('"Dar de baja" and "Reactivar": the badge, and no "Hacer test" meanwhile', async () => {
    const api = studentHost({
      'POST valkiria/student/update': (req: MockRequest) => envelopeOk(student({ state: body(req).state })),
      'POST valkiria/vecestest': envelopeOk([{ id: 202, name: 'Examen B 1', licence: 'B', kind: 'exam', questions: 2, max_errors: 1, times: 0, passed: 0, best_errors: null, last_at: null }]),
    });
    renderModule('/valkiria/alumno/21', api);
    const head = await screen.findByTestId('student-head');
    openTab('Tests');
    expect(await within(screen.getByTestId('student-tests')).findByTestId('take-test')).toHaveTextContent('Hacer test');

    fireEvent.click(within(head).getByTestId('student-deactivate'));
    expect(await screen.findByText('Ana López García dado de baja: no podrá hacer tests hasta que se reactive')).toBeInTheDocument();
    const badge = within(head).getByTestId('student-state');
    expect(badge).toHaveAttribute('data-state', 'inactive');
    expect(badge).toHaveTextContent('Inactivo');
    expect(within(badge).getByText('Inactivo')).toHaveClass('vk-badge--warning');
    expect(within(head).queryByTestId('student-deactivate')).not.toBeInTheDocument();
    const tests = screen.getByTestId('student-tests');
    expect(within(tests).queryByTestId('take-test')).not.toBeInTheDocument();
    expect(within(tests).getByTestId('student-tests-closed')).toHaveTextContent('Está dado de baja: no puede hacer tests hasta que se reactive');
    expect(within(tests).getByTestId('student-test-name')).toHaveTextContent('Examen B 1');
    // still editable while inactive
    expect(within(head).getByTestId('student-edit')).toBeInTheDocument();

    fireEvent.click(within(head).getByTestId('student-activate'));
    expect(await screen.findByText('Ana López García reactivado')).toBeInTheDocument();
    expect(within(head).queryByTestId('student-state')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('student-tests')).getByTestId('take-test')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/student/update')).toEqual([
      { id: 21, state: 'inactive' },
      { id: 21, state: 'active' },
    ]);
  });

  it('"Eliminar" asks first; a deleted student wears the deleted badge and can only be brought back', async () => {
    const api = studentHost({
      'POST valkiria/student/update': (req: MockRequest) => envelopeOk(student({ state: body(req).state })),
      'POST valkiria/vecestest': envelopeOk([{ id: 202, name: 'Examen B 1', licence: 'B', kind: 'exam', questions: 2, max_errors: 1, times: 0, passed: 0, best_errors: null, last_at: null }]),
    });
    renderModule('/valkiria/alumno/21', api);
    const head = await screen.findByTestId('student-head');
    fireEvent.click(within(head).getByTestId('student-delete'));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el alumno' });
    expect(dialog).toHaveTextContent('¿Eliminar a Ana López García? Dejará de aparecer en la lista de alumnos y no podrá hacer tests.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST valkiria/student/update')).toHaveLength(0);

    fireEvent.click(within(head).getByTestId('student-delete'));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el alumno' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Ana López García eliminado')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/student/update')).toEqual([{ id: 21, state: 'deleted' }]);
    const badge = within(head).getByTestId('student-state');
    expect(badge).toHaveAttribute('data-state', 'deleted');
    expect(within(badge).getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(within(head).queryByTestId('student-edit')).not.toBeInTheDocument();
    expect(within(head).queryByTestId('student-delete')).not.toBeInTheDocument();
    expect(within(head).queryByTestId('student-deactivate')).not.toBeInTheDocument();
    expect(within(head).getByTestId('student-new-pin')).toBeDisabled();
    expect(within(head).getByTestId('student-send-credentials')).toBeDisabled();
    openTab('Tests');
    const tests = await screen.findByTestId('student-tests');
    await within(tests).findByTestId('student-test-name');
    expect(within(tests).queryByTestId('take-test')).not.toBeInTheDocument();
    expect(within(tests).getByTestId('student-tests-closed')).toHaveTextContent('Está eliminado: no puede hacer tests');

    // brought back, checked again by the host: a DNI taken meanwhile is refused in the head
    api.on('POST valkiria/student/update', writeError('CONFLICT-000', 'Ya hay un alumno con el DNI 12345678Z', { field: 'dni' }));
    fireEvent.click(within(head).getByTestId('student-activate'));
    expect(await within(head).findByTestId('student-action-errors')).toHaveTextContent('Ya hay un alumno con el DNI 12345678Z');
    expect(within(head).getByTestId('student-state')).toHaveAttribute('data-state', 'deleted');
  });

  it('a student read inactive or deleted shows it from the start', async () => {
    const api = studentHost({
      'POST valkiria/resume': envelopeOk(resume({ state: 'inactive' })),
      'POST valkiria/vecestest': envelopeOk([{ id: 202, name: 'Examen B 1', licence: 'B', kind: 'exam', questions: 2, max_errors: 1, times: 0, passed: 0, best_errors: null, last_at: null }]),
    });
    renderModule('/valkiria/alumno/21', api);
    expect(await screen.findByTestId('student-state')).toHaveTextContent('Inactivo');
    expect(screen.getByTestId('student-activate')).toHaveTextContent('Reactivar');
    openTab('Tests');
    await within(await screen.findByTestId('student-tests')).findByTestId('student-test-name');
    expect(screen.queryByTestId('take-test')).not.toBeInTheDocument();
  });
});

describe("a student's follow-up", () => {
  it('the tests they can take, each with "Hacer test"', async () => {
    const api = studentHost({
      'POST valkiria/vecestest': envelopeOk([
        { id: 202, name: 'Examen B 1', licence: 'B', kind: 'exam', questions: 2, max_errors: 1, times: 3, passed: 2, best_errors: 0, last_at: '2026-05-18T10:30:00.000Z' },
        { id: 201, name: 'Señales 1', licence: 'B', kind: 'block', questions: 2, max_errors: 1, times: 0, passed: 0, best_errors: null, last_at: null },
      ]),
    });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('student-title');
    openTab('Tests');
    const table = await within(await screen.findByTestId('student-tests')).findByRole('table');
    expect(tableRows(table)).toEqual([
      ['Examen B 1', 'B', '3', '2', '0', '18/05/2026 - 12:30:00', 'Hacer test'],
      ['Señales 1', 'B', '0', '0', '—', '—', 'Hacer test'],
    ]);
    expect(within(table).getByRole('link', { name: 'Hacer el test Examen B 1' })).toHaveAttribute('href', '/valkiria/test/202/alumno/21');
    expect(sent(api, 'POST valkiria/vecestest')).toEqual([{ student_id: 21 }]);
  });

  it('under the enrolment\'s repetitions, how many times each test is left; "Sin repeticiones" instead of "Hacer test" once used up', async () => {
    const api = studentHost({
      'POST valkiria/vecestest': envelopeOk([
        { id: 202, name: 'Examen B 1', licence: 'B', kind: 'exam', questions: 2, max_errors: 1, times: 3, times_left: 0, passed: 2, best_errors: 0, last_at: '2026-05-18T10:30:00.000Z' },
        { id: 201, name: 'Señales 1', licence: 'B', kind: 'block', questions: 2, max_errors: 1, times: 2, times_left: 1, passed: 1, best_errors: 1, last_at: '2026-05-17T10:30:00.000Z' },
        { id: 210, name: 'Señales AM', licence: 'AM', kind: 'block', questions: 3, max_errors: 2, times: 5, times_left: null, passed: 5, best_errors: 0, last_at: '2026-05-16T10:30:00.000Z' },
      ]),
    });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('student-title');
    openTab('Tests');
    const table = await within(await screen.findByTestId('student-tests')).findByRole('table');
    expect(tableRows(table)).toEqual([
      ['Examen B 1', 'B', '3Le quedan 0', '2', '0', '18/05/2026 - 12:30:00', 'Sin repeticiones'],
      ['Señales 1', 'B', '2Le queda 1', '1', '1', '17/05/2026 - 12:30:00', 'Hacer test'],
      ['Señales AM', 'AM', '5', '5', '0', '16/05/2026 - 12:30:00', 'Hacer test'],
    ]);
    expect(within(table).queryByRole('link', { name: 'Hacer el test Examen B 1' })).not.toBeInTheDocument();
    expect(within(table).getByTestId('no-repetitions')).toHaveAttribute('title', 'Ya ha hecho este test todas las veces que permite su matrícula.');
    expect(within(table).getAllByTestId('take-test').map((a) => a.getAttribute('href'))).toEqual(['/valkiria/test/201/alumno/21', '/valkiria/test/210/alumno/21']);
    expect(within(table).getAllByTestId('times-left').map((l) => l.getAttribute('data-left'))).toEqual(['0', '1']);
  });

  it('the evolution by week, day or month', async () => {
    const api = studentHost({
      'POST valkiria/report/evolution': envelopeOk([
        { period: '2026-05-11', attempts: 2, passed: 1, average_errors: 2.5 },
        { period: '2026-05-18', attempts: 4, passed: 4, average_errors: 0.75 },
      ]),
    });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('student-title');
    openTab('Evolución');
    const table = await screen.findByRole('table', { name: 'Evolución' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Semana del', 'Intentos', 'Aprobados', 'Errores de media']);
    expect(tableRows(table)).toEqual([
      ['11/05/2026', '2', '1', '2,5'],
      ['18/05/2026', '4', '4', '0,8'],
    ]);
    expect(screen.getByRole('img', { name: 'Intentos y aprobados' })).toBeInTheDocument();
    fireEvent.change(within(screen.getByTestId('evolution-group')).getByRole('combobox'), { target: { value: 'month' } });
    await waitFor(() => expect(sent(api, 'POST valkiria/report/evolution')).toEqual([
      { student_id: 21, group: 'week' },
      { student_id: 21, group: 'month' },
    ]));
  });

  it('the blocks and the failed questions', async () => {
    const api = studentHost({
      'POST valkiria/temary/resume': envelopeOk([
        { block_id: 11, block: 'Señales', licence: 'B', position: 1, questions: 2, seen: 2, answered: 8, failed: 2, percent_right: 75 },
        { block_id: 12, block: 'Velocidad', licence: 'B', position: 2, questions: 1, seen: 0, answered: 0, failed: 0, percent_right: null },
      ]),
      'GET valkiria/errortest': envelopeOk([
        { ...question3(), failed: 3, answered: 4, last_chosen: 0 },
        { ...question(), failed: 1, answered: 4, last_chosen: null },
      ]),
    });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('student-title');
    openTab('Por bloques');
    const blocks = await within(await screen.findByTestId('block-progress')).findByRole('table');
    expect(tableRows(blocks)).toEqual([
      ['B', 'Señales', '2 de 2', '8', '2', '75\u00a0%'],
      ['B', 'Velocidad', '0 de 1', '0', '0', '—'],
    ]);
    expect(within(blocks).getAllByTestId('percent-bar')[0]).toHaveAttribute('data-value', '75');
    openTab('Preguntas falladas');
    const failed = await within(await screen.findByTestId('failed-questions')).findByRole('table');
    expect(tableRows(failed)).toEqual([
      ['V-7', '¿Se puede adelantar en un paso de peatones?', 'Velocidad', '3 de 4', 'b) No', 'a) Sí'],
      ['P-101', '¿Qué indica una señal triangular con borde rojo?', 'Señales', '1 de 4', 'a) Peligro', 'Sin contestar'],
    ]);
    expect(api.calls('GET valkiria/errortest').map(query)).toEqual([{ student_id: '21' }]);
  });

  it('resets their attempts with a reason, asked first; the history and the summary are read again', async () => {
    const history = [{ id: 1, student_id: 21, licence: null, reason: 'Empieza de nuevo', attempts: 3, user_id: 2, user_name: 'Dolores Directora Demo', created_at: '2026-04-01T08:00:00.000Z' }];
    const api = studentHost({
      'GET valkiria/reset/history': envelopeOk(history),
      'POST valkiria/reset': (req: MockRequest) => envelopeOk({ id: 2, student_id: 21, licence: body(req).licence ?? null, reason: body(req).reason, attempts: 6, user_id: 2, user_name: 'Dolores Directora Demo', created_at: '2026-05-20T08:00:00.000Z' }),
    });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('student-title');
    openTab('Reinicios');
    const table = await screen.findByRole('table', { name: 'Reinicios anteriores' });
    expect(tableRows(table)).toEqual([['01/04/2026 - 10:00:00', 'Todos', 'Empieza de nuevo', '3', 'Dolores Directora Demo']]);
    const form = screen.getByTestId('reset-form');
    const licence = within(form).getByRole('combobox', { name: 'Permiso' });
    expect(within(licence).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los permisos', 'B', 'AM']);
    fireEvent.click(within(form).getByRole('button', { name: 'Reiniciar intentos' }));
    expect(await within(form).findByTestId('error-reason')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(licence, { target: { value: 'B' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Motivo' }), { target: { value: ' Repite el curso ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reiniciar intentos' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reiniciar intentos' });
    expect(dialog).toHaveTextContent('¿Archivar los intentos de Ana López García (del permiso B)? Dejarán de contar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reiniciar intentos' }));
    expect(await screen.findByText('Se han archivado 6 intentos')).toBeInTheDocument();
    expect(sent(api, 'POST valkiria/reset')).toEqual([{ student_id: 21, licence: 'B', reason: 'Repite el curso' }]);
    await waitFor(() => expect(api.calls('GET valkiria/reset/history')).toHaveLength(2));
    await waitFor(() => expect(api.calls('POST valkiria/resume')).toHaveLength(2));
    expect(within(form).getByRole('textbox', { name: 'Motivo' })).toHaveValue('');
  });
});

describe("a student's doubts", () => {
  it('the "Dudas" tab lists theirs (all at first), each opening the doubt; by status; theirs marked read', async () => {
    const answered = doubt({ id: 703, question: { ...doubt().question, id: 101, reference: 'P-101', statement: '¿Qué indica una señal triangular con borde rojo?' }, text: 'Otra duda', read: true, answer: 'Peligro.', created_at: '2026-05-18T10:00:00.000Z' });
    const api = studentHost({
      'GET duda/read': doubtPage([doubt(), answered], 1),
      'POST duda/todas/leidas': envelopeOk({ marked: 1 }),
    });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('student-title');
    expect(api.calls('GET duda/read')).toHaveLength(0);
    openTab('Dudas');
    const panel = await screen.findByTestId('student-doubts');
    const table = within(panel).getByRole('table', { name: 'Dudas' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    expect(api.calls('GET duda/read').map(query)).toEqual([{ student_id: '21', page: '1', per_page: '25' }]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Pregunta', 'Duda', 'Fecha', 'Estado']);
    expect(tableRows(table)).toEqual([
      ['V-7¿Se puede adelantar en un paso de peatones?', 'No entiendo por qué no se puede adelantar si no hay nadie cruzando.', '20/05/2026 - 12:05:00', 'Sin leerSin responder'],
      ['P-101¿Qué indica una señal triangular con borde rojo?', 'Otra duda', '18/05/2026 - 12:00:00', 'LeídaRespondida'],
    ]);
    expect(within(table).getAllByTestId('doubt-open').map((a) => a.getAttribute('href'))).toEqual(['/dudas/view/701', '/dudas/view/703']);

    const status = within(within(panel).getByTestId('student-doubts-status')).getByRole('combobox');
    expect(status).toHaveValue('');
    fireEvent.change(status, { target: { value: 'unread' } });
    await waitFor(() => expect(api.calls('GET duda/read').map(query).at(-1)).toEqual({ student_id: '21', status: 'unread', page: '1', per_page: '25' }));
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));

    fireEvent.click(within(panel).getByRole('button', { name: 'Marcar sus dudas como leídas' }));
    expect(await screen.findByText('1 duda marcada como leída')).toBeInTheDocument();
    expect(sent(api, 'POST duda/todas/leidas')).toEqual([{ student_id: 21 }]);
    await waitFor(() => expect(api.calls('GET duda/read')).toHaveLength(3));
    expect(api.calls('GET duda/read').map(query).at(-1)).toEqual({ student_id: '21', status: 'unread', page: '1', per_page: '25' });
  });

  it('says so when they have none, or why they cannot be read', async () => {
    const api = studentHost({ 'GET duda/read': doubtPage([], 0) });
    renderModule('/valkiria/alumno/21', api);
    await screen.findByTestId('student-title');
    openTab('Dudas');
    const table = within(await screen.findByTestId('student-doubts')).getByRole('table', { name: 'Dudas' });
    expect(await within(table).findByText('No ha enviado ninguna duda')).toBeInTheDocument();
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  });
});
