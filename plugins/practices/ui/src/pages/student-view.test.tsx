import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { bag, freezeToday, lesson, page, practiceType, query, staffRoutes, studentDetail } from '../test/fixtures';

const text = (el: Element) => el.textContent?.replace(/\u00a0/g, ' ');
const cells = (row: HTMLElement, n: number) => [...row.querySelectorAll('td')].slice(0, n).map(text);

type Detail = ReturnType<typeof studentDetail>;

function studentHost(record: Detail = studentDetail(), routes: Record<string, object> = {}, staff: Parameters<typeof staffRoutes>[0] = {}) {
  return mockApi({
    'GET hermes/student/read': envelopeOk(record),
    'GET hermes/practice/type/read': page([practiceType(), practiceType({ id: 4, name: 'Práctica B 60 min', minutes: 60, price: 4800 })]),
    ...staffRoutes(staff),
    ...routes,
  });
}

/** `practice/update` as the host answers it: the student's detail with the lesson changed. */
function updatesLesson(record: Detail, extra: (fields: Record<string, unknown>) => object = () => ({})) {
  return (req: MockRequest) => {
    const { id, ...fields } = req.body as { id: number } & Record<string, unknown>;
    return envelopeOk({ ...record, ...extra(fields), lessons: record.lessons.map((l) => (l.id === id ? { ...l, ...fields } : l)) });
  };
}

const lessonRow = (date: string, time: string) =>
  within(screen.getByRole('table', { name: 'Prácticas del alumno' }))
    .getAllByTestId('lesson-date')
    .map((d) => d.closest('tr')!)
    .find((row) => text(row.querySelector('td')!) === date && row.textContent?.includes(time))!;

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

describe('the view of a student', () => {
  it('shows the head (licence, teacher, lessons left, owed), the packs and the lessons', async () => {
    const api = studentHost();
    renderModule('/practices/student/21', api);
    expect(await screen.findByTestId('student-title')).toHaveTextContent('Lucía García Pérez');
    expect(query(api.calls('GET hermes/student/read')[0])).toEqual({ id: '21' });
    const head = screen.getByTestId('student-head');
    expect(within(head).getByText('Permiso B')).toBeInTheDocument();
    expect(screen.getByTestId('student-teacher')).toHaveTextContent('Ana García');
    expect(screen.getByTestId('student-remaining')).toHaveTextContent('8');
    expect(screen.getByTestId('unpaid')).toHaveTextContent('1 práctica pendiente de pago');

    const bags = screen.getByRole('table', { name: 'Bonos del alumno' });
    expect(within(bags).getAllByRole('columnheader').map((h) => h.textContent).slice(0, 6)).toEqual(['Tipo', 'Prácticas', 'Usadas', 'Quedan', 'Precio', 'Comprado el']);
    expect(within(bags).getAllByTestId('bag-type').map((c) => cells(c.closest('tr')!, 6))).toEqual([['Práctica B 45 min', '10', '2', '8', '380,00 €', '02/11/2026']]);

    const table = screen.getByRole('table', { name: 'Prácticas del alumno' });
    expect(within(table).getAllByTestId('lesson-date').map((d) => cells(d.closest('tr')!, 7))).toEqual([
      ['03/12/2026', '12:00–12:45', 'Práctica B 45 min', 'Ana García', '—', 'Programada', ''],
      ['01/12/2026', '10:00–10:45', 'Práctica B 45 min', 'Ana García', '1234 ABC', 'Programada', ''],
      ['28/11/2026', '10:00–10:45', 'Práctica B 45 min', 'Ana García', '1234 ABC', 'Dada', 'Bono del 02/11/2026'],
      ['25/11/2026', '09:00–09:45', 'Práctica B 45 min', 'Luis Pérez', '1234 ABC', 'No presentado', 'Pendiente de pago'],
      ['20/11/2026', '10:00–10:45', 'Práctica B 45 min', 'Ana García', '1234 ABC', 'Anulada', ''],
    ]);
    // the types offered are the student's licence's, still sold
    await waitFor(() => expect(api.calls('GET hermes/practice/type/read')).toHaveLength(1));
    expect(query(api.calls('GET hermes/practice/type/read')[0])).toEqual({ licence: 'B', state: 'active', per_page: '500' });
  });

  it('quick actions only on scheduled lessons ("Dada" and "No presentado" not on a future day); each sends its status', async () => {
    const record = studentDetail();
    const api = studentHost(record, { 'POST hermes/student/practice/update': updatesLesson(record, () => ({ unpaid: 2 })) });
    renderModule('/practices/student/21', api);
    await screen.findByTestId('student-title');
    const future = lessonRow('03/12/2026', '12:00');
    expect(within(future).getAllByRole('button').map((b) => b.textContent)).toEqual(['Anular', 'Mover']);
    expect(within(lessonRow('28/11/2026', '10:00')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Deshacer']);
    expect(within(lessonRow('20/11/2026', '10:00')).queryAllByRole('button')).toHaveLength(0);

    const todays = lessonRow('01/12/2026', '10:00');
    expect(within(todays).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dada', 'No presentado', 'Anular', 'Mover']);
    fireEvent.click(within(todays).getByRole('button', { name: 'No presentado: la práctica del 01/12/2026 a las 10:00' }));
    expect(await screen.findByText('Anotada como no presentado la práctica del 01/12/2026 a las 10:00')).toBeInTheDocument();
    expect(api.calls('POST hermes/student/practice/update')[0].body).toEqual({ id: 64, status: 'no_show' });
    await waitFor(() => expect(within(lessonRow('01/12/2026', '10:00')).getByTestId('lesson-status')).toHaveTextContent('No presentado'));
    expect(screen.getByTestId('unpaid')).toHaveTextContent('2 prácticas pendientes de pago');

    fireEvent.click(screen.getByRole('button', { name: 'Anular la práctica del 03/12/2026 a las 12:00' }));
    await waitFor(() => expect(api.calls('POST hermes/student/practice/update')[1].body).toEqual({ id: 65, status: 'cancelled' }));
    await waitFor(() => expect(within(lessonRow('03/12/2026', '12:00')).getByTestId('lesson-status')).toHaveTextContent('Anulada'));
  });

  it('"Dada" charges the lesson; "Deshacer" takes it back; a refusal is shown above the lessons', async () => {
    const record = studentDetail();
    const api = studentHost(record, { 'POST hermes/student/practice/update': writeError('REQ-102', 'Una práctica futura no puede darse por dada', { field: 'status' }) });
    renderModule('/practices/student/21', api);
    await screen.findByTestId('student-title');
    fireEvent.click(screen.getByRole('button', { name: 'Dada: la práctica del 01/12/2026 a las 10:00' }));
    expect(await screen.findByTestId('lesson-errors')).toHaveTextContent('Una práctica futura no puede darse por dada');
    expect(api.calls('POST hermes/student/practice/update')[0].body).toEqual({ id: 64, status: 'done' });
    expect(within(lessonRow('01/12/2026', '10:00')).getByTestId('lesson-status')).toHaveTextContent('Programada');

    api.on('POST hermes/student/practice/update', updatesLesson(record));
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer: volver a programar la práctica del 28/11/2026 a las 10:00' }));
    await waitFor(() => expect(api.calls('POST hermes/student/practice/update')[1].body).toEqual({ id: 63, status: 'scheduled' }));
    await waitFor(() => expect(within(lessonRow('28/11/2026', '10:00')).getByTestId('lesson-status')).toHaveTextContent('Programada'));
    expect(screen.queryByTestId('lesson-errors')).not.toBeInTheDocument();
  });

  it('"Cambiar profesor" assigns the usual teacher, or none (null)', async () => {
    const api = studentHost(studentDetail(), {
      'POST hermes/teacher/assign': (req: MockRequest) => {
        const { teacher_user_id } = req.body as { teacher_user_id: number | null };
        return envelopeOk(studentDetail({ teacher_user_id, teacher_name: teacher_user_id === 8 ? 'Luis Pérez' : null }));
      },
    });
    renderModule('/practices/student/21', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar profesor' }));
    const form = await screen.findByRole('form', { name: 'Profesor habitual' });
    const select = within(form).getByRole('combobox', { name: 'Profesor habitual' });
    expect(select).toHaveValue('7');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin profesor', 'Ana García', 'Luis Pérez']));
    fireEvent.change(select, { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Asignar' }));
    expect(await screen.findByText('Profesor asignado: Luis Pérez')).toBeInTheDocument();
    expect(api.calls('POST hermes/teacher/assign')[0].body).toEqual({ student_id: 21, teacher_user_id: 8 });
    expect(screen.getByTestId('student-teacher')).toHaveTextContent('Luis Pérez');
    expect(screen.queryByRole('form', { name: 'Profesor habitual' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Cambiar profesor' }));
    const again = await screen.findByRole('form', { name: 'Profesor habitual' });
    fireEvent.change(within(again).getByRole('combobox', { name: 'Profesor habitual' }), { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Asignar' }));
    expect(await screen.findByText('El alumno ya no tiene profesor habitual')).toBeInTheDocument();
    expect(api.calls('POST hermes/teacher/assign')[1].body).toEqual({ student_id: 21, teacher_user_id: null });
    expect(screen.getByTestId('student-teacher')).toHaveTextContent('Sin profesor');
  });

  it('"Dar de baja" asks first; the student is then read only', async () => {
    const api = studentHost(studentDetail(), { 'POST hermes/student/delete': envelopeOk(studentDetail({ state: 'deleted' })) });
    renderModule('/practices/student/21', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Dar de baja' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Dar de baja a Lucía García Pérez? Sus prácticas programadas desde hoy se anularán.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dar de baja' }));
    await waitFor(() => expect(api.calls('POST hermes/student/delete').map((r) => r.body)).toEqual([{ id: 21 }]));
    expect(await screen.findByText(/Este alumno está dado de baja/)).toBeInTheDocument();
    for (const name of ['Dar de baja', 'Cambiar profesor', 'Añadir bono', 'Reservar práctica', 'Editar']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Prácticas del alumno' })).queryAllByRole('button')).toHaveLength(0);
  });
});

describe("a student's packs", () => {
  it('"Añadir bono": a type of the licence, the lessons, the price in euros (empty: the type\'s × lessons) and the day', async () => {
    const added = bag({ id: 42, type_id: 4, type_name: 'Práctica B 60 min', quantity: 5, used: 1, remaining: 4, price: 22000, purchased_on: '2026-11-30' });
    const api = studentHost(studentDetail(), { 'POST hermes/student/bag': writeError('REQ-102', 'Un bono tiene entre 1 y 200 prácticas', { field: 'quantity' }) });
    renderModule('/practices/student/21', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Añadir bono' }));
    const form = await screen.findByRole('form', { name: 'Añadir bono' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Añadir bono' }));
    submit();
    expect(await within(form).findByTestId('error-type_id')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-quantity')).toHaveTextContent('Este campo es obligatorio');

    const type = within(form).getByRole('combobox', { name: /^Tipo de práctica/ });
    await waitFor(() => expect(within(type).getAllByRole('option').map((o) => text(o))).toEqual(['Seleccione…', 'Práctica B 45 min (45 min, 38,00 €)', 'Práctica B 60 min (60 min, 48,00 €)']));
    fireEvent.change(type, { target: { value: '4' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Prácticas/ }), { target: { value: '300' } });
    submit();
    expect(await within(form).findByTestId('error-quantity')).toHaveTextContent('Indique un número entero de prácticas entre 1 y 200');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Prácticas/ }), { target: { value: '5' } });
    expect(text(within(form).getByText(/^Vacío: precio del tipo × prácticas/))).toBe('Vacío: precio del tipo × prácticas (240,00 €)');
    submit();
    expect(await within(form).findByTestId('error-quantity')).toHaveTextContent('Un bono tiene entre 1 y 200 prácticas');
    // no price: the host works it out
    expect(api.calls('POST hermes/student/bag')[0].body).toEqual({ student_id: 21, type_id: 4, quantity: 5 });

    api.on('POST hermes/student/bag', envelopeOk(studentDetail({ bags: [bag(), added], remaining: 12, unpaid: 0 })));
    fireEvent.change(within(form).getByLabelText('Precio'), { target: { value: '220' } });
    fireEvent.change(within(form).getByLabelText(/^Comprado el/), { target: { value: '2026-11-30' } });
    submit();
    expect(await screen.findByText('Bono de 5 prácticas añadido')).toBeInTheDocument();
    expect(api.calls('POST hermes/student/bag')[1].body).toEqual({ student_id: 21, type_id: 4, quantity: 5, price: 22000, purchased_on: '2026-11-30' });
    await waitFor(() => expect(screen.getAllByTestId('bag-type').map((c) => c.textContent)).toEqual(['Práctica B 45 min', 'Práctica B 60 min']));
    expect(screen.queryByTestId('unpaid')).not.toBeInTheDocument();
    expect(screen.getByTestId('student-remaining')).toHaveTextContent('12');
    expect(screen.queryByRole('form', { name: 'Añadir bono' })).not.toBeInTheDocument();
  });

  it('"Editar" a pack: not below the lessons used; sends only what changed', async () => {
    const api = studentHost(studentDetail(), { 'POST hermes/student/bag/update': envelopeOk(studentDetail({ bags: [bag({ quantity: 12, remaining: 10, price: 45000 })] })) });
    renderModule('/practices/student/21', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar el bono Práctica B 45 min del 02/11/2026' }));
    const form = await screen.findByRole('form', { name: 'Bono Práctica B 45 min del 02/11/2026' });
    const quantity = within(form).getByRole('textbox', { name: /^Prácticas/ });
    expect(quantity).toHaveValue('10');
    expect(within(form).getByRole('textbox', { name: /^Precio/ })).toHaveValue('380,00');
    fireEvent.change(quantity, { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-quantity')).toHaveTextContent('Ya se han dado 2 prácticas de este bono');
    expect(api.calls('POST hermes/student/bag/update')).toHaveLength(0);

    fireEvent.change(quantity, { target: { value: '12' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Precio/ }), { target: { value: '450' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Bono guardado')).toBeInTheDocument();
    expect(api.calls('POST hermes/student/bag/update')[0].body).toEqual({ id: 41, quantity: 12, price: 45000 });
    await waitFor(() => expect(cells(screen.getByTestId('bag-type').closest('tr')!, 5)).toEqual(['Práctica B 45 min', '12', '2', '10', '450,00 €']));
  });
});

describe("a student's lessons", () => {
  /** The booking form, opened. */
  async function openBooking() {
    fireEvent.click(await screen.findByRole('button', { name: 'Reservar práctica' }));
    return screen.findByRole('form', { name: 'Reservar práctica' });
  }

  it('"Reservar práctica": type, day, start, the student\'s teacher by default, a vehicle of the fleet, notes', async () => {
    const record = studentDetail();
    const booked = lesson({ id: 66, date: '2026-12-02', start_time: '17:30', end_time: '18:30', type_id: 4, type_name: 'Práctica B 60 min', vehicle_id: 6, vehicle_plate: '5678 DEF' });
    const api = studentHost(record, { 'POST hermes/student/practice': envelopeOk({ ...record, lessons: [booked, ...record.lessons] }) });
    renderModule('/practices/student/21', api);
    const form = await openBooking();
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Reservar' }));
    expect(within(form).getByLabelText(/^Fecha/)).toHaveValue('2026-12-01');
    const teacher = within(form).getByRole('combobox', { name: 'Profesor' });
    expect(teacher).toHaveValue('7');
    await waitFor(() => expect(within(teacher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ana García', 'Luis Pérez']));
    const vehicle = await within(form).findByRole('combobox', { name: 'Vehículo' });
    expect(within(vehicle).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin vehículo', '1234 ABC · Seat Ibiza', '5678 DEF · Yamaha MT-07']);
    expect(api.calls('GET hermes/vehicles')).toHaveLength(1);

    submit();
    expect(await within(form).findByTestId('error-type_id')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-start_time')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('combobox', { name: /^Tipo de práctica/ }), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha/), { target: { value: '2026-12-02' } });
    fireEvent.change(within(form).getByLabelText(/^Hora de inicio/), { target: { value: '17:30' } });
    fireEvent.change(vehicle, { target: { value: '6' } });
    fireEvent.change(within(form).getByLabelText('Notas'), { target: { value: ' Recoger en la estación ' } });
    submit();
    expect(await screen.findByText('Práctica reservada')).toBeInTheDocument();
    expect(api.calls('POST hermes/student/practice')[0].body).toEqual({
      student_id: 21,
      type_id: 4,
      date: '2026-12-02',
      start_time: '17:30',
      teacher_user_id: 7,
      vehicle_id: 6,
      notes: 'Recoger en la estación',
    });
    await waitFor(() => expect(cells(lessonRow('02/12/2026', '17:30'), 6)).toEqual(['02/12/2026', '17:30–18:30', 'Práctica B 60 min', 'Ana García', '5678 DEF', 'Programada']));
    expect(screen.queryByRole('form', { name: 'Reservar práctica' })).not.toBeInTheDocument();
  });

  it("a clash is shown under the field the host names (the teacher), not above the form", async () => {
    const clash = 'El profesor ya tiene una práctica de 10:00 a 10:45 el 01/12/2026 (Ana García)';
    const api = studentHost(studentDetail(), { 'POST hermes/student/practice': writeError('REQ-102', clash, { field: 'teacher_user_id' }) });
    renderModule('/practices/student/21', api);
    const form = await openBooking();
    await within(form).findByRole('combobox', { name: 'Vehículo' });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Tipo de práctica/ }), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/^Hora de inicio/), { target: { value: '10:15' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Profesor' }), { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reservar' }));
    expect(await within(form).findByTestId('error-teacher_user_id')).toHaveTextContent(clash);
    expect(within(form).getByRole('combobox', { name: 'Profesor' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByTestId('book-errors')).toHaveTextContent('Revise los campos marcados');
    expect(within(form).getByTestId('book-errors')).not.toHaveTextContent(clash);
    expect(api.calls('POST hermes/student/practice')[0].body).toEqual({ student_id: 21, type_id: 3, date: '2026-12-01', start_time: '10:15', teacher_user_id: 8 });

    api.on('POST hermes/student/practice', writeError('REQ-102', 'El vehículo ya tiene una práctica de 10:00 a 10:45 el 01/12/2026', { field: 'vehicle_id' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Reservar' }));
    expect(await within(form).findByTestId('error-vehicle_id')).toHaveTextContent('El vehículo ya tiene una práctica');
    expect(within(form).queryByTestId('error-teacher_user_id')).not.toBeInTheDocument();
  });

  it('"Ya dada" records a lesson already given (status done), never on a future day; without the fleet there is no vehicle', async () => {
    const record = studentDetail();
    const api = studentHost(record, { 'POST hermes/student/practice': envelopeOk(record) }, { fleet: false });
    renderModule('/practices/student/21', api);
    const form = await openBooking();
    await waitFor(() => expect(api.calls('GET hermes/vehicles')).toHaveLength(1));
    expect(within(form).queryByRole('combobox', { name: 'Vehículo' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByRole('combobox', { name: /^Tipo de práctica/ }), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/^Fecha/), { target: { value: '2026-12-05' } });
    fireEvent.change(within(form).getByLabelText(/^Hora de inicio/), { target: { value: '09:00' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Ya dada' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Reservar' }));
    expect(await within(form).findByTestId('error-date')).toHaveTextContent('Una práctica ya dada no puede ser de un día futuro');
    expect(api.calls('POST hermes/student/practice')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Fecha/), { target: { value: '2026-11-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reservar' }));
    expect(await screen.findByText('Práctica anotada como dada')).toBeInTheDocument();
    expect(api.calls('POST hermes/student/practice')[0].body).toEqual({ student_id: 21, type_id: 3, date: '2026-11-30', start_time: '09:00', teacher_user_id: 7, status: 'done' });
  });

  it('"Mover": sends the day, start, teacher and vehicle that changed (none: clear_vehicle); a clash goes under the start', async () => {
    const record = studentDetail();
    const api = studentHost(record, { 'POST hermes/student/practice/update': writeError('REQ-102', 'El alumno ya tiene una práctica de 12:00 a 12:45 el 03/12/2026', { field: 'start_time' }) });
    renderModule('/practices/student/21', api);
    await screen.findByTestId('student-title');
    fireEvent.click(screen.getByRole('button', { name: 'Mover la práctica del 01/12/2026 a las 10:00' }));
    const form = await screen.findByRole('form', { name: 'Mover la práctica del 01/12/2026 a las 10:00' });
    const vehicle = await within(form).findByRole('combobox', { name: 'Vehículo' });
    expect(vehicle).toHaveValue('5');
    fireEvent.click(within(form).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST hermes/student/practice/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Fecha/), { target: { value: '2026-12-03' } });
    fireEvent.change(within(form).getByLabelText(/^Hora de inicio/), { target: { value: '12:15' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Profesor' }), { target: { value: '8' } });
    fireEvent.change(vehicle, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mover' }));
    expect(await within(form).findByTestId('error-start_time')).toHaveTextContent('El alumno ya tiene una práctica de 12:00 a 12:45 el 03/12/2026');
    expect(api.calls('POST hermes/student/practice/update')[0].body).toEqual({ id: 64, date: '2026-12-03', start_time: '12:15', teacher_user_id: 8, clear_vehicle: true });

    api.on('POST hermes/student/practice/update', updatesLesson(record, () => ({})));
    fireEvent.change(within(form).getByLabelText(/^Hora de inicio/), { target: { value: '13:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText('Práctica movida')).toBeInTheDocument();
    expect(api.calls('POST hermes/student/practice/update')[1].body).toEqual({ id: 64, date: '2026-12-03', start_time: '13:00', teacher_user_id: 8, clear_vehicle: true });
    expect(screen.queryByRole('form', { name: /^Mover/ })).not.toBeInTheDocument();
  });
});
