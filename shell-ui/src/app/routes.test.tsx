import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { STORAGE_KEYS } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../test/renderApp';
import { act, render } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { AppProviders } from './AppProviders';
import { RequireAuth } from './RequireAuth';
import { ScrollToTop } from './NavigationEffects';
import { createI18n } from '../i18n';

function signedInApi() {
  return mockApi({
    'GET user/verify': envelopeOk({ user: demoUser }),
    'GET user/update': envelopeOk({ user: demoUser }),
  });
}

describe('routes', () => {
  it('/ without a session goes to the sign-in screen, asking nothing of the host', async () => {
    const { api } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/sign-in');
    expect(api.requests).toHaveLength(0);
  });

  it('/ with a session verifies it and lands on /dashboard', async () => {
    const api = signedInApi();
    renderApp('/', { api, signedIn: true });
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Hola, Dolores');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(api.calls('GET user/verify')[0].headers.authorization).toBe('Token test-token');
  });

  it('/404 needs no session', async () => {
    const { api } = renderApp('/404');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('a signed-out path no shell route knows goes to sign-in once no public screen claims it', async () => {
    const { api } = renderApp('/esto/no/existe');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/user/sign-in');
    // only the public modules were asked for, without a token
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET plugin/modules']);
    expect(api.requests[0].headers.authorization).toBeUndefined();
  });

  it('/noauth goes to / and so to the sign-in screen', async () => {
    renderApp('/noauth');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('a verify answered with success false purges the session and goes to sign-in', async () => {
    const api = mockApi({ 'GET user/verify': readError('SESSION-000', 'Invalid session') });
    renderApp('/dashboard', { api, signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });

  it('a transport failure on verify keeps the session and offers a retry', async () => {
    let fail = true;
    const api = mockApi({
      'GET user/verify': () => (fail ? new Response('down', { status: 503 }) : envelopeOk({ user: demoUser })),
      'GET user/update': envelopeOk({ user: demoUser }),
    });
    renderApp('/dashboard', { api, signedIn: true });
    expect(await screen.findByText(/No se ha podido conectar/)).toBeInTheDocument();
    expect(api.store.getToken()).toBe('test-token');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('greeting')).toBeInTheDocument();
  });

  it('verifies again on each navigation, behind the page already shown', async () => {
    const api = signedInApi();
    api.store.signIn('t', 'super');
    render(
      <AppProviders api={api.client} store={api.store} i18n={createI18n('es')} config={{ lockIdleMs: 0 }}>
        <MemoryRouter initialEntries={['/a']}>
          <Routes>
            <Route element={<RequireAuth><Outlet /></RequireAuth>}>
              <Route path="/a" element={<Link to="/b">to b</Link>} />
              <Route path="/b" element={<p>page b</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'to b' }));
    expect(screen.getByText('page b')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET user/verify')).toHaveLength(2));
  });

  it('scrolls to the top 100 ms after a navigation', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    vi.useFakeTimers();
    try {
      render(
        <MemoryRouter initialEntries={['/a']}>
          <ScrollToTop />
          <Routes>
            <Route path="/a" element={<Link to="/b">to b</Link>} />
            <Route path="/b" element={<Link to="/a">to a</Link>} />
          </Routes>
        </MemoryRouter>,
      );
      act(() => vi.advanceTimersByTime(100));
      scrollTo.mockClear();
      fireEvent.click(screen.getByRole('link', { name: 'to b' }));
      act(() => vi.advanceTimersByTime(99));
      expect(scrollTo).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(scrollTo).toHaveBeenCalledTimes(1);
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
