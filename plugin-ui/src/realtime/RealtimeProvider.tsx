/**
 * The host's realtime stream: `GET /api/realtime?token=<session token>` (text/event-stream).
 *
 * - `event: ready` (data `{}`) once the stream is open: the state becomes `open` and the local
 *   event `realtime.open` is raised, so pages re-read what they may have missed;
 * - `event: <plugin-id>.<topic>` with JSON data: handed to the `useRealtime` handlers of that name;
 * - `event: session` (data `{"code":"SESSION-000"}`): the session has ended, the host closes the
 *   stream and the provider closes its EventSource so that it does not reconnect;
 * - comment lines keep the connection alive and never reach the page.
 *
 * One EventSource for the whole app, open while the session has a token, a known user and no
 * lock. It closes on a purge, on unmount and on `session`; a new sign-in (another token or user)
 * opens a new one.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { API_BASE } from '../api/client';
import { useSession } from '../session/SessionContext';
import { STORAGE_KEYS } from '../session/storage';
import { REALTIME_OPEN, RealtimeHub, browserRealtimeConnect, type RealtimeConnect, type RealtimeSource } from './hub';

export type RealtimeState = 'off' | 'connecting' | 'open';

const HubContext = createContext<RealtimeHub | null>(null);
const StateContext = createContext<RealtimeState>('off');

/** EventSource.CLOSED: the browser gave up (an answer that was not a stream) and will not retry. */
const CLOSED = 2;
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

export interface RealtimeProviderProps {
  children: ReactNode;
  /** The API base the stream is under (default `API_BASE`, `/api`): `${url}/realtime?token=…`. */
  url?: string;
  /** Opens the stream (default `new EventSource(url)`; none where the browser has no EventSource). */
  connect?: RealtimeConnect;
}

/** Keeps the app's realtime stream open while signed in; `useRealtime` listens to it. */
export function RealtimeProvider({ children, url = API_BASE, connect = browserRealtimeConnect }: RealtimeProviderProps) {
  const { store, user } = useSession();
  const [hub] = useState(() => new RealtimeHub());
  const [state, setState] = useState<RealtimeState>('off');
  // The latest connect, so that an inline function does not reopen the stream on every render.
  const connectRef = useRef(connect);
  useLayoutEffect(() => {
    connectRef.current = connect;
  });

  // Another tab signing out or locking changes the storage without this tab's store telling.
  const [, setStorageChanges] = useState(0);
  useEffect(() => {
    if (typeof window === 'undefined') return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.locked) {
        setStorageChanges((n) => n + 1);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const userId = user ? user.user_id : null;
  const token = user ? store.getToken() : null;
  const locked = store.isLocked();

  useEffect(() => {
    if (userId === null || !token || locked) {
      hub.use(null);
      setState('off');
      return;
    }
    const target = `${url.replace(/\/+$/, '')}/realtime?token=${encodeURIComponent(token)}`;
    let source: RealtimeSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const stop = () => {
      clearTimeout(retry);
      retry = undefined;
      const current = source;
      source = null;
      hub.use(null);
      current?.close();
    };

    const open = () => {
      retry = undefined;
      const next = connectRef.current(target);
      if (!next) {
        setState('off');
        return;
      }
      source = next;
      setState('connecting');
      next.addEventListener('ready', (event) => {
        if (source !== next) return;
        failures = 0;
        setState('open');
        hub.deliverRaw('ready', event.data);
        hub.deliver(REALTIME_OPEN, {});
      });
      next.addEventListener('session', (event) => {
        if (source !== next) return;
        // The session has ended and the host closes the stream: EventSource must not reconnect.
        stop();
        setState('off');
        hub.deliverRaw('session', event.data);
      });
      next.addEventListener('error', () => {
        if (source !== next) return;
        setState('connecting');
        if (next.readyState === CLOSED) {
          // The browser reconnects by itself after a dropped connection, but not after an
          // answer that was not a stream (a proxy's 502 while the host restarts): retry later.
          stop();
          retry = setTimeout(open, Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS));
          failures += 1;
        }
      });
      hub.use(next);
    };

    open();
    const stopOnPurge = store.onPurge(() => {
      stop();
      setState('off');
    });
    return () => {
      stopOnPurge();
      stop();
    };
  }, [hub, store, url, token, userId, locked]);

  return (
    <HubContext.Provider value={hub}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </HubContext.Provider>
  );
}

/**
 * Calls `handler` with the parsed JSON data of every server event named `event`
 * (`<plugin-id>.<topic>`, e.g. `chat.message`), or on `realtime.open` each time the stream opens.
 * The latest handler is used, so it need not be memoised. Outside a provider it does nothing.
 */
export function useRealtime<T = unknown>(event: string, handler: (data: T) => void): void {
  const hub = useContext(HubContext);
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!hub) return;
    return hub.subscribe(event, (data) => latest.current(data as T));
  }, [hub, event]);
}

/** The stream's state: `off` (none, or outside a provider), `connecting`, `open` (after `ready`). */
export function useRealtimeState(): RealtimeState {
  return useContext(StateContext);
}
