import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { places, recovery, session9, teachers } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent);

function sessionsHost(routes: Record<string, object> = {}, course: object = recovery()) {
  return mockApi({
    'GET recuperacionpuntos/read': envelopeOk(course),
    'GET recuperacionpuntos/sesion/lugares/read': envelopeOk(places),
    'GET recuperacionpuntos/sesion/docentes/read': envelopeOk(teachers),
    ...routes,
  });
}

describe('"Sesiones"', () => {
  it('lists the sessions with date, times, hours, kind, place, teachers and attendance; the hours scheduled of the course\'s', async () => {
    const second = { ...session9, id: 10, date: '2026-11-28', start_time: '09:00', end_time: '17:30', hours: 8.5, kind: 'practice', place_id: null, place_name: null, teacher_ids: [3, 4], teachers: ['Luis Gil', 'Marta Sanz'], present: [] };
    renderModule('/recuperacionpuntos/view/4?tab=sessions', sessionsHost({}, recovery({ sessions: [session9, second], scheduled_hours: 12.5 })));
    const table = await screen.findByRole('table', { name: 'Sesiones del curso' });
    const rows = within(table).getAllByTestId('session-date').map((d) => d.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['27/11/2026', '16:00–20:00', '4', 'Teórica', 'Aula 1', 'Luis Gil', '1/2'],
      ['28/11/2026', '09:00–17:30', '8,5', 'Práctica', '', 'Luis Gil, Marta Sanz', '0/2'],
    ]);
    expect(screen.getByTestId('sessions-hours')).toHaveTextContent('Horas programadas: 12,5 de 12 h. 0,5 h más de las del curso.');
  });

  it('adds a session with <prefix>sesion/add: date, times, kind, place and teachers; an overlap is shown', async () => {
    const overlap = 'El lugar Aula 1 ya tiene una sesión de 16:00 a 20:00 el 27/11/2026 (curso RP-2026-0001)';
    const api = sessionsHost({ 'POST recuperacionpuntos/sesion/add': writeError('CONFLICT-000', overlap) });
    renderModule('/recuperacionpuntos/view/4?tab=sessions', api);
    const form = await screen.findByRole('form', { name: 'Nueva sesión' });
    const date = within(form).getByLabelText(/^Fecha/);
    expect(date).toHaveValue('2026-11-27');
    expect(date).toHaveAttribute('min', '2026-11-27');
    expect(date).toHaveAttribute('max', '2026-11-29');
    // start and end are needed before anything is sent
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir sesión' }));
    expect(await within(form).findByTestId('error-start_time')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST recuperacionpuntos/sesion/add')).toHaveLength(0);

    fireEvent.change(date, { target: { value: '2026-11-28' } });
    fireEvent.change(within(form).getByLabelText(/^Hora de inicio/), { target: { value: '16:00' } });
    fireEvent.change(within(form).getByLabelText(/^Hora de fin/), { target: { value: '20:00' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Tipo' }), { target: { value: 'practice' } });
    const place = within(form).getByRole('combobox', { name: 'Lugar' });
    expect(within(place).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sin lugar', 'Aula 1', 'Aula 2']);
    fireEvent.change(place, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Marta Sanz/ }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /Luis Gil/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir sesión' }));
    expect(await within(form).findByTestId('session-errors')).toHaveTextContent(overlap);
    expect(api.calls('POST recuperacionpuntos/sesion/add')[0].body).toEqual({
      course_id: 4, date: '2026-11-28', start_time: '16:00', end_time: '20:00', kind: 'practice', place_id: 2, teacher_ids: [4, 3],
    });

    const added = { ...session9, id: 11, date: '2026-11-28', kind: 'practice', teacher_ids: [4, 3], teachers: ['Marta Sanz', 'Luis Gil'], present: [] };
    api.on('POST recuperacionpuntos/sesion/add', envelopeOk(recovery({ sessions: [session9, added], scheduled_hours: 8 })));
    fireEvent.change(place, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir sesión' }));
    expect(await screen.findByText('Sesión añadida')).toBeInTheDocument();
    expect(api.calls('POST recuperacionpuntos/sesion/add')[1].body).toMatchObject({ place_id: null });
    await waitFor(() => expect(screen.getAllByTestId('session-date').map((d) => d.textContent)).toEqual(['27/11/2026', '28/11/2026']));
    expect(screen.getByTestId('sessions-hours')).toHaveTextContent('Horas programadas: 8 de 12 h.');
    expect(within(form).getByLabelText(/^Hora de inicio/)).toHaveValue('');
  });

  it('a field error of the envelope goes under its field', async () => {
    const api = sessionsHost({ 'POST recuperacionpuntos/sesion/add': writeError('REQ-102', 'La sesión debe estar entre las fechas del curso', { field: 'date' }) });
    renderModule('/recuperacionpuntos/view/4?tab=sessions', api);
    const form = await screen.findByRole('form', { name: 'Nueva sesión' });
    fireEvent.change(within(form).getByLabelText(/^Hora de inicio/), { target: { value: '10:00' } });
    fireEvent.change(within(form).getByLabelText(/^Hora de fin/), { target: { value: '12:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir sesión' }));
    expect(await within(form).findByTestId('error-date')).toHaveTextContent('La sesión debe estar entre las fechas del curso');
    expect(within(form).getByLabelText(/^Fecha/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST recuperacionpuntos/sesion/add')[0].body).toEqual({ course_id: 4, date: '2026-11-27', start_time: '10:00', end_time: '12:00', kind: 'theory', place_id: null, teacher_ids: [] });
  });

  it('marks attendance per student with <prefix>sesion/attendance, and all present at once', async () => {
    const api = sessionsHost({
      'POST recuperacionpuntos/sesion/attendance': (req: MockRequest) => {
        const body = req.body as { contact_id?: number; contact_ids?: number[]; present: boolean };
        const ids = body.contact_ids ?? [body.contact_id!];
        const present = body.present ? [...new Set([...session9.present, ...ids])] : session9.present.filter((id) => !ids.includes(id));
        return envelopeOk(recovery({ sessions: [{ ...session9, present }] }));
      },
    });
    renderModule('/recuperacionpuntos/view/4?tab=sessions', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Asistencia de la sesión del 27/11/2026 a las 16:00' }));
    const panel = await screen.findByTestId('attendance');
    expect(panel).toHaveTextContent('Asistencia del 27/11/2026, de 16:00 a 20:00');
    const anaBox = within(panel).getByRole('checkbox', { name: 'Ana López Ruiz' });
    const luisBox = within(panel).getByRole('checkbox', { name: 'Luis Pérez' });
    expect(anaBox).toBeChecked();
    expect(luisBox).not.toBeChecked();

    fireEvent.click(luisBox);
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/sesion/attendance').map((r) => r.body)).toEqual([{ session_id: 9, contact_id: 8, present: true }]));
    await waitFor(() => expect(within(screen.getByTestId('attendance')).getByRole('checkbox', { name: 'Luis Pérez' })).toBeChecked());
    expect(within(screen.getByRole('table', { name: 'Sesiones del curso' })).getAllByRole('row')[1]).toHaveTextContent('2/2');

    fireEvent.click(within(screen.getByTestId('attendance')).getByRole('checkbox', { name: 'Ana López Ruiz' }));
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/sesion/attendance')).toHaveLength(2));
    expect(api.calls('POST recuperacionpuntos/sesion/attendance')[1].body).toEqual({ session_id: 9, contact_id: 7, present: false });
    await waitFor(() => expect(within(screen.getByTestId('attendance')).getByRole('checkbox', { name: 'Ana López Ruiz' })).not.toBeChecked());

    fireEvent.click(within(screen.getByTestId('attendance')).getByRole('button', { name: 'Marcar todos presentes' }));
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/sesion/attendance')).toHaveLength(3));
    expect(api.calls('POST recuperacionpuntos/sesion/attendance')[2].body).toEqual({ session_id: 9, contact_ids: [7, 8], present: true });
  });

  it('removes a session after asking, with <prefix>sesion/remove', async () => {
    const api = sessionsHost({ 'POST recuperacionpuntos/sesion/remove': envelopeOk(recovery({ sessions: [], scheduled_hours: 0 })) });
    renderModule('/recuperacionpuntos/view/4?tab=sessions', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar la sesión del 27/11/2026 a las 16:00' }));
    // answering no sends nothing
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST recuperacionpuntos/sesion/remove')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Quitar la sesión del 27/11/2026 a las 16:00' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Quitar la sesión del 27/11/2026 de 16:00 a 20:00?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(api.calls('POST recuperacionpuntos/sesion/remove').map((r) => r.body)).toEqual([{ id: 9 }]));
    expect(await screen.findByText('No hay sesiones')).toBeInTheDocument();
    expect(screen.getByTestId('sessions-hours')).toHaveTextContent('Horas programadas: 0 de 12 h. Faltan 12 h por programar.');
  });
});
