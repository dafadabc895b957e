import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Message } from '../api';
import { formatWhen } from '../format';

/**
 * A conversation's messages, oldest first: one's own on the right, the others' on the left
 * (with the author's name in a group). "Cargar anteriores" above them while older ones remain.
 * The list keeps the newest in view when one arrives, and its place when older ones come in.
 */
export function MessageList({
  messages,
  authors,
  hasMore,
  loadingOlder,
  olderFailed,
  onLoadOlder,
}: {
  messages: Message[];
  /** Name the author of the others' messages (a group). */
  authors: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  olderFailed: string | null;
  onLoadOlder(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const box = useRef<HTMLDivElement>(null);
  const first = messages[0]?.message_id;
  const last = messages.at(-1)?.message_id;
  const seen = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    if (last !== before.last) el.scrollTop = el.scrollHeight;
    else if (first !== before.first) el.scrollTop += el.scrollHeight - before.height;
    seen.current = { first, last, height: el.scrollHeight };
  }, [first, last]);

  return (
    <div className="chat-messages" ref={box} data-testid="messages">
      {hasMore && (
        <div className="chat-messages__older">
          <button type="button" className="vk-btn vk-btn--light" disabled={loadingOlder} onClick={onLoadOlder}>
            {loadingOlder ? t('conversation.loadingOlder') : t('conversation.loadOlder')}
          </button>
          {olderFailed !== null && (
            <p className="vk-error" role="alert">
              {olderFailed || t('conversation.olderFailed')}
            </p>
          )}
        </div>
      )}
      {messages.length === 0 ? (
        <p className="muted chat-messages__empty" data-testid="messages-empty">
          {t('conversation.empty')}
        </p>
      ) : (
        <ol className="chat-messages__list" aria-label={t('conversation.messages')}>
          {messages.map((message) => (
            <li
              key={message.message_id}
              className={message.mine ? 'chat-message chat-message--mine' : 'chat-message'}
              data-testid="message"
              data-mine={message.mine ? 'true' : 'false'}
            >
              {authors && !message.mine && <span className="chat-message__author">{message.from_name}</span>}
              {message.mine && <span className="vk-visually-hidden">{t('conversation.you')}</span>}
              <p className="chat-message__text" data-testid="message-text">
                {message.text}
              </p>
              <time className="chat-message__time muted" dateTime={message.created_at} title={formatDateTime(message.created_at)}>
                {formatWhen(message.created_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
