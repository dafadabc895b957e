/**
 * The notices on the kit's own realtime stream (its `RealtimeProvider` over the fake EventSource
 * of `mockRealtime`), without swapping the hooks: the host's events as they come off the wire.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi, mockRealtime } from '@volante/plugin-ui/testing';
import { director, renderModule } from '../test/render';
import { notice, noticePage } from '../test/fixtures';

describe('on the realtime stream', () => {
  it('reads the notices again when the stream opens and adds a pushed alarms.notice once', async () => {
    const stream = mockRealtime();
    const api = mockApi({ 'GET alarma/notice/read': noticePage() });
    renderModule('/alarma/list', api, director, undefined, stream);
    await screen.findAllByTestId('notice');
    stream.ready();
    await waitFor(() => expect(api.calls('GET alarma/notice/read')).toHaveLength(2));

    const fresh = notice({ id: 95, title: 'Pagar la cuota de la DGT', description: '', link: null });
    stream.emit('alarms.notice', { title: fresh.title, body: '', link: null, notice: fresh });
    stream.emit('alarms.notice', { title: fresh.title, body: '', link: null, notice: fresh });
    expect(screen.getAllByTestId('notice-title').map((n) => n.textContent)).toEqual(['Pagar la cuota de la DGT', 'ITV del Ibiza', 'Renovar el seguro']);
    expect(screen.getByRole('tab', { name: 'Avisos (3)' })).toBeInTheDocument();
  });
});
