import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderLive } from '../test/render';
import { alarm, alarms, body, freezeToday, groups, noticePage, page, staff } from '../test/fixtures';

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

const people = (form: HTMLElement) =>
  within(within(form).getByTestId('checklist-user_ids'))
    .getAllByRole('checkbox')
    .map((c) => [c.closest('label')!.textContent, (c as HTMLInputElement).checked]);
const person = (form: HTMLElement, name: string) => within(within(form).getByTestId('checklist-user_ids')).getByRole('checkbox', { name });
const change = (form: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
const options = (form: HTMLElement, label: RegExp) => within(within(form).getByRole('combobox', { name: label })).getAllByRole('option').map((o) => o.textContent);

function newHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET alarma/staff': envelopeOk(staff),
    'GET alarma/group/read': envelopeOk(groups()),
    ...(routes as Record<string, object>),
  });
}

describe('a new alarm', () => {
  it('checks title, lengths, date and time and the link before sending', async () => {
    const api = newHost();
    renderLive('/alarma/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva alarma' });
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Crear alarma' }));
    // today (Madrid) by default, once, without repeating, mailing nobody
    expect(within(form).getByLabelText(/^Fecha/)).toHaveValue('2026-12-01');
    expect(within(form).getByLabelText(/^Hora/)).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: /^Repetición/ })).toHaveValue('none');
    expect(options(form, /^Repetición/)).toEqual(['No se repite', 'Cada día', 'Cada semana', 'Cada mes', 'Cada año']);
    await waitFor(() => expect(options(form, /^Grupo/)).toEqual(['Sin grupo', 'Flota', 'Secretaría']));
    await waitFor(() => expect(people(form)).toEqual([['Ana García', false], ['Dolores Directora Demo', false], ['Luis Pérez', false]]));
    expect(within(form).getByRole('checkbox', { name: 'Enviar también por correo' })).not.toBeChecked();

    submit();
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-time')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('alarm-errors')).toHaveTextContent('Revise los campos marcados');

    change(form, /^Título/, 'x'.repeat(151));
    change(form, /^Descripción/, 'y'.repeat(2001));
    change(form, /^Fecha/, '');
    change(form, /^Hora/, '09:30');
    change(form, /^Enlace/, 'vehicle/view/3');
    submit();
    expect(await within(form).findByTestId('error-title')).toHaveTextContent('Como máximo 150 caracteres');
    expect(within(form).getByTestId('error-description')).toHaveTextContent('Como máximo 2000 caracteres');
    expect(within(form).getByTestId('error-date')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('error-link')).toHaveTextContent('El enlace debe empezar por /');
    expect(within(form).queryByTestId('error-time')).not.toBeInTheDocument();

    change(form, /^Enlace/, `/${'z'.repeat(300)}`);
    submit();
    expect(await within(form).findByTestId('error-link')).toHaveTextContent('Como máximo 300 caracteres');
    expect(api.calls('POST alarma/create')).toHaveLength(0);
  });

  it('sends alarma/create (the people in order, no empty group or link) and opens the alarm', async () => {
    const api = newHost({
      'POST alarma/create': (req: MockRequest) => envelopeOk(alarm({ id: 40, ...body(req) })),
      'GET alarma/read': (req: MockRequest) => envelopeOk(alarm({ id: Number(req.query.get('id')), title: 'Revisar extintores' })),
    });
    renderLive('/alarma/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva alarma' });
    await waitFor(() => expect(people(form)).toHaveLength(3));
    change(form, /^Título/, ' Revisar extintores ');
    change(form, /^Fecha/, '2026-12-31');
    change(form, /^Hora/, '08:15');
    change(form, /^Repetición/, 'monthly');
    fireEvent.click(person(form, 'Luis Pérez'));
    fireEvent.click(person(form, 'Dolores Directora Demo'));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear alarma' }));
    await waitFor(() =>
      expect(api.calls('POST alarma/create').map(body)).toEqual([
        { title: 'Revisar extintores', description: '', date: '2026-12-31', time: '08:15', repeat: 'monthly', user_ids: [2, 8], send_mail: false },
      ]),
    );
    expect(await screen.findByText('Alarma Revisar extintores creada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/alarma/view/40'));
    expect(await screen.findByTestId('alarm-title')).toHaveTextContent('Revisar extintores');
  });

  it('with a group, the mail and a link, they are sent', async () => {
    const api = newHost({ 'POST alarma/create': (req: MockRequest) => envelopeOk(alarm({ id: 41, ...body(req) })), 'GET alarma/read': envelopeOk(alarm({ id: 41 })) });
    renderLive('/alarma/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva alarma' });
    await waitFor(() => expect(options(form, /^Grupo/)).toHaveLength(3));
    change(form, /^Título/, 'ITV del Ibiza');
    change(form, /^Descripción/, ' En Getafe ');
    change(form, /^Hora/, '18:00');
    change(form, /^Grupo/, '3');
    change(form, /^Enlace/, ' /vehicle/view/3 ');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Enviar también por correo' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear alarma' }));
    await waitFor(() =>
      expect(api.calls('POST alarma/create').map(body)).toEqual([
        { title: 'ITV del Ibiza', description: 'En Getafe', group_id: 3, date: '2026-12-01', time: '18:00', repeat: 'none', user_ids: [], send_mail: true, link: '/vehicle/view/3' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/alarma/view/41'));
  });

  it("the host's field errors go under their fields, a person of the list (user_ids[1]) under the people, named", async () => {
    const api = newHost({
      'POST alarma/create': envelopeError([
        { code: 'REQ-102', data: { field: 'user_ids[1]' }, details: 'El usuario no es un usuario activo de la empresa' },
        { code: 'REQ-102', data: { field: 'time' }, details: 'La fecha y hora del aviso ya han pasado' },
      ]),
    });
    renderLive('/alarma/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva alarma' });
    await waitFor(() => expect(people(form)).toHaveLength(3));
    change(form, /^Título/, 'Llamar a la DGT');
    change(form, /^Hora/, '08:00');
    fireEvent.click(person(form, 'Luis Pérez'));
    fireEvent.click(person(form, 'Ana García'));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear alarma' }));
    // sent [7, 8]: the second is Luis
    expect(await within(form).findByTestId('error-user_ids')).toHaveTextContent('Luis Pérez: El usuario no es un usuario activo de la empresa');
    expect(within(form).getByTestId('error-time')).toHaveTextContent('La fecha y hora del aviso ya han pasado');
    expect(within(form).getByTestId('alarm-errors')).toHaveTextContent('Revise los campos marcados');
    expect(api.calls('POST alarma/create')[0].body).toMatchObject({ user_ids: [7, 8] });
    expect(screen.getByTestId('location')).toHaveTextContent('/alarma/view/0');
  });

  it('an error naming no field goes above the form', async () => {
    const api = newHost({ 'POST alarma/create': writeError('SERVICE-000', 'El servicio no está contratado') });
    renderLive('/alarma/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva alarma' });
    change(form, /^Título/, 'Llamar a la DGT');
    change(form, /^Hora/, '08:00');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear alarma' }));
    expect(await within(form).findByTestId('alarm-errors')).toHaveTextContent('El servicio no está contratado');
  });
});

describe('an alarm', () => {
  function alarmHost(record = alarm(), routes: Record<string, unknown> = {}) {
    return newHost({
      'GET alarma/read': envelopeOk(record),
      'POST alarma/update': (req: MockRequest) => {
        const { id: _id, ...changes } = body(req);
        return envelopeOk({ ...record, ...changes, group: changes.group_id === null ? null : record.group, updated_at: '2026-12-01T09:05:00.000Z' });
      },
      ...routes,
    });
  }

  it('shows when it goes off next and last, its data, and saves only what changed', async () => {
    const api = alarmHost();
    renderLive('/alarma/view/21', api);
    expect(await screen.findByTestId('alarm-title')).toHaveTextContent('ITV del Ibiza');
    expect(api.calls('GET alarma/read')[0].query.get('id')).toBe('21');
    expect(screen.getByTestId('alarm-next')).toHaveTextContent('Sonará el 15/12/2026 - 09:30');
    expect(screen.getByTestId('alarm-last')).toHaveTextContent('Todavía no ha sonado');
    expect(screen.getByTestId('alarm-repeat')).toHaveTextContent('Cada año');
    expect(screen.getByTestId('group-label')).toHaveTextContent('Flota');
    const form = screen.getByRole('form', { name: 'Datos de la alarma' });
    expect(within(form).getByLabelText(/^Título/)).toHaveValue('ITV del Ibiza');
    expect(within(form).getByLabelText(/^Fecha/)).toHaveValue('2026-12-15');
    expect(within(form).getByLabelText(/^Hora/)).toHaveValue('09:30');
    expect(within(form).getByRole('combobox', { name: /^Repetición/ })).toHaveValue('yearly');
    expect(within(form).getByRole('combobox', { name: /^Grupo/ })).toHaveValue('3');
    expect(within(form).getByLabelText(/^Enlace/)).toHaveValue('/vehicle/view/3');
    expect(within(form).getByRole('checkbox', { name: 'Enviar también por correo' })).toBeChecked();
    await waitFor(() => expect(people(form)).toEqual([['Ana García', true], ['Dolores Directora Demo', true], ['Luis Pérez', false]]));

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST alarma/update')).toHaveLength(0);

    change(form, /^Título/, 'ITV del Ibiza (Getafe)');
    change(form, /^Grupo/, '');
    change(form, /^Enlace/, '');
    fireEvent.click(person(form, 'Ana García'));
    fireEvent.click(person(form, 'Luis Pérez'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Alarma ITV del Ibiza (Getafe) guardada')).toBeInTheDocument();
    expect(api.calls('POST alarma/update').map(body)).toEqual([{ id: 21, title: 'ITV del Ibiza (Getafe)', group_id: null, user_ids: [2, 8], link: '' }]);
    await waitFor(() => expect(screen.getByTestId('alarm-title')).toHaveTextContent('ITV del Ibiza (Getafe)'));
    expect(screen.getByTestId('no-group')).toHaveTextContent('Sin grupo');
  });

  it('one that will not go off again says so, and when it last did', async () => {
    renderLive('/alarma/view/22', alarmHost(alarms()[2]));
    expect(await screen.findByTestId('alarm-next')).toHaveTextContent('No volverá a sonar');
    expect(screen.getByTestId('alarm-last')).toHaveTextContent('Sonó por última vez el 30/11/2026 - 10:00');
    expect(screen.getByTestId('alarm-repeat')).toHaveTextContent('No se repite');
  });

  it('without the staff list it offers only the people already on it, by the names the alarm gives', async () => {
    const record = alarm({ user_ids: [7, 9], users: [{ user_id: 7, name: 'Ana García' }, { user_id: 9, name: null }] });
    const api = alarmHost(record, { 'GET alarma/staff': readError('PERMISSION-000', 'Sin permiso') });
    renderLive('/alarma/view/21', api);
    const form = await screen.findByRole('form', { name: 'Datos de la alarma' });
    await waitFor(() => expect(within(form).getByTestId('checklist-user_ids')).toHaveTextContent('No se ha podido cargar el personal'));
    expect(people(form)).toEqual([['Ana García', true], ['Usuario 9', true]]);
    fireEvent.click(person(form, 'Usuario 9'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST alarma/update').map(body)).toEqual([{ id: 21, user_ids: [7] }]));
  });

  it('a change refused because the alarm was deleted shows the reason above the form', async () => {
    const api = alarmHost(alarm(), { 'POST alarma/update': writeError('CONFLICT-000', 'La alarma está eliminada') });
    renderLive('/alarma/view/21', api);
    const form = await screen.findByRole('form', { name: 'Datos de la alarma' });
    change(form, /^Hora/, '10:00');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('alarm-errors')).toHaveTextContent('La alarma está eliminada');
    expect(api.calls('POST alarma/update').map(body)).toEqual([{ id: 21, time: '10:00' }]);
  });

  it('"Eliminar" asks first, sends alarma/delete and goes back to the alarms', async () => {
    const api = alarmHost(alarm(), { 'POST alarma/delete': envelopeOk(alarm({ state: 'deleted', next_at: null })), 'GET alarma/notice/read': noticePage([]) });
    renderLive('/alarma/view/21', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar la alarma ITV del Ibiza? Ya no volverá a sonar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST alarma/delete')).toHaveLength(0);

    // the list it goes back to
    api.on('GET alarma/read', (req: MockRequest) => (req.query.get('id') ? envelopeOk(alarm()) : page(alarms().slice(1))));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST alarma/delete').map(body)).toEqual([{ id: 21 }]));
    expect(await screen.findByText('Alarma ITV del Ibiza eliminada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/alarma/list'));
    expect(await screen.findByRole('tab', { name: 'Alarmas' })).toHaveAttribute('aria-selected', 'true');
  });

  it("a deleted alarm is read only; one the caller cannot see shows the host's reason", async () => {
    const { unmount } = renderLive('/alarma/view/21', alarmHost(alarm({ state: 'deleted', next_at: null })));
    expect(await screen.findByText(/Esta alarma está eliminada/)).toBeInTheDocument();
    expect(screen.getByTestId('deleted')).toHaveTextContent('Eliminada');
    expect(screen.getByTestId('alarm-next')).toHaveTextContent('No volverá a sonar');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos de la alarma' })).getByLabelText(/^Título/)).toBeDisabled();
    unmount();

    renderLive('/alarma/view/99', alarmHost(alarm(), { 'GET alarma/read': readError('NOT-FOUND-000', 'No se encuentra la alarma 99') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra la alarma 99');
  });
});
