import { useCallback, useEffect, useRef, useState } from 'react';
import { REALTIME_OPEN, errorList, useRealtime } from '@volante/plugin-ui';
import type { AlarmsApi, NoticePage, NoticePush } from './api';

export interface NoticesState {
  /** null while the first read is on its way (and when it failed). */
  notices: NoticePage | null;
  /** null, or the host's message ('' when it gave none). */
  failed: string | null;
  /** Read them from nothing (the retry). */
  load(): void;
  /** Take a dismissed notice off the list. */
  drop(id: number): void;
  /** Empty the list (all dismissed). */
  clear(): void;
}

/**
 * The caller's notices (`GET alarma/notice/read`), kept live: a pushed `alarms.notice` puts its
 * `notice` first (once: a notice already shown is not added again) and the stream (re)opening
 * reads them again (notices may have gone off while it was down). `api` must be stable.
 */
export function useNotices(api: AlarmsApi): NoticesState {
  const [notices, setNotices] = useState<NoticePage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const current = useRef<NoticePage | null>(null);
  current.current = notices;
  const mounted = useRef(true);

  const reload = useCallback(() => {
    api.notices.list().then(
      (answer) => {
        if (!mounted.current) return;
        setNotices({ items: answer.items ?? [], total: answer.total ?? answer.items?.length ?? 0 });
        setFailed(null);
      },
      (failure) => {
        // A re-read that fails keeps what is shown; only the first read shows the failure.
        if (mounted.current && current.current === null) setFailed(errorList(failure)[0]?.details ?? '');
      },
    );
  }, [api]);

  const load = useCallback(() => {
    setFailed(null);
    setNotices(null);
    current.current = null;
    reload();
  }, [reload]);

  useEffect(() => {
    mounted.current = true;
    load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  useRealtime<NoticePush>('alarms.notice', (push) => {
    const notice = push?.notice;
    // before the first read answers, that read brings it
    if (!notice || typeof notice.id !== 'number') return;
    setNotices((page) => (!page || page.items.some((n) => n.id === notice.id) ? page : { items: [notice, ...page.items], total: page.total + 1 }));
  });
  useRealtime(REALTIME_OPEN, () => {
    if (current.current) reload();
  });

  const drop = useCallback(
    (id: number) =>
      setNotices((page) => (page && page.items.some((n) => n.id === id) ? { items: page.items.filter((n) => n.id !== id), total: Math.max(0, page.total - 1) } : page)),
    [],
  );
  const clear = useCallback(() => setNotices((page) => (page ? { items: [], total: 0 } : page)), []);

  return { notices, failed, load, drop, clear };
}
