import { useCallback, useEffect, useState } from 'react';
import { errorList } from '../api/errors';

export interface Loaded<T> {
  /** null while asking (and when it failed). */
  data: T | null;
  /** null, or the host's message ('' when it gave none) when it could not be read. */
  failed: string | null;
  /** Ask again (after a change, or as the retry). */
  reload(): void;
}

/**
 * Something a screen reads once and again after changing it (a list of groups, places, branches,
 * fees…). `load` must be stable (a method of the page's memoised API); nothing is asked while
 * `enabled` is false.
 */
export function useLoad<T>(load: () => Promise<T>, enabled = true): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setFailed(null);
    load().then(
      (answer) => {
        if (live) setData(answer);
      },
      (failure) => {
        if (live) setFailed(errorList(failure)[0]?.details ?? '');
      },
    );
    return () => {
      live = false;
    };
  }, [load, enabled, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, failed, reload };
}
