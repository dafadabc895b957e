import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule, teacher } from '../test/render';
import { body, liveView, meeting, myRooms, presence, query } from '../test/fixtures';

afterEach(() => {
  vi.useRealTimers();
});

const frame = () => screen.getByTestId('meeting-frame');

describe('the meeting page', () => {
  it('without a room, offers the caller\'s rooms; "Entrar" opens that one', async () => {
    const api = mockApi({ 'GET athena/user/room': envelopeOk(myRooms()), 'GET athena/pizarra': envelopeOk(liveView()) });
    renderModule('/pizarra/open', api, teacher);
    expect(await screen.findByTestId('pizarra-choose')).toHaveTextContent('Elija el aula en la que entrar.');
    fireEvent.click(await screen.findByRole('button', { name: 'Entrar en Teórico B: señales' }));
    expect(await screen.findByTestId('pizarra-name')).toHaveTextContent('Teórico B: señales');
    expect(screen.getByTestId('query')).toHaveTextContent('?room=5');
    expect(api.calls('GET athena/pizarra').map(query)).toEqual([{ room_id: '5' }]);
  });

  it('"Abrir reunión" sends athena/meet/create, then shows the meeting in the page, a link to it, the board\'s note and who is in it', async () => {
    const api = mockApi({
      'GET athena/pizarra': envelopeOk(liveView()),
      'POST athena/meet/create': envelopeOk(meeting()),
    });
    renderModule('/pizarra/open?room=5', api, teacher);
    expect(await screen.findByTestId('no-meeting')).toHaveTextContent('No hay ninguna reunión abierta en esta aula.');
    expect(screen.getByTestId('pizarra-span')).toHaveTextContent('12/01/2027 10:00–12:00');
    expect(screen.getByTestId('pizarra-kind')).toHaveTextContent('Entra como Profesor');
    expect(screen.queryByTestId('meeting-frame')).toBeNull();

    api.on('GET athena/pizarra', envelopeOk(liveView({ meeting: meeting(), present: [presence(), presence({ kind: 'student', name: 'Lucía Pérez Gómez', joined_at: '2027-01-12T09:05:00Z' })] })));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir reunión' }));
    await waitFor(() => expect(api.calls('POST athena/meet/create').map(body)).toEqual([{ room_id: 5 }]));
    expect(await screen.findByText('Reunión abierta')).toBeInTheDocument();
    expect(await screen.findByTestId('meeting-frame')).toHaveAttribute('src', 'https://meet.jit.si/volante-5-k3x9q2');
    expect(frame()).toHaveAttribute('allow', 'camera; microphone; fullscreen; display-capture; autoplay');
    expect(frame()).toHaveAttribute('title', 'Reunión de Teórico B: señales');
    const link = screen.getByRole('link', { name: 'Abrir la reunión en una pestaña nueva' });
    expect(link).toHaveAttribute('href', 'https://meet.jit.si/volante-5-k3x9q2');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('board-note')).toHaveTextContent('La pizarra es la de la propia reunión');
    expect(screen.getByTestId('meeting-started')).toHaveTextContent('Abierta a las 10:02 por Ana García');
    // the page reads the room again after opening: who is in it now
    const present = await screen.findByTestId('present');
    await waitFor(() => expect(within(present).getAllByTestId('present-person')).toHaveLength(2));
    expect(within(present).getAllByTestId('present-person').map((li) => li.textContent)).toEqual(['Ana GarcíaProfesordesde las 10:02', 'Lucía Pérez GómezAlumnodesde las 10:05']);
    expect(screen.getByRole('heading', { name: 'En la reunión ahora (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir reunión' })).toBeNull();
  });

  it('asks again every minute (recording the presence), keeping the meeting in the page', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = mockApi({ 'GET athena/pizarra': envelopeOk(liveView({ meeting: meeting(), present: [presence()] })) });
    renderModule('/pizarra/open?room=5', api, teacher);
    expect(await screen.findByTestId('meeting-frame')).toBeInTheDocument();
    const first = frame();
    expect(api.calls('GET athena/pizarra')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(api.calls('GET athena/pizarra')).toHaveLength(1);
    api.on('GET athena/pizarra', envelopeOk(liveView({ meeting: meeting(), present: [presence(), presence({ kind: 'member', name: 'Luis Pérez' })] })));
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(api.calls('GET athena/pizarra')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByTestId('present-person')).toHaveLength(2));
    // the same frame: the call goes on
    expect(frame()).toBe(first);
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(api.calls('GET athena/pizarra')).toHaveLength(3);
  });

  it('"Terminar reunión" asks first, then sends athena/meet/end', async () => {
    const api = mockApi({
      'GET athena/pizarra': envelopeOk(liveView({ meeting: meeting(), present: [presence()] })),
      'POST athena/meet/end': envelopeOk(meeting({ ended_at: '2027-01-12T11:00:00Z' })),
    });
    renderModule('/pizarra/open?room=5', api, teacher);
    fireEvent.click(await screen.findByRole('button', { name: 'Terminar reunión' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Terminar la reunión' });
    expect(dialog).toHaveTextContent('¿Terminar la reunión de «Teórico B: señales»?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST athena/meet/end')).toHaveLength(0);

    api.on('GET athena/pizarra', envelopeOk(liveView()));
    fireEvent.click(screen.getByRole('button', { name: 'Terminar reunión' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terminar' }));
    await waitFor(() => expect(api.calls('POST athena/meet/end').map(body)).toEqual([{ room_id: 5 }]));
    expect(await screen.findByText('Reunión terminada')).toBeInTheDocument();
    expect(await screen.findByTestId('no-meeting')).toBeInTheDocument();
    expect(screen.queryByTestId('meeting-frame')).toBeNull();
    expect(screen.getByRole('button', { name: 'Abrir reunión' })).toBeInTheDocument();
  });

  it("a room the caller is not part of says why", async () => {
    const api = mockApi({ 'GET athena/pizarra': readError('PERMISSION-000', 'No tiene permiso para esta acción', { permission: 'room.manage', reason: 'No forma parte de esta aula' }) });
    renderModule('/pizarra/open?room=6', api, teacher);
    expect(await screen.findByText('No tiene permiso para esta acción: No forma parte de esta aula')).toBeInTheDocument();
  });

  it("a refusal to open the meeting shows the host's reason", async () => {
    const api = mockApi({
      'GET athena/pizarra': envelopeOk(liveView({ kind: 'manager' })),
      'POST athena/meet/create': (req: MockRequest) => (body(req).room_id === 5 ? writeError('PERMISSION-000', 'No tiene permiso para esta acción', { reason: 'Solo el profesor o el personal del aula' }) : envelopeOk(meeting())),
    });
    renderModule('/pizarra/open?room=5', api, teacher);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir reunión' }));
    expect(await screen.findByTestId('pizarra-errors')).toHaveTextContent('No tiene permiso para esta acción: Solo el profesor o el personal del aula');
    expect(screen.queryByTestId('meeting-frame')).toBeNull();
  });
});
