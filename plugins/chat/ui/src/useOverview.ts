import { useCallback, useEffect, useRef, useState } from 'react';
import { errorList, useRealtime } from '@volante/plugin-ui';
import type { ChatApi, Group, Overview } from './api';
import { applyMessage, type GroupPush, type MessagePush } from './messages';

export interface OverviewState {
  /** null while the first read is on its way (and when it failed). */
  overview: Overview | null;
  /** null, or the host's message ('' when it gave none). */
  failed: string | null;
  /** Read it from nothing (the retry). */
  load(): void;
  /** Read it again in place. */
  reload(): void;
  /** Read the groups again (after an action on one). */
  reloadGroups(): void;
  /** Show a group as an action answered it. */
  showGroup(group: Group): void;
  /** Take a group off the list (declined or left). */
  dropGroup(groupId: number): void;
}

/**
 * `GET chat/all`, kept live: a pushed `chat.message` updates its row (the last message, unread,
 * first in its list) or, when no row is its conversation, the overview is read again; a
 * `chat.group` reads the groups again (`chat/group/read`); the stream (re)opening reads it all.
 * `api` must be stable.
 */
export function useOverview(api: ChatApi, me: number | null): OverviewState {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const current = useRef<Overview | null>(null);
  current.current = overview;
  const mounted = useRef(true);

  const reload = useCallback(() => {
    api.overview().then(
      (answer) => {
        if (!mounted.current) return;
        setOverview(answer);
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
    setOverview(null);
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

  const reloadGroups = useCallback(() => {
    api.groups.list().then(
      (groups) => {
        if (mounted.current) setOverview((o) => (o ? { ...o, groups } : o));
      },
      () => {},
    );
  }, [api]);

  const showGroup = useCallback((group: Group) => setOverview((o) => (o ? { ...o, groups: o.groups.map((g) => (g.group_id === group.group_id ? group : g)) } : o)), []);
  const dropGroup = useCallback((groupId: number) => setOverview((o) => (o ? { ...o, groups: o.groups.filter((g) => g.group_id !== groupId) } : o)), []);

  const live = useRef({ onMessage: (_push: MessagePush) => {}, onGroup: (_push: GroupPush) => {}, onOpen: () => {} });
  live.current = {
    onMessage: ({ message }) => {
      const shown = current.current;
      if (!message || !shown) return;
      const next = applyMessage(shown, message, me);
      if (next === null) reload();
      else if (next !== shown) {
        current.current = next;
        setOverview(next);
      }
    },
    onGroup: () => {
      if (current.current) reloadGroups();
    },
    onOpen: () => {
      if (current.current) reload();
    },
  };
  useRealtime<MessagePush>('chat.message', (push) => live.current.onMessage(push));
  useRealtime<GroupPush>('chat.group', (push) => live.current.onGroup(push));
  useRealtime('realtime.open', () => live.current.onOpen());

  return { overview, failed, load, reload, reloadGroups, showGroup, dropGroup };
}
