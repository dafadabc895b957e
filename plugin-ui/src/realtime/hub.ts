/**
 * The handlers `useRealtime` registers, and the EventSource they are attached to.
 *
 * EventSource hands a named event (`event: chat.message`) only to listeners added for that name,
 * so the hub adds one listener per name asked for, on the current source, the first time a
 * handler asks for it, and adds them all again to every new source.
 */

/** What `RealtimeProvider` needs of an EventSource (a fake in tests). */
export interface RealtimeSource {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  removeEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  /** 0 connecting, 1 open, 2 closed (EventSource's constants); optional for fakes. */
  readonly readyState?: number;
}

/** Opens the stream at `url`; `null` when the browser has no EventSource (no connection). */
export type RealtimeConnect = (url: string) => RealtimeSource | null;

/** `new EventSource(url)`, or `null` where there is none (jsdom, old browsers). */
export const browserRealtimeConnect: RealtimeConnect = (url) => {
  const EventSourceClass = (globalThis as { EventSource?: new (url: string) => RealtimeSource }).EventSource;
  return EventSourceClass ? new EventSourceClass(url) : null;
};

/** Fired (data `{}`) each time the stream opens or reopens: re-read what may have been missed. */
export const REALTIME_OPEN = 'realtime.open';

/**
 * Names the provider handles itself and hands to the hub (`ready`, `session`) or raises
 * (`realtime.open`): never attached to the source by the hub.
 */
const PROVIDER_EVENTS = new Set([REALTIME_OPEN, 'ready', 'session']);

type Handler = (data: unknown) => void;

export class RealtimeHub {
  private readonly handlers = new Map<string, Set<Handler>>();
  private source: RealtimeSource | null = null;
  private attached = new Set<string>();

  /** Registers a handler for `event`; returns the unsubscribe. */
  subscribe(event: string, handler: Handler): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    this.attach(event);
    return () => {
      const current = this.handlers.get(event);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) this.handlers.delete(event);
    };
  }

  /** The stream in use from now on (null: none); the names asked for so far are attached to it. */
  use(source: RealtimeSource | null): void {
    this.source = source;
    this.attached = new Set();
    for (const event of this.handlers.keys()) this.attach(event);
  }

  /** Hands the parsed JSON `raw` to the handlers of `event`; invalid JSON is dropped. */
  deliverRaw(event: string, raw: unknown): void {
    let data: unknown;
    try {
      data = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      console.warn(`realtime: the data of "${event}" is not JSON; ignored`, raw);
      return;
    }
    this.deliver(event, data);
  }

  /** Calls every handler of `event` with `data`; one that throws does not stop the others. */
  deliver(event: string, data: unknown): void {
    const set = this.handlers.get(event);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(data);
      } catch (error) {
        console.error(`realtime: a handler of "${event}" failed`, error);
      }
    }
  }

  private attach(event: string): void {
    const source = this.source;
    if (!source || PROVIDER_EVENTS.has(event) || this.attached.has(event)) return;
    this.attached.add(event);
    source.addEventListener(event, (message) => {
      // A closed source's late events (a fake's, or one already replaced) are not delivered.
      if (this.source !== source) return;
      this.deliverRaw(event, message.data);
    });
  }
}
