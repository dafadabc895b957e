/**
 * Plugins' notices: any plugin may push the realtime topic `notice` (event
 * `<plugin-id>.notice`) with `{title, body?, link?}`; the shell shows it as a toast, whatever page
 * is open, for NOTICE_TIMEOUT_MS (or until closed): the title in bold, the body below, and an
 * "Abrir" button when `link` is an app path. Only the modules the user has (`plugin/modules`)
 * are listened to; a payload without a title is ignored.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRealtime, useSession, useToast } from '@volante/plugin-ui';
import { useModules } from '../modules/ModulesContext';

/** The realtime topic a plugin pushes notices on. */
export const NOTICE_TOPIC = 'notice';
/** How long a notice stays (the kit's default toast is shorter). */
export const NOTICE_TIMEOUT_MS = 10_000;
/** At most this many notices at once: a new one pushes the oldest out. */
export const MAX_NOTICES = 5;
/** The body is cut to this many characters (an ellipsis included). */
export const NOTICE_BODY_MAX = 200;
const NOTICE_TITLE_MAX = 120;

export interface Notice {
  title: string;
  body?: string;
  /** An app path ("/…"), opened with the router. */
  link?: string;
}

function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A path inside the app: "/x", not "//host" or "/\host" (which a browser reads as another site). */
function isAppPath(link: unknown): link is string {
  return typeof link === 'string' && link.startsWith('/') && !/^\/[/\\]/.test(link);
}

/** The notice in a pushed payload, or null when it has no (non-blank) title. */
export function parseNotice(data: unknown): Notice | null {
  if (!data || typeof data !== 'object') return null;
  const { title, body, link } = data as Record<string, unknown>;
  if (typeof title !== 'string' || !title.trim()) return null;
  const notice: Notice = { title: clip(title, NOTICE_TITLE_MAX) };
  if (typeof body === 'string' && body.trim()) notice.body = clip(body, NOTICE_BODY_MAX);
  if (isAppPath(link)) notice.link = link;
  return notice;
}

function NoticeContent({ notice, onOpen }: { notice: Notice; onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <div className="notice">
      <strong className="notice__title">{notice.title}</strong>
      {notice.body && <p className="notice__body">{notice.body}</p>}
      {notice.link && (
        <button type="button" className="vk-btn vk-btn--outline notice__open" onClick={onOpen}>
          {t('notices.open')}
        </button>
      )}
    </div>
  );
}

/** One module's `<plugin-id>.notice` (one hook per component: the modules map to a list of these). */
function NoticeListener({ pluginId, onNotice }: { pluginId: string; onNotice(data: unknown): void }) {
  useRealtime(`${pluginId}.${NOTICE_TOPIC}`, onNotice);
  return null;
}

/** Listens to the notices of the signed-in user's modules and shows them with the kit's toasts. */
export function ModuleNotices() {
  const { user } = useSession();
  const { entries } = useModules();
  const toast = useToast();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  // The notices shown, oldest first (some may have gone already: dismissing those does nothing).
  const shown = useRef<number[]>([]);

  const onNotice = useCallback(
    (data: unknown) => {
      const notice = parseNotice(data);
      if (!notice) return;
      let id = 0;
      const open = () => {
        toast.dismiss(id);
        if (notice.link) navigateRef.current(notice.link);
      };
      id = toast.info(<NoticeContent notice={notice} onOpen={open} />, { timeoutMs: NOTICE_TIMEOUT_MS });
      shown.current.push(id);
      while (shown.current.length > MAX_NOTICES) toast.dismiss(shown.current.shift()!);
    },
    [toast],
  );

  if (!user) return null;
  const pluginIds = [...new Set(entries.map((entry) => entry.info.plugin_id).filter((id) => typeof id === 'string' && id))];
  return (
    <>
      {pluginIds.map((pluginId) => (
        <NoticeListener key={pluginId} pluginId={pluginId} onNotice={onNotice} />
      ))}
    </>
  );
}
