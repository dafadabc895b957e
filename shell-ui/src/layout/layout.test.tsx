import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { envelopeOk, mockApi } from '@volante/plugin-ui/testing';
import { STORAGE_KEYS } from '@volante/plugin-ui';
import { demoUser, renderApp } from '../test/renderApp';
import { LayoutProvider, useLayout, usePageLayout } from './LayoutContext';
import { Toolbar } from './Toolbar';
import { createI18n } from '../i18n';
import { I18nextProvider } from 'react-i18next';

function signedIn(extra: Record<string, object> = {}) {
  return mockApi({ 'GET user/verify': envelopeOk({ user: demoUser }), 'GET user/update': envelopeOk({ user: demoUser }), ...extra });
}

describe('layout', () => {
  it('shows the title and breadcrumbs set by the page, the fiscal name and a 55px toolbar', async () => {
    renderApp('/dashboard', { api: signedIn(), signedIn: true });
    await screen.findByTestId('greeting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveTextContent('Inicio');
    expect(screen.getByTestId('header-fiscal-name')).toHaveTextContent('Autoescuela Demo SL');
    expect(screen.getByTestId('toolbar')).toHaveStyle({ height: '55px' });
    expect(screen.getByTestId('business-name')).toHaveTextContent('Autoescuela Demo');
    expect(screen.getByRole('complementary', { name: 'Menú principal' })).toHaveTextContent('Panel');
  });

  it('logout posts user/logout, purges and goes to sign-in, keeping the device id', async () => {
    const api = signedIn({ 'POST user/logout': envelopeOk({}) });
    const device = api.store.getDevice();
    renderApp('/dashboard', { api, signedIn: true });
    await screen.findByTestId('greeting');
    fireEvent.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(api.calls('POST user/logout')[0].headers.authorization).toBe('Token test-token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.device)).toBe(device);
  });

  it('switches the language from the user menu (English falls back to Spanish)', async () => {
    const { i18n } = renderApp('/dashboard', { api: signedIn(), signedIn: true });
    await screen.findByTestId('greeting');
    fireEvent.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('menuitemradio', { name: 'Español' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(localStorage.getItem('volante.lang')).toBe('en');
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hola, Dolores');
  });
});

function Page({ name, hideToolbar = false }: { name: string; hideToolbar?: boolean }) {
  usePageLayout({ title: name, fiscalName: `${name} SL`, toolbar: !hideToolbar });
  return <Link to={name === 'a' ? '/b' : '/a'}>go</Link>;
}

function Probe() {
  const { config } = useLayout();
  return <output data-testid="config">{JSON.stringify(config)}</output>;
}

function Bare() {
  return <Link to="/a">go</Link>;
}

describe('layout configuration', () => {
  it('is reset on every navigation: a page that sets nothing sees the defaults', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <LayoutProvider>
          <Probe />
          <Routes>
            <Route path="/a" element={<Page name="a" hideToolbar />} />
            <Route path="/b" element={<Bare />} />
          </Routes>
        </LayoutProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(JSON.parse(screen.getByTestId('config').textContent!)).toMatchObject({ title: 'a', fiscalName: 'a SL', toolbar: false }));
    fireEvent.click(screen.getByRole('link', { name: 'go' }));
    expect(JSON.parse(screen.getByTestId('config').textContent!)).toEqual({ title: '', breadcrumbs: [], fiscalName: null, toolbar: true });
    fireEvent.click(screen.getByRole('link', { name: 'go' }));
    await waitFor(() => expect(JSON.parse(screen.getByTestId('config').textContent!)).toMatchObject({ title: 'a', toolbar: false }));
  });
});

describe('toolbar', () => {
  function ToolbarFromLayout() {
    const { config } = useLayout();
    return <Toolbar height={config.toolbar ? 55 : 0} />;
  }

  it('is 0 high and empty when the page hides it', async () => {
    render(
      <I18nextProvider i18n={createI18n('es')}>
        <MemoryRouter initialEntries={['/a']}>
          <LayoutProvider>
            <ToolbarFromLayout />
            <Routes>
              <Route path="/a" element={<Page name="a" hideToolbar />} />
            </Routes>
          </LayoutProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('toolbar')).toHaveStyle({ height: '0px' }));
    expect(screen.getByTestId('toolbar')).toBeEmptyDOMElement();
  });
});
