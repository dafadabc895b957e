import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { event, freezeToday, page, query, week } from '../test/fixtures';

function scheduleHost(events = week(), routes: Record<string, object> = {}) {
  return mockApi({ 'GET schedule/read': page(events), ...routes });
}

const asked = (api: ReturnType<typeof scheduleHost>) => api.calls('GET schedule/read').map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const held = (title: string) => screen.getByRole('checkbox', { name: `Celebrado: ${title}` });

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

describe('the agenda', () => {
  it("opens on this week, Monday to Sunday, its events by day: hours or 'Todo el día', title (a link), place, people, held", async () => {
    const api = scheduleHost();
    renderModule('/schedule/list', api);
    const days = await screen.findAllByTestId('event-day');
    expect(asked(api)).toEqual([{ from: '2026-11-30', to: '2026-12-06', per_page: '500' }]);
    expect(screen.getByTestId('week')).toHaveTextContent('Semana del 30/11/2026 al 06/12/2026');
    expect(days.map((d) => within(d).getByRole('heading').textContent)).toEqual(['martes, 01/12/2026', 'jueves, 03/12/2026']);
    const tuesday = within(days[0]).getByRole('table', { name: 'Eventos del 01/12/2026' });
    // the all-day event first
    expect(within(tuesday).getAllByTestId('event-hours').map((c) => cells(c.closest('tr')!))).toEqual([
      ['Todo el día', 'Visita de la DGT', '—', 'Dolores Directora Demo', 'Celebrado'],
      ['10:00–11:30', 'Reunión de profesores', 'Aula 1', 'Ana García, Luis Pérez', 'Celebrado'],
    ]);
    expect(within(days[0]).getByText('2 eventos')).toBeInTheDocument();
    expect(within(days[1]).getByTestId('event-hours')).toHaveTextContent('08:00');
    expect(held('Visita de la DGT')).toBeChecked();
    expect(held('Reunión de profesores')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Reunión de profesores' })).toHaveAttribute('href', '/schedule/view/31');
    expect(screen.getByRole('link', { name: 'Nuevo evento' })).toHaveAttribute('href', '/schedule/view/0');
  });

  it('"Semana anterior", "Semana siguiente" and "Hoy" ask for that week', async () => {
    const api = scheduleHost([]);
    renderModule('/schedule/list', api);
    expect(await screen.findByTestId('events-empty')).toHaveTextContent('No hay eventos esta semana');
    fireEvent.click(screen.getByRole('button', { name: 'Semana anterior' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-29', per_page: '500' }));
    expect(screen.getByTestId('week')).toHaveTextContent('Semana del 23/11/2026 al 29/11/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Semana siguiente' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ from: '2026-12-07', to: '2026-12-13', per_page: '500' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ from: '2026-11-30', to: '2026-12-06', per_page: '500' }));
  });

  it('"Solo los míos" sends user_id=me, and the search its text, with the week', async () => {
    const api = scheduleHost();
    renderModule('/schedule/list', api);
    await screen.findAllByTestId('event-day');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo los míos' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ from: '2026-11-30', to: '2026-12-06', user_id: 'me', per_page: '500' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'examen' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ from: '2026-11-30', to: '2026-12-06', user_id: 'me', search: 'examen', per_page: '500' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo los míos' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ from: '2026-11-30', to: '2026-12-06', search: 'examen', per_page: '500' }));
  });

  it('"Celebrado" sends schedule/check with the value and then shows what the host stored', async () => {
    const api = scheduleHost(week(), { 'POST schedule/check': (req: MockRequest) => envelopeOk(event({ checked: (req.body as { checked: boolean }).checked })) });
    renderModule('/schedule/list', api);
    await screen.findAllByTestId('event-day');
    fireEvent.click(held('Reunión de profesores'));
    await waitFor(() => expect(held('Reunión de profesores')).toBeChecked());
    expect(api.calls('POST schedule/check').map((r) => r.body)).toEqual([{ id: 31, checked: true }]);
    expect(await screen.findByText('Reunión de profesores: celebrado')).toBeInTheDocument();

    // the host keeps it as it was: the box follows the host, not the click
    api.on('POST schedule/check', envelopeOk(event({ checked: true })));
    fireEvent.click(held('Reunión de profesores'));
    await waitFor(() => expect(api.calls('POST schedule/check')).toHaveLength(2));
    expect(api.calls('POST schedule/check')[1].body).toEqual({ id: 31, checked: false });
    await waitFor(() => expect(held('Reunión de profesores')).not.toBeDisabled());
    expect(held('Reunión de profesores')).toBeChecked();
    // the week is not read again for it
    expect(asked(api)).toHaveLength(1);
  });

  it('a refused check shows the reason and leaves the box as stored', async () => {
    const api = scheduleHost(week(), { 'POST schedule/check': writeError('CONFLICT-000', 'El evento está eliminado') });
    renderModule('/schedule/list', api);
    await screen.findAllByTestId('event-day');
    fireEvent.click(held('Visita de la DGT'));
    expect(await screen.findByTestId('event-action-errors')).toHaveTextContent('El evento está eliminado');
    expect(api.calls('POST schedule/check')[0].body).toEqual({ id: 32, checked: false });
    expect(held('Visita de la DGT')).toBeChecked();
  });

  it("a week that cannot be read shows the host's reason and a retry", async () => {
    const api = scheduleHost([], { 'GET schedule/read': readError('PERMISSION-000', 'No tiene permiso para la agenda') });
    renderModule('/schedule/list', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No tiene permiso para la agenda');
    api.on('GET schedule/read', page(week()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('event-day')).toHaveLength(2);
  });
});
