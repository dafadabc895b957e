/**
 * The count beside a module's menu entry (manifest `[ui.menu.badge]`): `GET <call>` and the number
 * at the dotted `field` of its data, shown when above zero ("99+" above 99). Read on mount, on
 * every navigation (the user may just have read the messages), when the realtime stream (re)opens
 * and on each `<plugin_id>.<topic>` event for `topic` in `refresh`. Reads are throttled: the
 * first of a burst goes at once, the rest of the burst makes one more read BADGE_REFRESH_MS later.
 * A failed read shows no badge and says nothing: a badge never breaks the menu.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REALTIME_OPEN, useApi, useRealtime } from '@volante/plugin-ui';
import type { ModuleMenuBadge } from '../modules/types';

export const BADGE_REFRESH_MS = 300;
const MAX_SHOWN = 99;

/** The positive whole number at the dotted `field` of `data`, else 0. */
export function badgeCount(data: unknown, field: string): number {
  let node: unknown = data;
  for (const key of field.split('.')) {
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, key)) return 0;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'number' && Number.isFinite(node) && node > 0 ? Math.floor(node) : 0;
}

/** Whether a menu entry's `badge` (as the host sent it) can be read. */
export function usableBadge(badge: unknown): badge is ModuleMenuBadge {
  if (!badge || typeof badge !== 'object') return false;
  const { call, field } = badge as Record<string, unknown>;
  return typeof call === 'string' && call.trim() !== '' && typeof field === 'string' && field !== '';
}

/** Calls `onEvent` on each realtime event `event` (one hook per component: a list of topics maps to a list of these). */
function RealtimeTrigger({ event, onEvent }: { event: string; onEvent(): void }) {
  useRealtime(event, onEvent);
  return null;
}

export function MenuBadge({ pluginId, badge }: { pluginId: string; badge: ModuleMenuBadge }) {
  const { t } = useTranslation();
  const api = useApi();
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const { call, field } = badge;
  // Set by the effect below: asks for a (throttled) read.
  const request = useRef<(() => void) | null>(null);

  useEffect(() => {
    let alive = true;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = false;

    const read = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      let answer: Promise<unknown>;
      try {
        answer = api.get(call.replace(/^\/+/, ''), undefined, { signal: current.signal });
      } catch {
        answer = Promise.reject(new Error('badge'));
      }
      answer.then(
        (data) => {
          if (alive && controller === current) setCount(badgeCount(data, field));
        },
        () => {
          if (alive && controller === current) setCount(0);
        },
      );
    };
    const windowEnds = () => {
      timer = undefined;
      if (!pending) return;
      pending = false;
      read();
      timer = setTimeout(windowEnds, BADGE_REFRESH_MS);
    };
    request.current = () => {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      read();
      timer = setTimeout(windowEnds, BADGE_REFRESH_MS);
    };
    request.current();
    return () => {
      alive = false;
      request.current = null;
      clearTimeout(timer);
      controller?.abort();
    };
  }, [api, call, field]);

  // Navigation: not on mount (the effect above has just read).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    request.current?.();
  }, [pathname]);

  const refresh = () => request.current?.();
  useRealtime(REALTIME_OPEN, refresh);
  const topics = [...new Set(Array.isArray(badge.refresh) ? badge.refresh.filter((topic) => typeof topic === 'string' && topic) : [])];

  return (
    <>
      {topics.map((topic) => (
        <RealtimeTrigger key={topic} event={`${pluginId}.${topic}`} onEvent={refresh} />
      ))}
      {count > 0 && (
        <>
          {' '}
          <span className="sidebar__badge" aria-hidden="true" data-testid="menu-badge">
            {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
          </span>
          <span className="vk-visually-hidden">{t('menu.badge', { count })}</span>
        </>
      )}
    </>
  );
}
