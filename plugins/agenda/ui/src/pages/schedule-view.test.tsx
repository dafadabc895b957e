import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { event, freezeToday, page, staff } from '../test/fixtures';

const person = (form: HTMLElement, name: string) => within(within(form).getByTestId('event-people')).getByRole('checkbox', { name });
const people = (form: HTMLElement) => within(within(form).getByTestId('event-people')).getAllByRole('checkbox').map((c) => [c.closest('label')!.textContent, (c as HTMLInputElement).checked]);
const change = (form: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
const reminder = (form: HTMLElement) => within(form).getByLabelText(/^Recordatorio/) as HTMLSelectElement;
const REMINDER_OPTIONS = ['Sin recordatorio', 'A la hora de empezar', '5 minutos antes', '10 minutos antes', '15 minutos antes', '30 minutos antes', '1 hora antes', '2 horas antes', '1 día antes', '2 días antes'];
const REMINDER_ERROR = 'El aviso puede ser 0, 5, 10, 15, 30, 60, 120, 1440 o 2880 minutos antes';

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

describe('a new event', () => {
  it('checks title and hours, then sends schedule/create without empty hours and the people in order, and opens the event', async () => {
    const api = mockApi({
      'GET schedule/staff': envelopeOk(staff),
      'POST schedule/create': (req: MockRequest) => envelopeOk(event({ id: 40, ...(req.body as object) })),
      'GET schedule/read': (req: MockRequest) => envelopeOk(event({ id: Number(req.query.get('id')), title: 'Claustro' })),
    });
    renderModule('/schedule/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo evento' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear evento' }));
    // today by default
    expect(within(form).getByLabelText(/^Día/)).toHaveValue('2026-12-01');
    await waitFor(() => expect(people(form)).toEqual([['Ana García', false], ['Dolores Directora Demo', false], ['Luis Pérez', false]]));
    submit();
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    change(form, /^Título/, ' Claustro ');
    change(form, /^Hora de fin/, '12:00');
    submit();
    expect(await within(form).findByTestId('error-end_time')).toHaveTextContent('Indique antes la hora de inicio');
    change(form, /^Hora de inicio/, '12:30');
    submit();
    expect(await within(form).findByTestId('error-end_time')).toHaveTextContent('La hora de fin debe ser posterior a la de inicio');
    expect(api.calls('POST schedule/create')).toHaveLength(0);

    change(form, /^Hora de inicio/, '');
    change(form, /^Hora de fin/, '');
    change(form, /^Lugar/, 'Sala de juntas');
    fireEvent.click(person(form, 'Luis Pérez'));
    fireEvent.click(person(form, 'Dolores Directora Demo'));
    submit();
    await waitFor(() => expect(api.calls('POST schedule/create').map((r) => r.body)).toEqual([{ title: 'Claustro', date: '2026-12-01', place: 'Sala de juntas', description: '', user_ids: [2, 8], reminder_minutes: null }]));
    expect(await screen.findByText('Evento Claustro creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/schedule/view/40'));
    expect(await screen.findByTestId('event-title')).toHaveTextContent('Claustro');
  });

  it('"Recordatorio" offers none and the minutes before, none at first, and sends the one chosen ("A la hora de empezar": 0)', async () => {
    const api = mockApi({
      'GET schedule/staff': envelopeOk(staff),
      'POST schedule/create': (req: MockRequest) => envelopeOk(event({ id: 40, ...(req.body as object) })),
      'GET schedule/read': envelopeOk(event({ id: 40, title: 'Claustro', reminder_minutes: 0 })),
    });
    renderModule('/schedule/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo evento' });
    expect([...reminder(form).options].map((o) => o.textContent)).toEqual(REMINDER_OPTIONS);
    expect([...reminder(form).options].map((o) => o.value)).toEqual(['', '0', '5', '10', '15', '30', '60', '120', '1440', '2880']);
    expect(reminder(form)).toHaveValue('');
    change(form, /^Título/, 'Claustro');
    change(form, /^Hora de inicio/, '10:00');
    change(form, /^Recordatorio/, '0');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear evento' }));
    await waitFor(() => expect(api.calls('POST schedule/create').map((r) => r.body)).toEqual([{ title: 'Claustro', date: '2026-12-01', start_time: '10:00', place: '', description: '', user_ids: [], reminder_minutes: 0 }]));
    expect(await screen.findByTestId('event-reminder')).toHaveTextContent('Recordatorio: A la hora de empezar');
  });

  it('"1 día antes" on create is 1440; the host\'s refusal of the reminder goes under it', async () => {
    const api = mockApi({
      'GET schedule/staff': envelopeOk(staff),
      'POST schedule/create': envelopeError([{ code: 'REQ-102', data: { field: 'reminder_minutes' }, details: REMINDER_ERROR }]),
    });
    renderModule('/schedule/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo evento' });
    change(form, /^Título/, 'Visita de la DGT');
    change(form, /^Recordatorio/, '1440');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear evento' }));
    expect(await within(form).findByTestId('error-reminder_minutes')).toHaveTextContent(REMINDER_ERROR);
    expect(reminder(form)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByTestId('event-errors')).toHaveTextContent('Revise los campos marcados');
    expect(api.calls('POST schedule/create')[0].body).toMatchObject({ title: 'Visita de la DGT', reminder_minutes: 1440 });
    expect(screen.getByTestId('location')).toHaveTextContent('/schedule/view/0');
  });

  it("the host's field errors go under their fields, a person of the list (user_ids[1]) under the people, named", async () => {
    const api = mockApi({
      'GET schedule/staff': envelopeOk(staff),
      'POST schedule/create': envelopeError([
        { code: 'REQ-102', data: { field: 'user_ids[1]' }, details: 'El usuario no es un usuario activo de la empresa' },
        { code: 'REQ-102', data: { field: 'date' }, details: 'La fecha no es válida' },
      ]),
    });
    renderModule('/schedule/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo evento' });
    change(form, /^Título/, 'Claustro');
    await waitFor(() => expect(people(form)).toHaveLength(3));
    fireEvent.click(person(form, 'Luis Pérez'));
    fireEvent.click(person(form, 'Ana García'));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear evento' }));
    // sent [7, 8]: the second is Luis
    expect(await within(form).findByTestId('error-user_ids')).toHaveTextContent('Luis Pérez: El usuario no es un usuario activo de la empresa');
    expect(within(form).getByTestId('error-date')).toHaveTextContent('La fecha no es válida');
    expect(within(form).getByTestId('event-errors')).toHaveTextContent('Revise los campos marcados');
    expect(api.calls('POST schedule/create')[0].body).toMatchObject({ user_ids: [7, 8] });
    expect(screen.getByTestId('location')).toHaveTextContent('/schedule/view/0');
  });
});

describe('an event', () => {
  function eventHost(record = event(), routes: Record<string, object> = {}) {
    return mockApi({
      'GET schedule/staff': envelopeOk(staff),
      'GET schedule/read': envelopeOk(record),
      'POST schedule/update': (req: MockRequest) => envelopeOk({ ...record, ...(req.body as object) }),
      ...routes,
    });
  }

  it('shows its data and people, and saves only what changed (no hours: null, people in order)', async () => {
    const api = eventHost();
    renderModule('/schedule/view/31', api);
    expect(await screen.findByTestId('event-title')).toHaveTextContent('Reunión de profesores');
    expect(screen.getByTestId('event-when')).toHaveTextContent('01/12/2026 · 10:00–11:30');
    expect(screen.getByTestId('event-held')).toHaveTextContent('Pendiente');
    expect(api.calls('GET schedule/read')[0].query.get('id')).toBe('31');
    const form = screen.getByRole('form', { name: 'Datos del evento' });
    expect(within(form).getByLabelText(/^Hora de inicio/)).toHaveValue('10:00');
    await waitFor(() => expect(people(form)).toEqual([['Ana García', true], ['Dolores Directora Demo', false], ['Luis Pérez', true]]));

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST schedule/update')).toHaveLength(0);

    change(form, /^Hora de inicio/, '');
    change(form, /^Hora de fin/, '');
    fireEvent.click(person(form, 'Dolores Directora Demo'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Evento Reunión de profesores guardado')).toBeInTheDocument();
    expect(api.calls('POST schedule/update').map((r) => r.body)).toEqual([{ id: 31, start_time: null, end_time: null, user_ids: [2, 7, 8] }]);
    await waitFor(() => expect(screen.getByTestId('event-when')).toHaveTextContent('01/12/2026 · Todo el día'));
  });

  it('shows its reminder in words, and sends only reminder_minutes when only it changes ("Sin recordatorio": null)', async () => {
    const api = eventHost(event({ reminder_minutes: 30 }));
    renderModule('/schedule/view/31', api);
    expect(await screen.findByTestId('event-reminder')).toHaveTextContent('Recordatorio: 30 minutos antes');
    const form = screen.getByRole('form', { name: 'Datos del evento' });
    expect(reminder(form)).toHaveValue('30');
    await waitFor(() => expect(people(form)).toHaveLength(3));

    change(form, /^Recordatorio/, '120');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST schedule/update').map((r) => r.body)).toEqual([{ id: 31, reminder_minutes: 120 }]));
    await waitFor(() => expect(screen.getByTestId('event-reminder')).toHaveTextContent('Recordatorio: 2 horas antes'));

    const again = screen.getByRole('form', { name: 'Datos del evento' });
    expect(reminder(again)).toHaveValue('120');
    change(again, /^Recordatorio/, '');
    fireEvent.click(within(again).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST schedule/update').map((r) => r.body)).toEqual([{ id: 31, reminder_minutes: 120 }, { id: 31, reminder_minutes: null }]));
    await waitFor(() => expect(screen.getByTestId('event-reminder')).toHaveTextContent(/^Sin recordatorio$/));
  });

  it("the host's refusal of the reminder on save goes under the field", async () => {
    const api = eventHost(event(), { 'POST schedule/update': envelopeError([{ code: 'REQ-102', data: { field: 'reminder_minutes' }, details: REMINDER_ERROR }]) });
    renderModule('/schedule/view/31', api);
    expect(await screen.findByTestId('event-reminder')).toHaveTextContent(/^Sin recordatorio$/);
    const form = screen.getByRole('form', { name: 'Datos del evento' });
    change(form, /^Recordatorio/, '5');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-reminder_minutes')).toHaveTextContent(REMINDER_ERROR);
    expect(api.calls('POST schedule/update').map((r) => r.body)).toEqual([{ id: 31, reminder_minutes: 5 }]);
  });

  it('without the staff list it offers only the people already on it, by the names the event gives', async () => {
    const record = event({ user_ids: [7, 9], users: [{ user_id: 7, name: 'Ana García' }, { user_id: 9, name: null }] });
    const api = eventHost(record, { 'GET schedule/staff': readError('PERMISSION-000', 'Sin permiso') });
    renderModule('/schedule/view/31', api);
    const form = await screen.findByRole('form', { name: 'Datos del evento' });
    expect(await within(form).findByTestId('staff-failed')).toHaveTextContent('No se ha podido cargar el personal');
    expect(people(form)).toEqual([['Ana García', true], ['Usuario 9', true]]);
    fireEvent.click(person(form, 'Usuario 9'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST schedule/update').map((r) => r.body)).toEqual([{ id: 31, user_ids: [7] }]));
  });

  it('"Eliminar" asks first, sends schedule/delete and goes back to the agenda', async () => {
    const api = eventHost(event(), { 'POST schedule/delete': envelopeOk(event({ state: 'deleted' })), 'GET schedule/read': envelopeOk(event()) });
    renderModule('/schedule/view/31', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el evento Reunión de profesores?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST schedule/delete')).toHaveLength(0);

    // the agenda it goes back to
    api.on('GET schedule/read', (req: MockRequest) => (req.query.get('id') ? envelopeOk(event()) : page([])));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST schedule/delete').map((r) => r.body)).toEqual([{ id: 31 }]));
    expect(await screen.findByText('Evento Reunión de profesores eliminado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/schedule/list'));
  });

  it('a deleted event is read only; one the caller cannot see shows the host\'s reason', async () => {
    const { unmount } = renderModule('/schedule/view/31', eventHost(event({ state: 'deleted', checked: true })));
    expect(await screen.findByText(/Este evento está eliminado/)).toBeInTheDocument();
    expect(screen.getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(screen.getByTestId('event-held')).toHaveTextContent('Celebrado');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos del evento' })).getByLabelText(/^Título/)).toBeDisabled();
    unmount();

    renderModule('/schedule/view/99', eventHost(event(), { 'GET schedule/read': readError('NOT-FOUND-000', 'No se encuentra el evento 99') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra el evento 99');
  });
});
