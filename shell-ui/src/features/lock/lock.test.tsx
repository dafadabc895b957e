import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelopeOk, mockApi, writeError } from '@volante/plugin-ui/testing';
import { STORAGE_KEYS } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../../test/renderApp';

function signedIn(extra: Record<string, object> = {}) {
  return mockApi({ 'GET user/verify': envelopeOk({ user: demoUser }), 'GET user/update': envelopeOk({ user: demoUser }), ...extra });
}

async function lockFromMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Menú de usuario' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Bloquear pantalla' }));
  return screen.findByTestId('lock-screen');
}

async function unlockWith(password: string) {
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
}

describe('lock screen', () => {
  it('manual lock; a wrong password shows the warning; the right one unlocks', async () => {
    const api = signedIn({
      'POST user/unlock': (req: { body: unknown }) =>
        (req.body as { password: string }).password === 'Demo-2026!' ? envelopeOk({ user: demoUser }) : writeError('LOGIN-008', 'x'),
    });
    renderApp('/dashboard', { api, signedIn: true });
    await screen.findByTestId('greeting');
    await lockFromMenu();
    expect(screen.queryByTestId('greeting')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.locked)).toBe('1');

    await unlockWith('mal');
    expect(await screen.findByTestId('lock-error')).toHaveTextContent('revise la contraseña o se cerrará la sesión');
    await unlockWith('Demo-2026!');
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.locked)).toBeNull();
    expect(api.calls('POST user/unlock').map((r) => r.body)).toEqual([{ password: 'mal' }, { password: 'Demo-2026!' }]);
  });

  it('locks by itself after the configured inactivity', async () => {
    renderApp('/dashboard', { api: signedIn(), signedIn: true, lockIdleMs: 150 });
    await screen.findByTestId('greeting');
    expect(await screen.findByTestId('lock-screen', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('activity pushes the idle lock back', async () => {
    renderApp('/dashboard', { api: signedIn(), signedIn: true, lockIdleMs: 1000 });
    await screen.findByTestId('greeting');
    // 1.2 s in all, never more than 150 ms without activity.
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 150));
      fireEvent.keyDown(window, { key: 'a' });
    }
    expect(screen.queryByTestId('lock-screen')).toBeNull();
  });

  it('stays locked across a reload', async () => {
    const api = signedIn();
    api.store.signIn('t', 'super');
    localStorage.setItem(STORAGE_KEYS.locked, '1');
    renderApp('/dashboard', { api });
    expect(await screen.findByTestId('lock-screen')).toBeInTheDocument();
  });

  it.each(['SESSION-000', 'LOGIN-005'])('an unlock answered %s purges and goes to sign-in', async (code) => {
    const api = signedIn({ 'POST user/unlock': writeError(code, 'x') });
    renderApp('/dashboard', { api, signedIn: true });
    await screen.findByTestId('greeting');
    await lockFromMenu();
    await unlockWith('Demo-2026!');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.locked)).toBeNull();
  });

  it('can sign out from the lock screen', async () => {
    const api = signedIn({ 'POST user/logout': envelopeOk({}) });
    renderApp('/dashboard', { api, signedIn: true });
    await screen.findByTestId('greeting');
    await lockFromMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('POST user/logout')).toHaveLength(1));
  });
});
