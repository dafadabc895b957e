import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, readError } from '@volante/plugin-ui/testing';
import { anonymousApi, renderModule } from '../test/render';
import { liveView, meeting, presence, query } from '../test/fixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** Lucía's link (a student) to room 5. */
const student = (extra: object = {}) => liveView({ kind: 'student', name: 'Lucía Pérez Gómez', ...extra });
/** Carmen's link (an inspector): she also sees who is in the meeting. */
const inspector = (extra: object = {}) => liveView({ kind: 'inspector', name: 'Carmen Jefatura', ...extra });

describe('the public page of a link', () => {
  it('opens without a session: the room, its times and teacher, and "La clase aún no ha empezado" while no meeting is open', async () => {
    const api = anonymousApi({ 'GET athena/join': envelopeOk(student()) });
    renderModule('/aula/ref-lucia', api);
    expect(await screen.findByTestId('join-name')).toHaveTextContent('Teórico B: señales');
    expect(screen.getByTestId('join-span')).toHaveTextContent('12/01/2027 10:00–12:00');
    expect(screen.getByTestId('join-teacher')).toHaveTextContent('Profesor: Ana García');
    expect(screen.getByTestId('join-who')).toHaveTextContent('Hola, Lucía Pérez Gómez.');
    expect(screen.getByTestId('waiting')).toHaveTextContent('La clase aún no ha empezado');
    expect(screen.getByTestId('join-recorded')).toHaveTextContent('Su asistencia se registra mientras tenga esta página abierta.');
    expect(screen.queryByTestId('meeting-frame')).toBeNull();
    expect(screen.queryByTestId('present')).toBeNull();
    const [read] = api.calls('GET athena/join');
    expect(query(read)).toEqual({ reference: 'ref-lucia' });
    expect(read.headers.authorization).toBeUndefined();
  });

  it('shows the meeting once the teacher opens it (asking every minute), and "La clase ha terminado" when it ends', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = anonymousApi({ 'GET athena/join': envelopeOk(student()) });
    renderModule('/aula/ref-lucia', api);
    expect(await screen.findByTestId('waiting')).toBeInTheDocument();

    api.on('GET athena/join', envelopeOk(student({ meeting: meeting() })));
    await act(async () => vi.advanceTimersByTime(60_000));
    const frame = await screen.findByTestId('meeting-frame');
    expect(frame).toHaveAttribute('src', 'https://meet.jit.si/volante-5-k3x9q2');
    expect(frame).toHaveAttribute('allow', 'camera; microphone; fullscreen; display-capture; autoplay');
    expect(screen.getByRole('link', { name: 'Abrir la reunión en una pestaña nueva' })).toHaveAttribute('href', 'https://meet.jit.si/volante-5-k3x9q2');
    expect(screen.queryByTestId('waiting')).toBeNull();
    // a student does not see who else is in it
    expect(screen.queryByTestId('present')).toBeNull();

    api.on('GET athena/join', envelopeOk(student()));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(await screen.findByTestId('waiting')).toHaveTextContent('La clase ha terminado');
    expect(api.calls('GET athena/join')).toHaveLength(3);
  });

  it('says "La clase ha terminado" on a fresh visit once a meeting was held and ended', async () => {
    const api = anonymousApi({ 'GET athena/join': envelopeOk(student({ last_ended_at: '2027-01-12T11:58:00.000Z' })) });
    renderModule('/aula/ref-lucia', api);
    expect(await screen.findByTestId('waiting')).toHaveTextContent('La clase ha terminado');
  });

  it('an inspector also sees who is in the meeting now, and is told their access is recorded', async () => {
    const api = anonymousApi({
      'GET athena/join': envelopeOk(inspector({ meeting: meeting(), present: [presence(), presence({ kind: 'student', name: 'Lucía Pérez Gómez', joined_at: '2027-01-12T09:05:00Z' })] })),
    });
    renderModule('/aula/ref-carmen', api);
    expect(await screen.findByTestId('meeting-frame')).toBeInTheDocument();
    expect(screen.getByTestId('join-who')).toHaveTextContent('Acceso de inspección de Carmen Jefatura.');
    expect(screen.getByTestId('join-recorded')).toHaveTextContent('Su acceso como inspector queda registrado');
    const present = screen.getByTestId('present');
    expect(within(present).getAllByTestId('present-person').map((li) => li.textContent)).toEqual(['Ana GarcíaProfesordesde las 10:02', 'Lucía Pérez GómezAlumnodesde las 10:05']);
  });

  it('an expired or revoked link says "Este enlace ya no es válido"; an unknown one "Enlace no encontrado"; a deleted room "Esta aula ya no está disponible"', async () => {
    const expired = anonymousApi({ 'GET athena/join': readError('LINK-001', 'El enlace ha caducado') });
    const { unmount } = renderModule('/aula/ref-old', expired);
    expect(await screen.findByTestId('link-expired')).toHaveTextContent('Este enlace ya no es válido');
    unmount();

    const unknown = anonymousApi({ 'GET athena/join': readError('NOT-FOUND-000', 'No encontrado') });
    const second = renderModule('/aula/ref-nada', unknown);
    expect(await screen.findByTestId('link-unknown')).toHaveTextContent('Enlace no encontrado');
    second.unmount();

    const deleted = anonymousApi({ 'GET athena/join': readError('CONFLICT-000', 'El aula no está disponible') });
    renderModule('/aula/ref-lucia', deleted);
    expect(await screen.findByTestId('link-room')).toHaveTextContent('Esta aula ya no está disponible');
  });

  it('a link revoked during the class takes the meeting away', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = anonymousApi({ 'GET athena/join': envelopeOk(student({ meeting: meeting() })) });
    renderModule('/aula/ref-lucia', api);
    expect(await screen.findByTestId('meeting-frame')).toBeInTheDocument();
    api.on('GET athena/join', readError('LINK-001', 'El enlace ya no es válido'));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(await screen.findByTestId('link-expired')).toHaveTextContent('Este enlace ya no es válido');
    await waitFor(() => expect(screen.queryByTestId('meeting-frame')).toBeNull());
  });
});
