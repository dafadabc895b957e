/**
 * A fake realtime stream for tests: `connect` (for `RealtimeProvider` or the shell's
 * `AppProviders realtime`) records each EventSource opened, and the test sends the host's events
 * through it (`ready()`, `emit('chat.message', {...})`, `endSession()`), inside `act`.
 */
import { act } from '@testing-library/react';
import type { RealtimeConnect, RealtimeSource } from '../realtime/hub';

type Listener = (event: MessageEvent) => void;

export class FakeEventSource implements RealtimeSource {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: Listener): void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  /** Whether something listens to `type` (EventSource delivers a named event only to those). */
  listens(type: string): boolean {
    return (this.listeners.get(type)?.size ?? 0) > 0;
  }

  /** Dispatches `type` with `data` as the host sends it (JSON unless already a string). */
  dispatch(type: string, data?: unknown): void {
    const text = typeof data === 'string' ? data : data === undefined ? undefined : JSON.stringify(data);
    const event = new MessageEvent(type, { data: text });
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
}

export interface MockRealtime {
  connect: RealtimeConnect;
  /** Every source opened, oldest first. */
  sources: FakeEventSource[];
  /** The latest source, if it is still open (not closed by the provider). */
  readonly current: FakeEventSource | null;
  /** The host's `ready`: the stream is open (raises `realtime.open`). */
  ready(): void;
  /** A named event (`chat.message`) with its JSON data, on the current source. */
  emit(event: string, data?: unknown): void;
  /** The host's `session` event: the session has ended. */
  endSession(): void;
  /** The connection dropped (`permanently`: the browser gives up, readyState CLOSED). */
  fail(permanently?: boolean): void;
}

/** A fake stream; `available: false` makes `connect` answer null (a browser without EventSource). */
export function mockRealtime({ available = true }: { available?: boolean } = {}): MockRealtime {
  const sources: FakeEventSource[] = [];
  const current = () => {
    const last = sources[sources.length - 1];
    return last && !last.closed ? last : null;
  };
  const open = () => {
    const source = current();
    if (!source) throw new Error('mockRealtime: no open stream');
    return source;
  };
  return {
    connect(url) {
      if (!available) return null;
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    sources,
    get current() {
      return current();
    },
    ready() {
      const source = open();
      act(() => {
        source.readyState = 1;
        source.dispatch('ready', {});
      });
    },
    emit(event, data) {
      const source = open();
      act(() => source.dispatch(event, data));
    },
    endSession() {
      const source = open();
      act(() => source.dispatch('session', { code: 'SESSION-000' }));
    },
    fail(permanently = false) {
      const source = open();
      act(() => {
        source.readyState = permanently ? 2 : 0;
        source.dispatch('error');
      });
    },
  };
}
