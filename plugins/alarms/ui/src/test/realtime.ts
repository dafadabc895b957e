/**
 * The kit's realtime hooks as the tests drive them: `useRealtime` listens to `realtime.push`,
 * `useRealtimeState` answers `realtime.state`. Each test file swaps them into the kit with
 *
 *   vi.mock('@volante/plugin-ui', async (original) => (await import('../test/realtime')).withRealtime(await original()));
 *
 * keeping the rest of the kit as it is. (This file must not import the kit itself.)
 */
import { useEffect, useRef } from 'react';
import { act } from '@testing-library/react';

type Handler = (data: unknown) => void;
export type RealtimeState = 'off' | 'connecting' | 'open';

const listeners = new Map<string, Set<{ current: Handler }>>();

export const realtime = {
  state: 'open' as RealtimeState,
  /** A server event reaching every mounted `useRealtime(event, …)`, inside `act`. */
  push(event: string, data: unknown = {}) {
    act(() => {
      for (const handler of [...(listeners.get(event) ?? [])]) handler.current(data);
    });
  },
  /** How many mounted hooks listen to `event`. */
  listening(event: string): number {
    return listeners.get(event)?.size ?? 0;
  },
  reset() {
    realtime.state = 'open';
  },
};

function useRealtime<T>(event: string, handler: (data: T) => void): void {
  const latest = useRef(handler as Handler);
  latest.current = handler as Handler;
  useEffect(() => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(latest);
    return () => {
      set.delete(latest);
    };
  }, [event]);
}

function useRealtimeState(): RealtimeState {
  return realtime.state;
}

/** The kit with the two hooks replaced. */
export function withRealtime<K extends object>(kit: K): K & { useRealtime: typeof useRealtime; useRealtimeState: typeof useRealtimeState } {
  return { ...kit, useRealtime, useRealtimeState };
}
