import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Message } from '../api';
import { formatWhen, preview } from '../format';
import { isMine } from '../messages';

/** The unread messages of a conversation, as a badge (nothing when there are none). */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation(NAMESPACE);
  if (!count) return null;
  const label = t('overview.unread', { count });
  return (
    <span className="vk-badge vk-badge--danger chat-unread" title={label} data-testid="unread">
      <span aria-hidden="true">{count}</span>
      <span className="vk-visually-hidden">{label}</span>
    </span>
  );
}

/** A row's last message on one line: "Tú: …" for one's own, "Name: …" for another's in a group. */
export function LastLine({ message, me, authors }: { message: Message | null; me: number | null; authors: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  if (!message) return <span className="muted chat-row__last">{t('overview.noMessages')}</span>;
  const text = preview(message.text);
  const line = isMine(message, me) ? t('overview.you', { text }) : authors ? t('overview.said', { name: message.from_name, text }) : text;
  return (
    <span className="muted chat-row__last" data-testid="last-message">
      {line}
    </span>
  );
}

/**
 * A conversation of the overview: its name (the link that opens it, across the row), its last
 * message trimmed to a line, when it was written, and the unread badge; `actions` at its end.
 */
export function ChatRow({
  name,
  to,
  message,
  me,
  authors = false,
  unread,
  avatar,
  detail,
  actions,
  testId,
}: {
  name: string;
  to: string;
  message: Message | null;
  me: number | null;
  authors?: boolean;
  unread: number;
  avatar?: ReactNode;
  detail?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <li className="chat-row" data-testid={testId}>
      {avatar}
      <div className="chat-row__main">
        <Link className="chat-row__name" to={to}>
          {name}
        </Link>
        {detail}
        <LastLine message={message} me={me} authors={authors} />
      </div>
      <div className="chat-row__side">
        {message && (
          <time className="muted chat-row__time" dateTime={message.created_at} title={formatDateTime(message.created_at)} data-testid="last-time">
            {formatWhen(message.created_at)}
          </time>
        )}
        <UnreadBadge count={unread} />
      </div>
      {actions && <div className="chat-row__actions">{actions}</div>}
    </li>
  );
}
