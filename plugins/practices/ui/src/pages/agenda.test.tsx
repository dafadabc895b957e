import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { employeeTeachers, freezeToday, lesson, studentDetail } from '../test/fixtures';

type Query = { teacher_user_id?: number; from?: string; to?: string };

/** The agenda the host answers: the lessons asked for, by day and time. */
const week = () => [
  lesson({ id: 64 }),
  lesson({ id: 70, student_id: 22, student_name: 'Pablo Ruiz Gil', start_time: '11:00', end_time: '12:00', type_name: 'Práctica B 60 min', vehicle_id: null, vehicle_plate: null, status: 'done', bag_id: 41 }),
  lesson({ id: 65, date: '2026-12-03', start_time: '12:00', end_time: '12:45' }),
];

function agendaHost(lessons = week(), routes: Record<string, object> = {}) {
  return mockApi({
    'GET hermes/teachers': envelopeOk(employeeTeachers),
    'POST hermes/teacher/student': (req: MockRequest) => {
      const body = req.body as Query;
      return envelopeOk({ teacher_user_id: body.teacher_user_id ?? 2, from: body.from, to: body.to, lessons });
    },
    ...routes,
  });
}

const bodies = (api: ReturnType<typeof agendaHost>) => api.calls('POST hermes/teacher/student').map((r) => r.body);

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

describe("a teacher's agenda", () => {
  it("opens on the signed-in user's lessons of today, grouped by day: times, student (a link), type, vehicle, status", async () => {
    const api = agendaHost();
    renderModule('/practices/agenda', api);
    const days = await screen.findAllByTestId('agenda-day');
    expect(bodies(api)).toEqual([{ teacher_user_id: 2, from: '2026-12-01', to: '2026-12-01' }]);
    expect(days.map((d) => within(d).getByRole('heading').textContent)).toEqual(['martes, 01/12/2026', 'jueves, 03/12/2026']);
    const first = within(days[0]).getByRole('table', { name: 'Prácticas del 01/12/2026' });
    expect(within(first).getAllByTestId('agenda-time').map((c) => [...c.closest('tr')!.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent))).toEqual([
      ['10:00–10:45', 'Lucía García Pérez', 'Práctica B 45 min', '1234 ABC', 'Programada'],
      ['11:00–12:00', 'Pablo Ruiz Gil', 'Práctica B 60 min', '—', 'Dada'],
    ]);
    expect(within(days[0]).getByText('2 prácticas')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Pablo Ruiz Gil' })).toHaveAttribute('href', '/practices/student/22');
    const teacher = screen.getByRole('combobox', { name: 'Profesor' });
    expect(teacher).toHaveValue('2');
    await waitFor(() => expect(within(teacher).getAllByRole('option').map((o) => o.textContent)).toEqual(['Dolores Directora Demo', 'Ana García', 'Luis Pérez']));
  });

  it('asks again for another teacher and days; "hasta" before the day is refused without asking', async () => {
    const api = agendaHost([]);
    renderModule('/practices/agenda', api);
    expect(await screen.findByTestId('agenda-empty')).toHaveTextContent('No hay prácticas en estos días');
    const teacher = screen.getByRole('combobox', { name: 'Profesor' });
    await waitFor(() => expect(within(teacher).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(teacher, { target: { value: '7' } });
    await waitFor(() => expect(bodies(api).at(-1)).toEqual({ teacher_user_id: 7, from: '2026-12-01', to: '2026-12-01' }));
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-12-07' } });
    await waitFor(() => expect(bodies(api).at(-1)).toEqual({ teacher_user_id: 7, from: '2026-12-01', to: '2026-12-07' }));
    const asked = bodies(api).length;
    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '2026-12-10' } });
    expect(await screen.findByTestId('error-to')).toHaveTextContent('«Hasta» no puede ser anterior al día');
    expect(bodies(api)).toHaveLength(asked);
  });

  it("the host's refusal of the range goes under the field it names", async () => {
    const api = agendaHost([], { 'POST hermes/teacher/student': writeError('REQ-102', 'La agenda abarca como mucho 31 días', { field: 'to' }) });
    renderModule('/practices/agenda', api);
    expect(await screen.findByTestId('error-to')).toHaveTextContent('La agenda abarca como mucho 31 días');
    expect(screen.queryByTestId('agenda-day')).not.toBeInTheDocument();
  });

  it('"Dada", "No presentado" and "Anular" send the status, then the agenda is read again', async () => {
    const api = agendaHost(week(), { 'POST hermes/student/practice/update': envelopeOk(studentDetail()) });
    renderModule('/practices/agenda', api);
    await screen.findAllByTestId('agenda-day');
    // the lesson given has no quick actions; the one on Thursday cannot be given yet
    const rows = screen.getAllByTestId('agenda-time').map((c) => c.closest('tr')!);
    expect(rows.map((r) => within(r).queryAllByRole('button').map((b) => b.textContent))).toEqual([['Dada', 'No presentado', 'Anular'], [], ['Anular']]);

    fireEvent.click(screen.getByRole('button', { name: 'Dada: la práctica de Lucía García Pérez del 01/12/2026 a las 10:00' }));
    await waitFor(() => expect(api.calls('POST hermes/student/practice/update').map((r) => r.body)).toEqual([{ id: 64, status: 'done' }]));
    await waitFor(() => expect(bodies(api)).toHaveLength(2));
    expect(await screen.findByText('Anotada como dada la práctica de Lucía García Pérez del 01/12/2026 a las 10:00')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'No presentado: la práctica de Lucía García Pérez del 01/12/2026 a las 10:00' }));
    await waitFor(() => expect(api.calls('POST hermes/student/practice/update').at(-1)!.body).toEqual({ id: 64, status: 'no_show' }));
    await waitFor(() => expect(bodies(api)).toHaveLength(3));

    api.on('POST hermes/student/practice/update', writeError('CONFLICT-000', 'El alumno de prácticas está eliminado'));
    fireEvent.click(screen.getByRole('button', { name: 'Anular la práctica de Lucía García Pérez del 03/12/2026 a las 12:00' }));
    expect(await screen.findByTestId('agenda-action-errors')).toHaveTextContent('El alumno de prácticas está eliminado');
    expect(api.calls('POST hermes/student/practice/update').at(-1)!.body).toEqual({ id: 65, status: 'cancelled' });
    expect(bodies(api)).toHaveLength(3);
  });
});
