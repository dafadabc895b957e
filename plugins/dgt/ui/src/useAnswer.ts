import { useEffect, useState } from 'react';
import { errorList, type ApiErrorItem } from '@volante/plugin-ui';

export interface Answer<T> {
  /** The last answer (kept while the next is asked); null before the first and after a failure. */
  data: T | null;
  /** The host's errors of the last call, whole (an error naming a filter is shown beside it). */
  errors: ApiErrorItem[];
  loading: boolean;
}

/**
 * A report's call, asked again whenever `load` changes (a filter did: it must be memoised on
 * them); nothing is asked while `load` is null. Unlike the kit's `useLoad`, a failure keeps the
 * host's errors with their `data.field`.
 */
export function useAnswer<T>(load: (() => Promise<T>) | null): Answer<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ data: null, errors: [], loading: load !== null });
  useEffect(() => {
    if (!load) {
      setAnswer({ data: null, errors: [], loading: false });
      return;
    }
    let live = true;
    setAnswer((before) => ({ ...before, loading: true }));
    load().then(
      (data) => {
        if (live) setAnswer({ data, errors: [], loading: false });
      },
      (failure) => {
        if (live) setAnswer({ data: null, errors: errorList(failure), loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return answer;
}
