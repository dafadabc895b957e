import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { envelopeOk, mockApi, mockRealtime } from '@volante/plugin-ui/testing';
import { STORAGE_KEYS } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../test/renderApp';

function signedIn(extra: Record<string, object> = {}) {
  return mockApi({ 'GET user/verify': envelopeOk({ user: demoUser }), 'GET user/update': envelopeOk({ user: demoUser }), ...extra });
}

describe('the realtime stream in the shell', () => {
  it('opens once the signed-in user is known, and closes on sign-out', async () => {
    const realtime = mockRealtime();
    const api = signedIn({ 'POST user/logout': envelopeOk({}) });
    renderApp('/dashboard', { api, signedIn: true, realtime });
    await screen.findByTestId('greeting');
    // user/verify and the dashboard's user/update each set the user again: the same stream stays.
    await waitFor(() => expect(api.calls('GET user/update')).toHaveLength(1));
    await act(async () => {});
    expect(api.calls('GET user/verify')).toHaveLength(1);
    expect(realtime.sources.map((s) => s.url)).toEqual(['/api/realtime?token=test-token']);
    realtime.ready();

    fireEvent.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(realtime.sources[0].closed).toBe(true);
    expect(realtime.sources).toHaveLength(1);
  });

  it('opens nothing signed out', async () => {
    const realtime = mockRealtime();
    renderApp('/user/sign-in', { realtime });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(realtime.sources).toHaveLength(0);
  });

  it('waits for the unlock after a reload on a locked screen', async () => {
    const realtime = mockRealtime();
    const api = signedIn({ 'POST user/unlock': envelopeOk({ user: demoUser }) });
    api.store.signIn('t', 'super');
    localStorage.setItem(STORAGE_KEYS.locked, '1');
    renderApp('/dashboard', { api, realtime });
    await screen.findByTestId('lock-screen');
    expect(realtime.sources).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Demo-2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    await screen.findByTestId('greeting');
    // The stream opens in an effect after the unlock's render: wait for it, not for one tick.
    await waitFor(() => expect(realtime.sources.map((s) => s.url)).toEqual(['/api/realtime?token=t']));
  });
});
