import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { demoUser, renderApp } from '../test/renderApp';
import { VERSION_CHECK_MS } from '../features/about/api';
import { pageReload } from './VersionNotice';

const VERSIONS = 'GET versiones/ultima';
const version = (release: string) => envelopeOk({ version: '0.1.0', release, modules: [{ plugin_id: 'contacts', name: 'Contactos', version: '0.3.1' }] });

/**
 * The dashboard signed in, `versiones/ultima` answering what `answer` holds at each read; resolves
 * once the first answer is taken as the release this page loaded.
 */
async function start(first: unknown = version('aaaaaaaaaaaa')) {
  const host = { answer: first };
  const api = mockApi({
    'GET user/verify': envelopeOk({ user: demoUser }),
    'GET user/update': envelopeOk({ user: demoUser }),
    [VERSIONS]: () => host.answer,
  });
  renderApp('/dashboard', { api, signedIn: true });
  await screen.findByTestId('greeting');
  return { api, host, reads: () => api.calls(VERSIONS).length };
}

const loaded = (release: string) => waitFor(() => expect(screen.getByTestId('version-watch')).toHaveAttribute('data-loaded', release));
const notice = () => screen.queryByTestId('version-notice');
/** Five minutes go by. */
const tick = () =>
  act(() => {
    vi.advanceTimersByTime(VERSION_CHECK_MS);
  });
/** Lets an answer arrive (there is nothing to wait for when nothing changes). */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  // Back to jsdom's own (the prototype's) visibility.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('the new version notice', () => {
  it('reads the release once signed in and every 5 minutes; another release brings a notice that stays', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, host, reads } = await start();
    await loaded('aaaaaaaaaaaa');
    expect(reads()).toBe(1);
    expect(api.calls(VERSIONS)[0].headers.authorization).toBe('Token test-token');

    // The same release: nothing.
    act(() => {
      vi.advanceTimersByTime(VERSION_CHECK_MS - 1_000);
    });
    expect(reads()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(reads()).toBe(2));
    await settle();
    expect(notice()).toBeNull();

    // The host upgraded (or a module changed for the user): the notice.
    host.answer = version('bbbbbbbbbbbb');
    tick();
    await waitFor(() => expect(reads()).toBe(3));
    const shown = await screen.findByTestId('version-notice');
    expect(shown).toHaveTextContent('Hay una versión nueva de Volante');
    expect(within(shown).getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Cerrar el aviso' })).toBeInTheDocument();
    // Not a toast: it is not among them and is still there after the next read.
    expect(shown.closest('.vk-toasts')).toBeNull();
    tick();
    await waitFor(() => expect(reads()).toBe(4));
    await settle();
    expect(notice()).toBeInTheDocument();
    // Still the release this page loaded that is compared.
    expect(screen.getByTestId('version-watch')).toHaveAttribute('data-loaded', 'aaaaaaaaaaaa');
  });

  it('"Recargar" loads the page again', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const { host } = await start();
    await loaded('aaaaaaaaaaaa');
    host.answer = version('bbbbbbbbbbbb');
    setVisibility('visible');
    fireEvent.click(within(await screen.findByTestId('version-notice')).getByRole('button', { name: 'Recargar' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reads again when the tab becomes visible (not when it is hidden)', async () => {
    const { host, reads } = await start();
    await loaded('aaaaaaaaaaaa');
    host.answer = version('cccccccccccc');
    setVisibility('hidden');
    await settle();
    expect(reads()).toBe(1);
    expect(notice()).toBeNull();
    setVisibility('visible');
    await waitFor(() => expect(reads()).toBe(2));
    expect(await screen.findByTestId('version-notice')).toHaveAttribute('data-release', 'cccccccccccc');
  });

  it('a failed read changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { host, reads } = await start();
    await loaded('aaaaaaaaaaaa');
    // Failing (the host's error, then no answer at all): no notice.
    host.answer = readError('SERVER-000', 'Reiniciando');
    tick();
    await waitFor(() => expect(reads()).toBe(2));
    host.answer = new Response('down', { status: 503 });
    tick();
    await waitFor(() => expect(reads()).toBe(3));
    // An answer without a release (a host older than the call): nothing to compare.
    host.answer = envelopeOk({ version: '0.1.0' });
    tick();
    await waitFor(() => expect(reads()).toBe(4));
    await settle();
    expect(notice()).toBeNull();
    // A new release, then a failure: the notice stays.
    host.answer = version('bbbbbbbbbbbb');
    tick();
    await screen.findByTestId('version-notice');
    host.answer = readError('SERVER-000', 'Reiniciando');
    tick();
    await waitFor(() => expect(reads()).toBe(6));
    await settle();
    expect(notice()).toBeInTheDocument();
    expect(screen.getByTestId('version-watch')).toHaveAttribute('data-loaded', 'aaaaaaaaaaaa');
  });

  it('a first read that fails takes the next answer as the release loaded', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { host, reads } = await start(readError('SERVER-000', 'Reiniciando'));
    await waitFor(() => expect(reads()).toBe(1));
    host.answer = version('aaaaaaaaaaaa');
    tick();
    await loaded('aaaaaaaaaaaa');
    await settle();
    expect(notice()).toBeNull();
  });

  it('dismissed, it goes until another release; back to the release loaded, it goes too', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { host, reads } = await start();
    await loaded('aaaaaaaaaaaa');
    host.answer = version('bbbbbbbbbbbb');
    tick();
    fireEvent.click(within(await screen.findByTestId('version-notice')).getByRole('button', { name: 'Cerrar el aviso' }));
    expect(notice()).toBeNull();
    // The same new release again: still dismissed.
    tick();
    await waitFor(() => expect(reads()).toBe(3));
    await settle();
    expect(notice()).toBeNull();
    // Yet another: shown again.
    host.answer = version('dddddddddddd');
    tick();
    expect(await screen.findByTestId('version-notice')).toHaveAttribute('data-release', 'dddddddddddd');
    // The module switched back: this page is current again.
    host.answer = version('aaaaaaaaaaaa');
    tick();
    await waitFor(() => expect(notice()).toBeNull());
  });

  it('asks nothing signed out', async () => {
    const { api } = renderApp('/user/sign-in');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    await settle();
    expect(api.calls(VERSIONS)).toHaveLength(0);
    expect(screen.queryByTestId('version-watch')).toBeNull();
  });
});
