import { useCallback, useEffect, useState } from 'react';

export interface LinkRead<T> {
  /** The last answer (kept while asking again). */
  data: T | null;
  /** The rejection as it came (null while asking or once read): a link's page says why by its code. */
  failure: unknown;
  reload(): void;
}

/**
 * A read of the student's page at home (`valkiria/online/…`): as the kit's `useLoad`, but the
 * rejection is kept whole, so the page can tell a link that is unknown (`NOT-FOUND-000`) or no
 * longer valid (`LINK-001`) from the plugin's refusals (`CONFLICT-000`, with its reason). `load`
 * must be stable.
 */
export function useLinkRead<T>(load: () => Promise<T>): LinkRead<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setFailure(null);
    load().then(
      (answer) => {
        if (live) setData(answer);
      },
      (refused) => {
        if (live) setFailure(refused ?? new Error('read failed'));
      },
    );
    return () => {
      live = false;
    };
  }, [load, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, failure, reload };
}
