import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defineModule, type VolanteModule } from '@volante/plugin-ui';
import { envelopeOk, mockApi, mockRealtime, readError, type MockHandler } from '@volante/plugin-ui/testing';
import { demoUser, renderApp } from '../test/renderApp';
import type { ModuleLoader } from '../modules/loader';
import type { ModuleInfo, ModuleMenuEntry } from '../modules/types';
import { BADGE_REFRESH_MS, badgeCount } from './MenuBadge';

function ChatPage() {
  return <h2 data-testid="chat-page" />;
}

const chat: VolanteModule = defineModule({
  id: 'chat',
  namespace: 'chat',
  resources: { es: { menu: { chat: 'Mensajes', rooms: 'Salas' } }, en: {} },
  routes: [{ path: '/apps/chat/all', Component: ChatPage }],
});

const loader: ModuleLoader = { load: async () => chat };

const badgeEntry: ModuleMenuEntry = {
  label: 'chat:menu.chat',
  path: '/apps/chat/all',
  icon: 'chat',
  badge: { call: 'chat/count', field: 'unread.pending', refresh: ['message', 'group'] },
};

function chatInfo(menu: ModuleMenuEntry[] = [badgeEntry]): ModuleInfo {
  return {
    plugin_id: 'chat',
    name: 'Chat',
    version: '0.1.0',
    remote: 'chat',
    url: '/plugins/chat/remoteEntry.js',
    exposes: ['./Module'],
    menu,
    routes: ['/apps/chat/all'],
  };
}

function host(count: MockHandler | object = envelopeOk({ unread: { pending: 3 } }), menu?: ModuleMenuEntry[]) {
  return mockApi({
    'GET user/verify': envelopeOk({ user: demoUser }),
    'GET user/update': envelopeOk({ user: demoUser }),
    'GET plugin/modules': envelopeOk([chatInfo(menu)]),
    'GET chat/count': count,
  });
}

const findMenu = () => screen.findByRole('complementary', { name: 'Menú principal' });
const chatLink = async () => within(await findMenu()).findByRole('link', { name: /Mensajes/ });
/** Lets the throttle window pass (nothing is pending afterwards). */
const pause = (ms = BADGE_REFRESH_MS + 100) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

afterEach(() => vi.restoreAllMocks());

describe('menu badges', () => {
  it('shows the number at the dotted field beside the entry, with a Spanish accessible label', async () => {
    const api = host();
    renderApp('/dashboard', { api, signedIn: true, modules: loader });
    const link = await chatLink();
    expect(await within(link).findByTestId('menu-badge')).toHaveTextContent(/^3$/);
    expect(link).toHaveAccessibleName('Mensajes 3 pendientes');
    expect(api.calls('GET chat/count')).toHaveLength(1);
    expect(api.calls('GET chat/count')[0].headers.authorization).toBe('Token test-token');
  });

  it('says "pendiente" for one', async () => {
    renderApp('/dashboard', { api: host(envelopeOk({ unread: { pending: 1 } })), signedIn: true, modules: loader });
    const link = await chatLink();
    await within(link).findByTestId('menu-badge');
    expect(link).toHaveAccessibleName('Mensajes 1 pendiente');
  });

  it('shows nothing at 0, or when the field is missing or not a number', async () => {
    for (const data of [{ unread: { pending: 0 } }, { unread: {} }, { unread: { pending: '4' } }, null]) {
      const api = host(envelopeOk(data));
      const { unmount } = renderApp('/dashboard', { api, signedIn: true, modules: loader });
      const link = await chatLink();
      await waitFor(() => expect(api.calls('GET chat/count')).toHaveLength(1));
      await act(async () => {});
      expect(within(link).queryByTestId('menu-badge')).toBeNull();
      expect(link).toHaveAccessibleName('Mensajes');
      unmount();
    }
  });

  it('shows 99+ above 99 (the label keeps the number)', async () => {
    renderApp('/dashboard', { api: host(envelopeOk({ unread: { pending: 150 } })), signedIn: true, modules: loader });
    const link = await chatLink();
    expect(await within(link).findByTestId('menu-badge')).toHaveTextContent(/^99\+$/);
    expect(link).toHaveAccessibleName('Mensajes 150 pendientes');
  });

  it('a failed call shows no badge, logs nothing and leaves the menu working', async () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const api = host(readError('SERVER-000'));
    renderApp('/dashboard', { api, signedIn: true, modules: loader });
    const link = await chatLink();
    await waitFor(() => expect(api.calls('GET chat/count')).toHaveLength(1));
    await act(async () => {});
    expect(within(link).queryByTestId('menu-badge')).toBeNull();
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(await screen.findByTestId('chat-page')).toBeInTheDocument();
  });

  it('reads again on its plugin realtime topics and when the stream opens, not on other events', async () => {
    let pending = 3;
    const api = host(() => envelopeOk({ unread: { pending } }));
    const realtime = mockRealtime();
    renderApp('/dashboard', { api, signedIn: true, modules: loader, realtime });
    const link = await chatLink();
    expect(await within(link).findByTestId('menu-badge')).toHaveTextContent(/^3$/);
    const reads = () => api.calls('GET chat/count').length;
    await pause();
    const before = reads();

    realtime.emit('contacts.message', { id: 1 });
    realtime.emit('chat.typing', { id: 1 });
    await pause();
    expect(reads()).toBe(before);

    pending = 4;
    realtime.emit('chat.message', { id: 2 });
    // The badge is already there (3): wait for its text, not for the element.
    await waitFor(() => expect(within(link).getByTestId('menu-badge')).toHaveTextContent(/^4$/));
    expect(reads()).toBe(before + 1);
    await pause();

    pending = 0;
    realtime.emit('chat.group', { id: 3 });
    await waitFor(() => expect(within(link).queryByTestId('menu-badge')).toBeNull());
    expect(reads()).toBe(before + 2);
    await pause();

    pending = 7;
    realtime.ready();
    expect(await within(link).findByTestId('menu-badge')).toHaveTextContent(/^7$/);
    expect(reads()).toBe(before + 3);
  });

  it('a burst of events makes at most two reads, the last one after the burst', async () => {
    let pending = 1;
    const api = host(() => envelopeOk({ unread: { pending } }));
    const realtime = mockRealtime();
    renderApp('/dashboard', { api, signedIn: true, modules: loader, realtime });
    const link = await chatLink();
    await within(link).findByTestId('menu-badge');
    await pause();
    const before = api.calls('GET chat/count').length;
    for (let i = 2; i <= 6; i += 1) {
      pending = i;
      realtime.emit('chat.message', { id: i });
    }
    await waitFor(() => expect(within(link).getByTestId('menu-badge')).toHaveTextContent(/^6$/));
    await pause();
    expect(api.calls('GET chat/count').length).toBe(before + 2);
  });

  it('reads again when the location changes', async () => {
    let pending = 2;
    const api = host(() => envelopeOk({ unread: { pending } }));
    renderApp('/dashboard', { api, signedIn: true, modules: loader });
    const link = await chatLink();
    expect(await within(link).findByTestId('menu-badge')).toHaveTextContent(/^2$/);
    await pause();
    pending = 0;
    fireEvent.click(link);
    await screen.findByTestId('chat-page');
    await waitFor(() => expect(within(link).queryByTestId('menu-badge')).toBeNull());
    expect(api.calls('GET chat/count')).toHaveLength(2);
  });

  it('an entry without a badge makes no call', async () => {
    const realtime = mockRealtime();
    const plain: ModuleMenuEntry = { label: 'chat:menu.rooms', path: '/apps/chat/all', icon: 'chat' };
    const api = host(envelopeOk({ unread: { pending: 3 } }), [plain, { ...plain, label: 'chat:menu.chat', path: '/apps/chat/other', badge: null }]);
    renderApp('/dashboard', { api, signedIn: true, modules: loader, realtime });
    const menu = await findMenu();
    expect(await within(menu).findByRole('link', { name: /Salas/ })).toBeInTheDocument();
    realtime.ready();
    realtime.emit('chat.message', {});
    await pause();
    expect(api.calls('GET chat/count')).toHaveLength(0);
    expect(within(menu).queryByTestId('menu-badge')).toBeNull();
  });
});

describe('badgeCount', () => {
  it('reads a positive number at a dotted path, else 0', () => {
    expect(badgeCount({ a: { b: 5 } }, 'a.b')).toBe(5);
    expect(badgeCount({ pending: 2.7 }, 'pending')).toBe(2);
    expect(badgeCount({ pending: -1 }, 'pending')).toBe(0);
    expect(badgeCount({ a: 5 }, 'a.b')).toBe(0);
    expect(badgeCount({}, 'constructor')).toBe(0);
    expect(badgeCount(undefined, 'a')).toBe(0);
  });
});
