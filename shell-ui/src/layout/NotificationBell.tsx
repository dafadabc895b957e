/**
 * The provider's notifications to the school, in the header: a bell with the unread count (none at
 * 0, "99+" above 99) that opens the inbox (`GET notifications/inbox`: the latest 50, newest first;
 * the unread in bold). Opening an unread one marks it read (`notifications/inbox/read
 * {notification_id}`), "Marcar todas como leídas" marks them all (`{all: true}`); both answer the
 * new `{unread}`. The inbox is read again when the realtime stream (re)opens, on
 * `volante.notification` (a new one: also a toast with its title) and on
 * `volante.notification_read` (read in another tab). Not shown to the provider's own users: they
 * send the notifications, they do not receive them.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REALTIME_OPEN, useApi, useRealtime, useSession, useToast, type ToastKind } from '@volante/plugin-ui';
import { LevelBadge, formatMinute } from '../components/NotificationLevel';
import { NOTICE_TIMEOUT_MS } from './Notices';

/** Pushed to the users of the schools a new notification reaches: `{notification_id, title, level}`. */
export const NOTIFICATION_EVENT = 'volante.notification';
/** Pushed to a user when they mark some read: `{unread}`. */
export const NOTIFICATION_READ_EVENT = 'volante.notification_read';
const MAX_SHOWN = 99;

export interface InboxItem {
  notification_id: number;
  title: string;
  body: string;
  level: string;
  group_name: string | null;
  created_at: string;
  read: boolean;
}

export interface Inbox {
  items: InboxItem[];
  unread: number;
}

/** The count as the badge shows it: '' at 0 (no badge), "99+" above 99. */
export function bellCount(unread: number): string {
  if (!Number.isFinite(unread) || unread <= 0) return '';
  return unread > MAX_SHOWN ? `${MAX_SHOWN}+` : String(Math.floor(unread));
}

function inboxOf(data: unknown): Inbox {
  const raw = (data ?? {}) as Partial<Inbox>;
  const items = Array.isArray(raw.items) ? raw.items : [];
  const unread = typeof raw.unread === 'number' ? raw.unread : items.filter((i) => !i.read).length;
  return { items, unread };
}

/** The toast's look for a pushed notification's level: an urgent one is announced at once. */
const TOAST_KIND: Record<string, ToastKind> = { info: 'info', warning: 'warning', urgent: 'error' };

/** The bell, for a signed-in user of a school (not the provider's). */
export function NotificationBell() {
  const { user } = useSession();
  if (!user || user.business?.is_provider === true) return null;
  return <Bell key={user.user_id} />;
}

function Bell() {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the latest read's answer is shown (an older one may arrive after it).
  const latest = useRef(0);
  // The inbox last shown, as JSON: an unchanged answer does not render again.
  const shown = useRef('');

  const read = useCallback(() => {
    const mine = ++latest.current;
    api.get<Inbox>('notifications/inbox').then(
      (answer) => {
        if (latest.current !== mine) return;
        const next = inboxOf(answer);
        const json = JSON.stringify(next);
        if (json === shown.current) return;
        shown.current = json;
        setInbox(next);
        setFailed(false);
      },
      () => {
        if (latest.current !== mine) return;
        shown.current = '';
        setFailed(true);
      },
    );
  }, [api]);

  useEffect(() => {
    read();
    return () => {
      latest.current += 1;
    };
  }, [read]);

  useRealtime(REALTIME_OPEN, read);
  useRealtime<{ unread?: unknown }>(NOTIFICATION_READ_EVENT, (data) => {
    const unread = data?.unread;
    if (typeof unread === 'number') {
      shown.current = '';
      setInbox((current) => (current ? { ...current, unread } : current));
    }
    read();
  });
  useRealtime<{ title?: unknown; level?: unknown }>(NOTIFICATION_EVENT, (data) => {
    read();
    const title = typeof data?.title === 'string' ? data.title.trim() : '';
    if (!title) return;
    let id = 0;
    const show = () => {
      toast.dismiss(id);
      setOpen(true);
    };
    const kind = TOAST_KIND[typeof data?.level === 'string' ? data.level : ''] ?? 'info';
    id = toast.show(<PushedNotice title={title} onOpen={show} />, { kind, timeoutMs: NOTICE_TIMEOUT_MS });
  });

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  /** Marks `which` read (one, or all) with the host's new count. */
  async function markRead(which: { notification_id: number } | { all: true }) {
    setBusy(true);
    try {
      const answer = await api.post<{ unread: number }>('notifications/inbox/read', which);
      shown.current = '';
      setInbox((current) => {
        if (!current) return current;
        const items = current.items.map((item) => ('all' in which || item.notification_id === which.notification_id ? { ...item, read: true } : item));
        return { items, unread: typeof answer?.unread === 'number' ? answer.unread : items.filter((i) => !i.read).length };
      });
    } catch {
      toast.error(t('bell.readError'));
    } finally {
      setBusy(false);
    }
  }

  function toggle(item: InboxItem) {
    const opening = expanded !== item.notification_id;
    setExpanded(opening ? item.notification_id : null);
    if (opening && !item.read) void markRead({ notification_id: item.notification_id });
  }

  const unread = inbox?.unread ?? 0;
  const count = bellCount(unread);
  let content: ReactNode;
  if (!inbox) content = <p className="bell__state muted">{failed ? t('bell.loadError') : t('bell.loading')}</p>;
  else if (inbox.items.length === 0) content = <p className="bell__state muted">{t('bell.empty')}</p>;
  else
    content = (
      <ul className="bell__list" aria-label={t('bell.title')}>
        {inbox.items.map((item) => {
          const isOpen = expanded === item.notification_id;
          const bodyId = `${panelId}-${item.notification_id}`;
          return (
            <li key={item.notification_id} className={item.read ? 'bell__item' : 'bell__item is-unread'} data-testid="bell-item">
              <button type="button" className="bell__toggle" aria-expanded={isOpen} aria-controls={bodyId} onClick={() => toggle(item)}>
                {item.read ? <span className="bell__title">{item.title}</span> : <strong className="bell__title">{item.title}</strong>}
                <span className="bell__meta">
                  <LevelBadge level={item.level} />
                  <small className="muted">{formatMinute(item.created_at)}</small>
                  {!item.read && <span className="vk-visually-hidden">{t('bell.unreadMark')}</span>}
                </span>
              </button>
              {isOpen && (
                <div className="bell__body" id={bodyId}>
                  {item.body ? <p>{item.body}</p> : <p className="muted">{t('bell.noBody')}</p>}
                  {item.group_name && <small className="muted">{item.group_name}</small>}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="bell" ref={root}>
      <button
        type="button"
        className="bell__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t('bell.openUnread', { count: unread }) : t('bell.open')}
        onClick={() => setOpen((o) => !o)}
      >
        <svg className="bell__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {count && (
          <span className="bell__count" aria-hidden="true" data-testid="bell-count">
            {count}
          </span>
        )}
      </button>
      {open && (
        <div className="bell__panel" id={panelId} role="dialog" aria-label={t('bell.title')}>
          <div className="bell__head">
            <strong>{t('bell.title')}</strong>
            <button type="button" className="link-button" disabled={busy || unread === 0} onClick={() => void markRead({ all: true })}>
              {t('bell.markAll')}
            </button>
          </div>
          {content}
        </div>
      )}
    </div>
  );
}

/** A new notification, as a toast: its title in bold and "Ver" (opens the inbox). */
function PushedNotice({ title, onOpen }: { title: string; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <div className="notice">
      <small className="notice__body">{t('bell.pushed')}</small>
      <strong className="notice__title">{title}</strong>
      <button type="button" className="vk-btn vk-btn--outline notice__open" onClick={onOpen}>
        {t('bell.view')}
      </button>
    </div>
  );
}
