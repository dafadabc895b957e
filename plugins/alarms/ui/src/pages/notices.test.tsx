import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError } from '@volante/plugin-ui/testing';
import { renderLive } from '../test/render';
import { body, freezeToday, notice, noticePage, notices } from '../test/fixtures';

beforeEach(freezeToday);
afterEach(() => {
  vi.useRealTimers();
});

function noticesHost(routes: Record<string, object> = {}) {
  return mockApi({ 'GET alarma/notice/read': noticePage(), ...routes });
}

const tabs = () => within(screen.getByRole('tablist', { name: 'Avisos y alarmas' })).getAllByRole('tab').map((t) => t.textContent);
const shown = () =>
  screen.queryAllByTestId('notice').map((n) => [
    within(n).getByTestId('notice-title').textContent,
    within(n).queryByTestId('notice-description')?.textContent ?? null,
    within(n).getByTestId('notice-time').textContent,
    within(n).queryByRole('button', { name: /^Abrir/ })?.textContent ?? null,
  ]);

describe('the notices', () => {
  it('open first: title, description, when it went off (Madrid) and "Abrir" only with a link, which goes there', async () => {
    renderLive('/alarma/list', noticesHost());
    await screen.findAllByTestId('notice');
    expect(tabs()).toEqual(['Avisos (2)', 'Alarmas']);
    expect(screen.getByRole('tab', { name: 'Avisos (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(shown()).toEqual([
      ['ITV del Ibiza', 'Llevar el Ibiza a la ITV de Getafe', 'Sonó el 01/12/2026 - 09:30', 'Abrir'],
      ['Renovar el seguro', null, 'Sonó el 30/11/2026 - 10:00', null],
    ]);
    expect(screen.getByRole('button', { name: 'Descartar el aviso Renovar el seguro' })).toHaveTextContent('Descartar');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir el aviso ITV del Ibiza' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicle/view/3'));
  });

  it('"Descartar" sends the notice\'s id and takes it off; "Descartar todos" sends all', async () => {
    const api = noticesHost({ 'POST alarma/notice/dismiss': envelopeOk({ dismissed: 1 }) });
    renderLive('/alarma/list', api);
    await screen.findAllByTestId('notice');
    fireEvent.click(screen.getByRole('button', { name: 'Descartar el aviso ITV del Ibiza' }));
    expect(await screen.findByText('Aviso ITV del Ibiza descartado')).toBeInTheDocument();
    expect(api.calls('POST alarma/notice/dismiss').map(body)).toEqual([{ id: 91 }]);
    expect(shown().map((n) => n[0])).toEqual(['Renovar el seguro']);
    expect(tabs()).toEqual(['Avisos (1)', 'Alarmas']);

    fireEvent.click(screen.getByRole('button', { name: 'Descartar todos' }));
    expect(await screen.findByText('1 aviso descartado')).toBeInTheDocument();
    expect(api.calls('POST alarma/notice/dismiss').map(body)).toEqual([{ id: 91 }, { all: true }]);
    expect(screen.getByTestId('notices-empty')).toHaveTextContent('No tiene avisos pendientes');
    expect(screen.queryByRole('button', { name: 'Descartar todos' })).not.toBeInTheDocument();
    expect(tabs()).toEqual(['Avisos', 'Alarmas']);
  });

  it('a refused dismissal shows the reason and the notice stays', async () => {
    renderLive('/alarma/list', noticesHost({ 'POST alarma/notice/dismiss': writeError('NOT-FOUND-000', 'No se encuentra el aviso') }));
    await screen.findAllByTestId('notice');
    fireEvent.click(screen.getByRole('button', { name: 'Descartar el aviso ITV del Ibiza' }));
    expect(await screen.findByTestId('notice-errors')).toHaveTextContent('No se encuentra el aviso');
    expect(shown()).toHaveLength(2);
  });

  it('a pushed alarms.notice comes first, once; the stream reopening reads them again', async () => {
    const api = noticesHost();
    const { realtime } = renderLive('/alarma/list', api);
    await screen.findAllByTestId('notice');
    expect(realtime.current?.listens('alarms.notice')).toBe(true);
    const fresh = notice({ id: 92, alarm_id: 23, title: 'Llamar a la DGT', description: 'Cita de exámenes', link: null, fired_at: '2026-12-01T09:00:00.000Z' });
    const push = { title: fresh.title, body: fresh.description, link: null, notice: fresh };
    realtime.emit('alarms.notice', push);
    realtime.emit('alarms.notice', push);
    expect(shown()).toEqual([
      ['Llamar a la DGT', 'Cita de exámenes', 'Sonó el 01/12/2026 - 10:00', null],
      ['ITV del Ibiza', 'Llevar el Ibiza a la ITV de Getafe', 'Sonó el 01/12/2026 - 09:30', 'Abrir'],
      ['Renovar el seguro', null, 'Sonó el 30/11/2026 - 10:00', null],
    ]);
    expect(tabs()).toEqual(['Avisos (3)', 'Alarmas']);
    // a push without a notice is ignored
    realtime.emit('alarms.notice', { title: 'x' });
    expect(shown()).toHaveLength(3);

    api.on('GET alarma/notice/read', noticePage([fresh, ...notices()]));
    // the connection drops and the browser reconnects: the host says ready again
    realtime.fail();
    realtime.ready();
    await waitFor(() => expect(api.calls('GET alarma/notice/read')).toHaveLength(2));
    expect(shown().map((n) => n[0])).toEqual(['Llamar a la DGT', 'ITV del Ibiza', 'Renovar el seguro']);
  });

  it('none: says so; more than shown: says how many; a failed read offers to retry', async () => {
    const { unmount } = renderLive('/alarma/list', noticesHost({ 'GET alarma/notice/read': noticePage([]) }));
    expect(await screen.findByTestId('notices-empty')).toHaveTextContent('No tiene avisos pendientes');
    unmount();

    const many = renderLive('/alarma/list', noticesHost({ 'GET alarma/notice/read': noticePage(notices(), 120) }));
    expect(await screen.findByTestId('notices-more')).toHaveTextContent('Se muestran los 2 más recientes de 120 avisos');
    expect(tabs()).toEqual(['Avisos (120)', 'Alarmas']);
    many.unmount();

    const api = noticesHost({ 'GET alarma/notice/read': readError('PERMISSION-000', 'Sin permiso') });
    renderLive('/alarma/list', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin permiso');
    api.on('GET alarma/notice/read', noticePage());
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('notice')).toHaveLength(2);
  });
});
