/**
 * The screens on the kit's own realtime stream (its `RealtimeProvider` over the fake EventSource
 * of `mockRealtime`), without swapping the hooks: the host's events as they come off the wire.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, mockRealtime } from '@volante/plugin-ui/testing';
import { renderModule, director } from '../test/render';
import { ANA, direct, message, overview, pushed, query } from '../test/fixtures';

const ANA_PATH = `chat/direct/employee/${ANA}`;

describe('on the realtime stream', () => {
  it("a conversation adds a chat.message of its own once, reads again when the stream reopens, and says when it is not live", async () => {
    const stream = mockRealtime();
    const api = mockApi({ [`GET ${ANA_PATH}`]: envelopeOk(direct()) });
    renderModule(`/apps/chat/direct/employee/${ANA}`, api, director, undefined, stream);
    await screen.findByTestId('conversation-name');
    expect(screen.getByTestId('realtime-notice')).toHaveTextContent('Conectando');

    stream.ready();
    expect(screen.queryByTestId('realtime-notice')).toBeNull();
    await waitFor(() => expect(api.calls(`GET ${ANA_PATH}`)).toHaveLength(2));

    const fromAna = pushed(message(81, { text: 'Llego tarde' }));
    stream.emit('chat.message', { message: fromAna });
    stream.emit('chat.message', { message: fromAna });
    expect(screen.getAllByTestId('message-text').map((p) => p.textContent)).toEqual(['Hola Ana', '¿Mañana a las 9?', 'Llego tarde']);
    await waitFor(() => expect(api.calls(`GET ${ANA_PATH}`).map(query).at(-1)).toEqual({ limit: '1' }));
  });

  it('the overview follows a chat.message and a chat.group', async () => {
    const stream = mockRealtime();
    const api = mockApi({ 'GET chat/all': envelopeOk(overview()), 'GET chat/group/read': envelopeOk([]) });
    renderModule('/apps/chat/all', api, director, undefined, stream);
    await screen.findAllByTestId('employee-row');
    stream.ready();
    stream.emit('chat.message', { message: pushed(message(82, { from_user_id: 7, from_name: 'Marta Ruiz', text: 'Hola' })) });
    const first = screen.getAllByTestId('employee-row')[0];
    expect(within(first).getByRole('link')).toHaveTextContent('Marta Ruiz');
    expect(within(first).getByTestId('unread')).toHaveAttribute('title', '1 mensaje sin leer');
    stream.emit('chat.group', { group_id: 11, event: 'invited', user_id: director.user_id });
    await waitFor(() => expect(api.calls('GET chat/group/read')).toHaveLength(1));
  });
});
