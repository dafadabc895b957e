import { useCallback, useEffect, useRef, useState } from 'react';
import { POLL_MS } from '../lists';

export interface Live<T> {
  /** The latest answer (kept while a later read fails); null until the first arrives. */
  view: T | null;
  /** The latest read's rejection, or null when it was answered. */
  failure: unknown;
  /** Ask again now (after opening or ending a meeting, or as the retry). */
  refresh(): void;
  /** Show an answer at once (a write's), until the next read. */
  setView(view: T): void;
}

/**
 * A meeting page's view: read on opening and every minute while the page is open (each read
 * records the caller's presence: the attendance counts on it). An answer arriving after a later
 * one was asked is dropped; a new `read` (another room or link) starts again from nothing. `read`
 * must be stable (`useCallback`).
 */
export function useLive<T>(read: () => Promise<T>, everyMs = POLL_MS): Live<T> {
  const [view, setView] = useState<T | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const asked = useRef(0);
  const refresh = useCallback(() => {
    const mine = ++asked.current;
    read().then(
      (answer) => {
        if (mine !== asked.current) return;
        setView(answer);
        setFailure(null);
      },
      (rejection) => {
        if (mine === asked.current) setFailure(rejection ?? new Error('failed'));
      },
    );
  }, [read]);
  useEffect(() => {
    setView(null);
    setFailure(null);
    refresh();
    const timer = setInterval(refresh, everyMs);
    return () => {
      clearInterval(timer);
      // an answer still on its way belongs to the page left
      asked.current += 1;
    };
  }, [refresh, everyMs]);
  return { view, failure, refresh, setView };
}
