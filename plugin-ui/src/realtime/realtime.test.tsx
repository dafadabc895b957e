import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SessionProvider, useSession } from '../session/SessionContext';
import { STORAGE_KEYS, createSessionStore, type SessionStore } from '../session/storage';
import { testDirector } from '../testing/renderModule';
import { mockRealtime, type MockRealtime } from '../testing/realtime';
import { RealtimeProvider, useRealtime, useRealtimeState } from './RealtimeProvider';
import { REALTIME_OPEN, type RealtimeConnect } from './hub';

const director = testDirector([]);

function State() {
  return <output data-testid="state">{useRealtimeState()}</output>;
}

/** Records what `useRealtime(event)` receives. */
function Listen({ event, seen }: { event: string; seen: unknown[] }) {
  useRealtime(event, (data) => seen.push(data));
  return null;
}

let session!: ReturnType<typeof useSession>;
function GrabSession() {
  session = useSession();
  return null;
}

function setup({
  signedIn = true,
  locked = false,
  realtime = mockRealtime(),
  url,
  children,
}: {
  signedIn?: boolean;
  locked?: boolean;
  realtime?: MockRealtime;
  url?: string;
  children?: React.ReactNode;
} = {}) {
  const store: SessionStore = createSessionStore();
  if (signedIn) store.signIn('tok/en+1', 'super');
  if (locked) store.setLocked(true);
  const result = render(
    <SessionProvider store={store} initialUser={signedIn ? director : null}>
      <RealtimeProvider connect={realtime.connect} url={url}>
        <GrabSession />
        <State />
        {children}
      </RealtimeProvider>
    </SessionProvider>,
  );
  const state = () => screen.getByTestId('state').textContent;
  return { ...result, store, realtime, state };
}

describe('RealtimeProvider', () => {
  it('opens one stream with the encoded token once signed in, and is open on ready', () => {
    const { realtime, state } = setup();
    expect(realtime.sources).toHaveLength(1);
    expect(realtime.sources[0].url).toBe('/api/realtime?token=tok%2Fen%2B1');
    expect(state()).toBe('connecting');
    realtime.ready();
    expect(state()).toBe('open');
  });

  it('takes another API base from `url`', () => {
    const { realtime } = setup({ url: 'https://volante.example/api/' });
    expect(realtime.sources[0].url).toBe('https://volante.example/api/realtime?token=tok%2Fen%2B1');
  });

  it('opens nothing without a token, nor with the screen locked', () => {
    const signedOut = setup({ signedIn: false });
    expect(signedOut.realtime.sources).toHaveLength(0);
    expect(signedOut.state()).toBe('off');
    signedOut.unmount();

    const locked = setup({ locked: true });
    expect(locked.realtime.sources).toHaveLength(0);
    expect(locked.state()).toBe('off');
  });

  it('opens nothing with a token while the user is not known yet, then opens when it is', () => {
    const realtime = mockRealtime();
    const store = createSessionStore();
    store.signIn('abc', 'super');
    render(
      <SessionProvider store={store}>
        <RealtimeProvider connect={realtime.connect}>
          <GrabSession />
        </RealtimeProvider>
      </SessionProvider>,
    );
    expect(realtime.sources).toHaveLength(0);
    act(() => session.setUser(director));
    expect(realtime.sources.map((s) => s.url)).toEqual(['/api/realtime?token=abc']);
  });

  it('stays off where the browser has no EventSource', () => {
    const { realtime, state } = setup({ realtime: mockRealtime({ available: false }) });
    expect(realtime.sources).toHaveLength(0);
    expect(state()).toBe('off');
  });

  it('defaults to no connection when globalThis.EventSource is missing (jsdom)', () => {
    expect((globalThis as { EventSource?: unknown }).EventSource).toBeUndefined();
    const store = createSessionStore();
    store.signIn('abc', 'super');
    render(
      <SessionProvider store={store} initialUser={director}>
        <RealtimeProvider>
          <State />
        </RealtimeProvider>
      </SessionProvider>,
    );
    expect(screen.getByTestId('state')).toHaveTextContent('off');
  });

  it('uses the browser EventSource by default', () => {
    const opened: string[] = [];
    class StubEventSource {
      constructor(url: string) {
        opened.push(url);
      }
      addEventListener() {}
      removeEventListener() {}
      close() {}
    }
    vi.stubGlobal('EventSource', StubEventSource);
    try {
      const store = createSessionStore();
      store.signIn('abc', 'super');
      render(
        <SessionProvider store={store} initialUser={director}>
          <RealtimeProvider>
            <State />
          </RealtimeProvider>
        </SessionProvider>,
      );
      expect(opened).toEqual(['/api/realtime?token=abc']);
      expect(screen.getByTestId('state')).toHaveTextContent('connecting');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('delivers each named event, parsed, to the hooks of that name only', () => {
    const messages: unknown[] = [];
    const groups: unknown[] = [];
    const { realtime } = setup({
      children: (
        <>
          <Listen event="chat.message" seen={messages} />
          <Listen event="chat.group" seen={groups} />
        </>
      ),
    });
    realtime.ready();
    realtime.emit('chat.message', { id: 1, text: 'Hola' });
    realtime.emit('chat.group', { id: 7 });
    realtime.emit('fleet.vehicle', { id: 3 });
    expect(messages).toEqual([{ id: 1, text: 'Hola' }]);
    expect(groups).toEqual([{ id: 7 }]);
  });

  it('attaches a listener for a name only once something asks for it', () => {
    const seen: unknown[] = [];
    function Later() {
      const [on, setOn] = useState(false);
      return (
        <>
          <button onClick={() => setOn(true)}>on</button>
          {on && <Listen event="chat.message" seen={seen} />}
        </>
      );
    }
    const { realtime } = setup({ children: <Later /> });
    const source = realtime.sources[0];
    expect(source.listens('chat.message')).toBe(false);
    act(() => screen.getByRole('button').click());
    expect(source.listens('chat.message')).toBe(true);
    realtime.emit('chat.message', { id: 2 });
    expect(seen).toEqual([{ id: 2 }]);
  });

  it('calls the latest handler without memoising it, and stops after unmount', () => {
    const calls: string[] = [];
    function Counter({ label }: { label: string }) {
      useRealtime('chat.message', () => calls.push(label));
      return null;
    }
    function Host() {
      const [label, setLabel] = useState<string | null>('a');
      return (
        <>
          <button onClick={() => setLabel('b')}>b</button>
          <button onClick={() => setLabel(null)}>off</button>
          {label && <Counter label={label} />}
        </>
      );
    }
    const { realtime } = setup({ children: <Host /> });
    realtime.emit('chat.message', {});
    act(() => screen.getByRole('button', { name: 'b' }).click());
    realtime.emit('chat.message', {});
    act(() => screen.getByRole('button', { name: 'off' }).click());
    realtime.emit('chat.message', {});
    expect(calls).toEqual(['a', 'b']);
  });

  it('ignores data that is not JSON, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: unknown[] = [];
    const { realtime } = setup({ children: <Listen event="chat.message" seen={seen} /> });
    realtime.emit('chat.message', '{not json');
    realtime.emit('chat.message', { ok: true });
    expect(seen).toEqual([{ ok: true }]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('raises realtime.open on every ready', () => {
    const opens: unknown[] = [];
    const { realtime, state } = setup({ children: <Listen event={REALTIME_OPEN} seen={opens} /> });
    expect(opens).toEqual([]);
    realtime.ready();
    expect(opens).toEqual([{}]);
    // The connection drops; the browser reconnects by itself and the host says ready again.
    realtime.fail();
    expect(state()).toBe('connecting');
    realtime.ready();
    expect(opens).toEqual([{}, {}]);
    expect(state()).toBe('open');
    expect(realtime.sources).toHaveLength(1);
  });

  it('closes on a purge and opens again, with the new token, on the next sign-in', () => {
    const seen: unknown[] = [];
    const { realtime, store, state } = setup({ children: <Listen event="chat.message" seen={seen} /> });
    realtime.ready();
    const first = realtime.sources[0];
    act(() => store.purge());
    expect(first.closed).toBe(true);
    expect(state()).toBe('off');
    expect(realtime.sources).toHaveLength(1);

    act(() => {
      store.signIn('second', 'super');
      session.setUser({ ...director });
    });
    expect(realtime.sources).toHaveLength(2);
    const second = realtime.sources[1];
    expect(second.url).toBe('/api/realtime?token=second');
    // The names asked for are attached to the new source.
    expect(second.listens('chat.message')).toBe(true);
    first.dispatch('chat.message', JSON.stringify({ from: 'old' }));
    realtime.emit('chat.message', { from: 'new' });
    expect(seen).toEqual([{ from: 'new' }]);
  });

  it('keeps the stream when the same session refreshes its user', () => {
    const { realtime } = setup();
    act(() => session.setUser({ ...director, first_name: 'Lola' }));
    expect(realtime.sources).toHaveLength(1);
    expect(realtime.current).not.toBeNull();
  });

  it('closes on the session event and does not reconnect; the hooks of `session` hear it', () => {
    const ended: unknown[] = [];
    const { realtime, state } = setup({ children: <Listen event="session" seen={ended} /> });
    realtime.ready();
    const source = realtime.sources[0];
    realtime.endSession();
    expect(source.closed).toBe(true);
    expect(state()).toBe('off');
    expect(ended).toEqual([{ code: 'SESSION-000' }]);
    act(() => session.setUser({ ...director }));
    expect(realtime.sources).toHaveLength(1);
  });

  it('closes when another tab locks the screen, and opens again when it unlocks', () => {
    const { realtime, state } = setup();
    const tellOtherTab = (key: string, value: string | null) =>
      act(() => {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
        window.dispatchEvent(new StorageEvent('storage', { key }));
      });
    tellOtherTab(STORAGE_KEYS.locked, '1');
    expect(realtime.sources[0].closed).toBe(true);
    expect(state()).toBe('off');
    tellOtherTab(STORAGE_KEYS.locked, null);
    expect(realtime.sources).toHaveLength(2);
    expect(state()).toBe('connecting');
    // Another tab signing out takes the token away.
    tellOtherTab(STORAGE_KEYS.token, null);
    expect(realtime.sources[1].closed).toBe(true);
    expect(state()).toBe('off');
  });

  it('closes on unmount', () => {
    const { realtime, unmount } = setup();
    unmount();
    expect(realtime.sources[0].closed).toBe(true);
  });

  it('opens a new stream, listeners attached again, when the browser gives up on one', () => {
    vi.useFakeTimers();
    try {
      const seen: unknown[] = [];
      const opens: unknown[] = [];
      const { realtime, state } = setup({
        children: (
          <>
            <Listen event="chat.message" seen={seen} />
            <Listen event={REALTIME_OPEN} seen={opens} />
          </>
        ),
      });
      realtime.ready();
      realtime.fail(true);
      expect(realtime.sources[0].closed).toBe(true);
      expect(state()).toBe('connecting');
      act(() => vi.advanceTimersByTime(2_000));
      expect(realtime.sources).toHaveLength(2);
      expect(realtime.sources[1].listens('chat.message')).toBe(true);
      realtime.ready();
      realtime.emit('chat.message', { again: true });
      expect(seen).toEqual([{ again: true }]);
      expect(opens).toEqual([{}, {}]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not reopen on every render when connect is an inline function', () => {
    const realtime = mockRealtime();
    const store = createSessionStore();
    store.signIn('abc', 'super');
    function Rerender() {
      const [n, setN] = useState(0);
      return (
        <RealtimeProvider connect={(url) => realtime.connect(url)}>
          <button onClick={() => setN(n + 1)}>again</button>
        </RealtimeProvider>
      );
    }
    render(
      <SessionProvider store={store} initialUser={director}>
        <Rerender />
      </SessionProvider>,
    );
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    expect(realtime.sources).toHaveLength(1);
  });
});

describe('outside a RealtimeProvider', () => {
  it('useRealtime does nothing and the state is off', () => {
    const handler = vi.fn();
    function Page() {
      useRealtime('chat.message', handler);
      return <output data-testid="state">{useRealtimeState()}</output>;
    }
    render(<Page />);
    expect(screen.getByTestId('state')).toHaveTextContent('off');
    expect(handler).not.toHaveBeenCalled();
  });
});

// Type check: a connect returning null is accepted.
const _none: RealtimeConnect = () => null;
void _none;
