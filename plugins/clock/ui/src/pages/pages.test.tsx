import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule, worker } from '../test/render';

// Times are UTC as the API gives them; the tests run in Europe/Madrid (vitest.config.ts), UTC+1
// in November: 08:00Z is 09:00 on screen.
const entry = (id: number, kind: 'work' | 'pause', started_at: string, ended_at: string | null, minutes: number, extra: object = {}) => ({
  id, user_id: 5, user_name: 'Ana Pérez', branch_id: 1, kind, started_at, ended_at, work_date: '2026-11-23', minutes, edited: false, ...extra,
});
const todayEntries = [
  entry(11, 'work', '2026-11-23T08:00:00Z', '2026-11-23T11:00:00Z', 180, { edited: true }),
  entry(12, 'pause', '2026-11-23T11:00:00Z', '2026-11-23T11:20:00Z', 20),
  entry(13, 'work', '2026-11-23T11:20:00Z', null, 5),
];
const status = (state: 'closed' | 'working' | 'paused', since: string | null = null) => ({
  state, open: state !== 'closed', since, entry_id: since ? 13 : null, today_worked_minutes: 185, timezone: 'Europe/Madrid',
});
const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const dashboard = (st: ReturnType<typeof status>) => ({
  status: st,
  today: { date: '2026-11-23', worked_minutes: 470, paused_minutes: 20, entries: todayEntries },
  week: { from: '2026-11-23', to: '2026-11-29', worked_minutes: 470, days: week.map((date, i) => ({ date, worked_minutes: i === 0 ? 470 : 0 })) },
});

/** A fake host whose clock moves as the buttons are pressed. */
function clockHost(initial: 'closed' | 'working' | 'paused') {
  let current = initial === 'closed' ? status('closed') : initial === 'working' ? status('working', '2026-11-23T11:20:00Z') : status('paused', '2026-11-23T12:00:00Z');
  const api = mockApi({
    'GET clock/dashboard': () => envelopeOk(dashboard(current)),
    'POST clock/init': () => envelopeOk((current = status('working', '2026-11-23T12:15:00Z'))),
    'POST clock/pause': () => envelopeOk((current = status('paused', '2026-11-23T12:00:00Z'))),
    'POST clock/finish': () => envelopeOk((current = status('closed'))),
  });
  return api;
}

afterEach(() => {
  vi.useRealTimers();
});

const buttons = () => ({
  start: screen.queryByRole('button', { name: 'Iniciar jornada' }),
  resume: screen.queryByRole('button', { name: 'Reanudar' }),
  pause: screen.getByRole('button', { name: 'Pausar' }),
  finish: screen.getByRole('button', { name: 'Finalizar jornada' }),
});

describe('/clock/report/hoy', () => {
  it("shows the caller's day and week: state, worked and paused time, intervals in local time", async () => {
    renderModule('/clock/report/hoy', clockHost('working'));
    expect(await screen.findByTestId('clock-state')).toHaveTextContent('Trabajando desde 12:20');
    expect(screen.getByRole('tab', { name: 'Mi jornada' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('today-worked')).toHaveTextContent('7 h 50 min');
    expect(screen.getByTestId('today-paused')).toHaveTextContent('20 min');

    const rows = within(screen.getByRole('table', { name: 'Tramos de hoy' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent))).toEqual([
      ['Trabajo', '09:00', '12:00', '3 h'],
      ['Pausa', '12:00', '12:20', '20 min'],
      ['Trabajo', '12:20', 'en curso', '5 min'],
    ]);
    expect(within(rows[0]).getByTestId('mark-edited')).toHaveTextContent('Editado');
    expect(within(rows[1]).queryByTestId('mark-edited')).not.toBeInTheDocument();

    const days = screen.getAllByTestId('week-day');
    expect(days.map((d) => d.textContent)).toEqual([
      'Lunes 23/117 h 50 min', 'Martes 24/110 min', 'Miércoles 25/110 min', 'Jueves 26/110 min', 'Viernes 27/110 min', 'Sábado 28/110 min', 'Domingo 29/110 min',
    ]);
    expect(days[0]).toHaveAttribute('aria-current', 'date');
    expect(screen.getByTestId('week-total')).toHaveTextContent('7 h 50 min');
  });

  it('enables only the buttons that make sense and calls init, pause and finish (after confirming), refreshing each time', async () => {
    const api = clockHost('closed');
    renderModule('/clock/report/hoy', api);
    expect(await screen.findByTestId('clock-state')).toHaveTextContent('Sin jornada abierta');
    expect(buttons().start).toBeEnabled();
    expect(buttons().pause).toBeDisabled();
    expect(buttons().finish).toBeDisabled();

    fireEvent.click(buttons().start!);
    await waitFor(() => expect(screen.getByTestId('clock-state')).toHaveTextContent('Trabajando desde 13:15'));
    expect(api.calls('POST clock/init').map((r) => r.body)).toEqual([{}]);
    expect(api.calls('GET clock/dashboard')).toHaveLength(2);
    expect(buttons().start).toBeDisabled();
    expect(buttons().pause).toBeEnabled();
    expect(buttons().finish).toBeEnabled();
    expect(screen.getByText('Jornada iniciada')).toBeInTheDocument();

    fireEvent.click(buttons().pause);
    await waitFor(() => expect(screen.getByTestId('clock-state')).toHaveTextContent('En pausa desde 13:00'));
    expect(api.calls('POST clock/pause').map((r) => r.body)).toEqual([{}]);
    expect(api.calls('GET clock/dashboard')).toHaveLength(3);
    expect(buttons().start).toBeNull();
    expect(buttons().resume).toBeEnabled();
    expect(buttons().pause).toBeDisabled();
    expect(buttons().finish).toBeEnabled();

    fireEvent.click(buttons().resume!);
    await waitFor(() => expect(screen.getByTestId('clock-state')).toHaveAttribute('data-state', 'working'));
    expect(api.calls('POST clock/init')).toHaveLength(2);

    // finishing asks first; "Cancelar" sends nothing
    fireEvent.click(buttons().finish);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST clock/finish')).toHaveLength(0);

    fireEvent.click(buttons().finish);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Finalizar la jornada de hoy?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Finalizar jornada' }));
    await waitFor(() => expect(screen.getByTestId('clock-state')).toHaveTextContent('Sin jornada abierta'));
    expect(api.calls('POST clock/finish').map((r) => r.body)).toEqual([{}]);
    expect(api.calls('GET clock/dashboard')).toHaveLength(5);
    expect(buttons().start).toBeEnabled();
    expect(buttons().pause).toBeDisabled();
    expect(buttons().finish).toBeDisabled();
  });

  it("shows the host's Spanish message for a refused action and refreshes the state", async () => {
    const api = clockHost('closed');
    api.on('POST clock/init', writeError('CLOCK-001', 'Ya hay una jornada en curso'));
    renderModule('/clock/report/hoy', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar jornada' }));
    expect(await screen.findByTestId('clock-errors')).toHaveTextContent('Ya hay una jornada en curso');
    await waitFor(() => expect(api.calls('GET clock/dashboard')).toHaveLength(2));
  });

  it('shows "Mi jornada" for an unknown tab, and the tabs switch the path', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const api = clockHost('closed');
    api.on('POST clock/report', envelopeOk({ from: '2026-11-01', to: '2026-11-25', can_see_all: false, staff: [], days: [], totals: [] }));
    renderModule('/clock/report/otra', api);
    expect(await screen.findByTestId('clock-state')).toHaveTextContent('Sin jornada abierta');
    expect(screen.getByRole('tab', { name: 'Mi jornada' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Registros' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/clock/report/registros');
    const days = await screen.findByRole('table', { name: 'Jornadas' });
    expect(await within(days).findByText('No hay registros en estas fechas')).toBeInTheDocument();
    // the default filters: the first of the month to today
    expect(api.calls('POST clock/report')[0].body).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    fireEvent.click(screen.getByRole('tab', { name: 'Mi jornada' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/clock/report/hoy');
  });

  it("says so when the dashboard cannot be had, and retries", async () => {
    const api = clockHost('working');
    api.on('GET clock/dashboard', readError('SERVICE-000', 'Servicio no contratado'));
    renderModule('/clock/report/hoy', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Servicio no contratado');
    api.on('GET clock/dashboard', envelopeOk(dashboard(status('working', '2026-11-23T11:20:00Z'))));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('clock-state')).toHaveTextContent('Trabajando desde 12:20');
  });
});

const ana = { user_id: 5, name: 'Ana Pérez' };
const luis = { user_id: 7, name: 'Luis Gómez' };
const reportDay = (user: typeof ana, date: string, extra: object = {}) => ({
  date, user_id: user.user_id, user_name: user.name, branch_id: 1, first_start: `${date}T08:00:00Z`, last_end: `${date}T16:20:00Z`,
  worked_minutes: 470, paused_minutes: 30, open: false, edited: false,
  entries: [
    { ...entry(21, 'work', `${date}T08:00:00Z`, `${date}T12:00:00Z`, 240), user_id: user.user_id, user_name: user.name, work_date: date },
    { ...entry(22, 'pause', `${date}T12:00:00Z`, `${date}T12:30:00Z`, 30), user_id: user.user_id, user_name: user.name, work_date: date },
    { ...entry(23, 'work', `${date}T12:30:00Z`, `${date}T16:20:00Z`, 230), user_id: user.user_id, user_name: user.name, work_date: date },
  ],
  ...extra,
});
const fullReport = {
  from: '2026-11-01', to: '2026-11-25', can_see_all: true, staff: [ana, luis],
  days: [
    reportDay(ana, '2026-11-23', { edited: true }),
    reportDay(luis, '2026-11-23'),
    reportDay(ana, '2026-11-25', { last_end: null, open: true, worked_minutes: 125, paused_minutes: 0 }),
  ],
  totals: [
    { user_id: 5, user_name: 'Ana Pérez', days: 2, worked_minutes: 595 },
    { user_id: 7, user_name: 'Luis Gómez', days: 1, worked_minutes: 470 },
  ],
};
const ownReport = { ...fullReport, can_see_all: false, staff: [ana], days: [fullReport.days[0]], totals: [fullReport.totals[0]] };
const history = {
  ...entry(21, 'work', '2026-11-23T08:00:00Z', '2026-11-23T12:00:00Z', 240),
  edited: true,
  changes: [
    {
      changed_at: '2026-11-24T09:15:00Z', changed_by: 2, changed_by_name: 'Directora', started_before: '2026-11-23T08:00:00Z', ended_before: null,
      started_after: '2026-11-23T08:00:00Z', ended_after: '2026-11-23T12:00:00Z', reason: 'Olvidó fichar la salida',
    },
  ],
};

describe('/clock/report/registros', () => {
  function at(iso: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  }

  it('lists the days and the totals per worker, and exports to Excel with the same filters', async () => {
    at('2026-11-25T10:00:00Z');
    const saved: { name: string; type: string; blob: Blob }[] = [];
    // jsdom has no object URLs: give URL the two statics for this test only.
    Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push({ name: '', type: b.type, blob: b }), 'blob:x'), revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const api = mockApi({
      'POST clock/report': envelopeOk(fullReport),
      'GET clock/excel': envelopeOk({ filename: 'registro-jornada-2026-11-01-2026-11-25.xlsx', content_type: xlsx, base64: 'UEsDBA==' }),
    });
    renderModule('/clock/report/registros', api);
    const table = await screen.findByRole('table', { name: 'Jornadas' });
    await within(table).findAllByText('Ana Pérez');
    expect(api.calls('POST clock/report')[0].body).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(screen.getByRole('heading', { name: 'Jornadas del 01/11/2026 al 25/11/2026' })).toBeInTheDocument();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent))).toEqual([
      ['23/11/2026', 'Ana Pérez', '09:00', '17:20', '7 h 50 min', '30 min'],
      ['23/11/2026', 'Luis Gómez', '09:00', '17:20', '7 h 50 min', '30 min'],
      ['25/11/2026', 'Ana Pérez', '09:00', 'en curso', '2 h 5 min', '0 min'],
    ]);
    expect(within(rows[0]).getByTestId('mark-edited')).toHaveTextContent('Editada');
    expect(within(rows[1]).queryByTestId('mark-edited')).not.toBeInTheDocument();
    expect(within(rows[2]).getByTestId('mark-open')).toHaveTextContent('Abierta');

    const totals = screen.getByRole('table', { name: 'Totales por trabajador' });
    expect(within(totals).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Ana Pérez', '2', '9 h 55 min'],
      ['Luis Gómez', '1', '7 h 50 min'],
    ]);

    // the day's intervals, on demand
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Tramos del 23/11/2026 de Ana Pérez' }));
    const detail = await screen.findByTestId('day-detail');
    const entries = within(within(detail).getByRole('table')).getAllByRole('row').slice(1);
    expect(entries.map((r) => [...r.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent))).toEqual([
      ['Trabajo', '09:00', '13:00', '4 h'],
      ['Pausa', '13:00', '13:30', '30 min'],
      ['Trabajo', '13:30', '17:20', '3 h 50 min'],
    ]);

    // filter by worker (the filter is there: can_see_all) and export what is shown
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Trabajador' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() => expect(api.calls('POST clock/report')).toHaveLength(2));
    expect(api.calls('POST clock/report')[1].body).toEqual({ from: '2026-11-02', to: '2026-11-25', user_id: 7 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Exportar a Excel' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Exportar a Excel' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const query = api.calls('GET clock/excel')[0].query;
    expect(Object.fromEntries(query)).toEqual({ from: '2026-11-02', to: '2026-11-25', user_id: '7' });
    expect(saved[0]).toMatchObject({ name: 'registro-jornada-2026-11-01-2026-11-25.xlsx', type: xlsx });
    expect([...new Uint8Array(await saved[0].blob.arrayBuffer())]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
  });

  it("shows the host's error for a bad range", async () => {
    at('2026-11-25T10:00:00Z');
    const api = mockApi({ 'POST clock/report': envelopeOk(fullReport) });
    renderModule('/clock/report/registros', api);
    await screen.findAllByText('Luis Gómez');
    api.on('POST clock/report', writeError('CLOCK-004', 'El intervalo de fechas no es válido'));
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(await screen.findByTestId('report-errors')).toHaveTextContent('El intervalo de fechas no es válido');
  });

  it('corrects an interval: refuses an empty reason, posts UTC times, then reloads', async () => {
    at('2026-11-25T10:00:00Z');
    const api = mockApi({
      'POST clock/report': envelopeOk(fullReport),
      'POST clock/update': (req: MockRequest) => envelopeOk({ ...history, ...(req.body as object), edited: true }),
    });
    renderModule('/clock/report/registros', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Tramos del 23/11/2026 de Luis Gómez' }));
    const detail = await screen.findByTestId('day-detail');
    const first = within(within(detail).getByRole('table')).getAllByRole('row')[1];
    fireEvent.click(within(first).getByRole('button', { name: 'Corregir' }));
    const form = await within(detail).findByRole('form', { name: 'Corregir el tramo de trabajo del 23/11/2026 09:00' });
    // filled in local time
    expect(within(form).getByLabelText('Inicio')).toHaveValue('2026-11-23T09:00');
    expect(within(form).getByLabelText('Fin')).toHaveValue('2026-11-23T13:00');

    fireEvent.change(within(form).getByLabelText('Fin'), { target: { value: '2026-11-23T14:30' } });
    fireEvent.change(within(form).getByLabelText('Motivo'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }));
    expect(await within(form).findByTestId('correction-errors')).toHaveTextContent('Indique el motivo de la corrección');
    expect(within(form).getByLabelText('Motivo')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST clock/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Inicio'), { target: { value: '2026-11-23T08:45' } });
    fireEvent.change(within(form).getByLabelText('Motivo'), { target: { value: ' Olvidó fichar la salida ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }));
    await waitFor(() => expect(api.calls('POST clock/update')).toHaveLength(1));
    expect(api.calls('POST clock/update')[0].body).toEqual({ id: 21, started_at: '2026-11-23T07:45:00Z', ended_at: '2026-11-23T13:30:00Z', reason: 'Olvidó fichar la salida' });
    expect(await screen.findByText('Tramo corregido')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST clock/report')).toHaveLength(2));
    expect(api.calls('POST clock/report')[1].body).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(screen.queryByRole('form', { name: /Corregir el tramo/ })).not.toBeInTheDocument();
  });

  it('refuses an end before the start and shows the host\'s refusal', async () => {
    at('2026-11-25T10:00:00Z');
    const api = mockApi({
      'POST clock/report': envelopeOk(fullReport),
      'POST clock/update': writeError('CLOCK-005', 'El tramo se solapa con otro del trabajador'),
    });
    renderModule('/clock/report/registros', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Tramos del 23/11/2026 de Ana Pérez' }));
    const detail = await screen.findByTestId('day-detail');
    fireEvent.click(within(within(detail).getByRole('table')).getAllByRole('button', { name: 'Corregir' })[2]);
    const form = await within(detail).findByRole('form');
    // A closed interval keeps an end: no hint that an empty one leaves it open, and it is refused.
    expect(within(form).queryByText('Vacío: el tramo sigue abierto')).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Fin'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Motivo'), { target: { value: 'Error al fichar' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }));
    expect(await within(form).findByTestId('correction-errors')).toHaveTextContent('Indique el fin: el tramo ya estaba cerrado');
    fireEvent.change(within(form).getByLabelText('Fin'), { target: { value: '2026-11-23T12:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }));
    expect(await within(form).findByTestId('correction-errors')).toHaveTextContent('El fin debe ser posterior al inicio');
    expect(api.calls('POST clock/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Fin'), { target: { value: '2026-11-23T17:40' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar corrección' }));
    expect(await within(form).findByText('El tramo se solapa con otro del trabajador')).toBeInTheDocument();
    // the start was left as clocked: sent exactly as the host gave it
    expect(api.calls('POST clock/update')[0].body).toEqual({ id: 23, started_at: '2026-11-23T12:30:00Z', ended_at: '2026-11-23T16:40:00Z', reason: 'Error al fichar' });
  });

  it('shows an interval\'s history to a director', async () => {
    at('2026-11-25T10:00:00Z');
    const api = mockApi({ 'POST clock/report': envelopeOk(fullReport), 'GET clock/entry/21': envelopeOk(history) });
    renderModule('/clock/report/registros', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Tramos del 23/11/2026 de Ana Pérez' }));
    const detail = await screen.findByTestId('day-detail');
    fireEvent.click(within(within(detail).getAllByRole('row')[1]).getByRole('button', { name: 'Historial' }));
    const changes = await within(detail).findByRole('table', { name: 'Cambios del tramo' });
    expect(await within(changes).findByText('Olvidó fichar la salida')).toBeInTheDocument();
    expect(within(changes).getByText('Directora')).toBeInTheDocument();
  });

  it('hides the worker filter and the corrections without can_see_all, but shows the own history', async () => {
    at('2026-11-25T10:00:00Z');
    const api = mockApi({ 'POST clock/report': envelopeOk(ownReport), 'GET clock/entry/21': envelopeOk(history) });
    renderModule('/clock/report/registros', api, worker);
    const table = await screen.findByRole('table', { name: 'Jornadas' });
    await within(table).findByText('Ana Pérez');
    expect(screen.queryByRole('combobox', { name: 'Trabajador' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Hasta')).toHaveValue('2026-11-25');

    fireEvent.click(within(table).getByRole('button', { name: 'Tramos del 23/11/2026 de Ana Pérez' }));
    const detail = await screen.findByTestId('day-detail');
    expect(within(detail).queryByRole('button', { name: 'Corregir' })).not.toBeInTheDocument();
    fireEvent.click(within(detail).getAllByRole('button', { name: 'Historial' })[0]);
    const trace = await screen.findByTestId('entry-history');
    const row = (await within(trace).findByText('Olvidó fichar la salida')).closest('tr')!;
    expect(within(row).getByTestId('change-before')).toHaveTextContent('23/11/2026 09:00 – sin fin');
    expect(within(row).getByTestId('change-after')).toHaveTextContent('23/11/2026 09:00 – 23/11/2026 13:00');
    expect(row).toHaveTextContent('24/11/2026 10:15');
    expect(api.calls('GET clock/entry/21')).toHaveLength(1);

    // the worker's filters carry no user_id
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() => expect(api.calls('POST clock/report')).toHaveLength(2));
    expect(api.calls('POST clock/report')[1].body).toEqual({ from: '2026-11-01', to: '2026-11-25' });
  });
});
