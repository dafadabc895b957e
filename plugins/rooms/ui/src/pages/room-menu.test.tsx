import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { renderModule, teacher } from '../test/render';
import { liveView, myRooms } from '../test/fixtures';

describe('my rooms', () => {
  it('shows each of the caller\'s rooms as a card: name, "En directo", times and teacher; "Entrar" opens its meeting page', async () => {
    const api = mockApi({ 'GET athena/user/room': envelopeOk(myRooms()), 'GET athena/pizarra': envelopeOk(liveView()) });
    renderModule('/room/menu', api, teacher);
    const cards = await screen.findAllByTestId('room-card');
    expect(cards.map((c) => [within(c).getByTestId('room-card-name').textContent, within(c).getByTestId('room-card-span').textContent, within(c).getByTestId('room-card-teacher').textContent])).toEqual([
      ['Teórico B: señales', '12/01/2027 10:00–12:00', 'Profesor: Ana García'],
      ['CAP intensivo', '15/01/2027 16:00 – 16/01/2027 14:00', 'Profesor: Luis Pérez'],
    ]);
    expect(within(cards[0]).getByTestId('live')).toHaveTextContent('En directo');
    expect(within(cards[1]).queryByTestId('live')).toBeNull();
    fireEvent.click(within(cards[1]).getByRole('button', { name: 'Entrar en CAP intensivo' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/pizarra/open'));
    expect(screen.getByTestId('query')).toHaveTextContent('?room=6');
    await waitFor(() => expect(api.calls('GET athena/pizarra').map((r) => Object.fromEntries(r.query))).toEqual([{ room_id: '6' }]));
  });

  it('says when the caller has no rooms, and shows the host\'s reason when they cannot be read', async () => {
    const api = mockApi({ 'GET athena/user/room': readError('PERMISSION-000', 'No tiene permiso para esta acción') });
    renderModule('/room/menu', api, teacher);
    expect(await screen.findByText('No tiene permiso para esta acción')).toBeInTheDocument();
    api.on('GET athena/user/room', envelopeOk([]));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('no-rooms')).toHaveTextContent('No tiene aulas');
  });
});
