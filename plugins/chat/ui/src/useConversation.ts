import { useCallback, useEffect, useRef, useState } from 'react';
import { errorList, useRealtime } from '@volante/plugin-ui';
import type { Message, MessagePage, PageQuery } from './api';
import { belongsTo, isMine, mergeMessages, withMine, type ConversationKey, type MessagePush } from './messages';

export interface Conversation<T extends MessagePage> {
  /** The latest answer (its name, e-mail or group); null while the first read is on its way. */
  head: T | null;
  /** The messages shown, oldest first, each with `mine`. */
  messages: Message[];
  /** Older messages remain ("Cargar anteriores"). */
  hasMore: boolean;
  /** null, or the host's message ('' when it gave none) when it could not be read. */
  failed: string | null;
  /** Read it from nothing (the retry). */
  load(): void;
  /** Read the newest page again and merge it (after joining a group, or when the stream reopens). */
  refresh(): Promise<void>;
  /** The older page (`before` the oldest shown). */
  loadOlder(): Promise<void>;
  loadingOlder: boolean;
  /** The host's message when the older page could not be read. */
  olderFailed: string | null;
  /** Show a message (the answer to a send); once, whoever adds it first. */
  add(message: Message): void;
  /** Replace what the head says (a group's answer after an action). */
  setHead(update: (head: T) => T): void;
}

/**
 * An open conversation: read on opening (which marks it read), older pages with `before`, and
 * kept live through the realtime stream: a `chat.message` of this conversation is added (once:
 * the sender gets its own message both as the call's answer and as a push), and, when someone
 * else wrote it, the newest message is read again (`limit=1`, no `before`) so the host marks it
 * read; when the stream (re)opens the newest page is read again and merged. `read` must be
 * stable for a given conversation.
 */
export function useConversation<T extends MessagePage>(key: ConversationKey, me: number | null, read: (query: PageQuery) => Promise<T>): Conversation<T> {
  const [head, setHeadState] = useState<T | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState<string | null>(null);
  // Answers for an earlier conversation (or after leaving the page) are dropped.
  const generation = useRef(0);
  const shown = useRef<Message[]>([]);
  shown.current = messages;

  const mine = useCallback((list: Message[]) => list.map((m) => withMine(m, me)), [me]);

  const load = useCallback(() => {
    const asked = ++generation.current;
    setFailed(null);
    setHeadState(null);
    setMessages([]);
    setHasMore(false);
    setOlderFailed(null);
    read({}).then(
      (page) => {
        if (asked !== generation.current) return;
        setHeadState(page);
        // Kept: what the stream pushed while the page was on its way.
        setMessages((pushed) => mergeMessages(pushed, mine(page.messages)));
        setHasMore(page.has_more);
      },
      (failure) => {
        if (asked === generation.current) setFailed(errorList(failure)[0]?.details ?? '');
      },
    );
  }, [read, mine]);

  useEffect(() => {
    load();
    return () => {
      generation.current += 1;
    };
  }, [load]);

  const refresh = useCallback(async () => {
    const asked = generation.current;
    try {
      const page = await read({});
      if (asked !== generation.current) return;
      const fresh = mine(page.messages);
      const current = shown.current;
      const newest = current.at(-1)?.message_id ?? 0;
      // Messages missed between what is shown and the fresh page: start again from the fresh page.
      const gap = page.has_more && fresh.length > 0 && fresh[0].message_id > newest;
      setHeadState(page);
      setMessages(gap ? fresh : mergeMessages(current, fresh));
      if (gap || current.length === 0) setHasMore(page.has_more);
    } catch {
      // Kept as it is: the next push or reopening tries again.
    }
  }, [read, mine]);

  /** Read the newest message: the host marks the conversation read up to it. */
  const markRead = useCallback(() => {
    const asked = generation.current;
    read({ limit: 1 }).then(
      (page) => {
        if (asked !== generation.current) return;
        setHeadState(page);
        setMessages((list) => mergeMessages(list, mine(page.messages)));
      },
      () => {},
    );
  }, [read, mine]);

  const loadOlder = useCallback(async () => {
    const oldest = shown.current[0]?.message_id;
    if (oldest === undefined) return;
    const asked = generation.current;
    setLoadingOlder(true);
    setOlderFailed(null);
    try {
      const page = await read({ before: oldest });
      if (asked !== generation.current) return;
      setMessages((list) => mergeMessages(mine(page.messages), list));
      setHasMore(page.has_more);
    } catch (failure) {
      if (asked === generation.current) setOlderFailed(errorList(failure)[0]?.details ?? '');
    } finally {
      if (asked === generation.current) setLoadingOlder(false);
    }
  }, [read, mine]);

  const add = useCallback((message: Message) => setMessages((list) => mergeMessages(list, [withMine(message, me)])), [me]);
  const setHead = useCallback((update: (head: T) => T) => setHeadState((h) => (h ? update(h) : h)), []);

  // The stream's handlers read the latest state through a ref, however the kit keeps them.
  const live = useRef({ onMessage: (_push: MessagePush) => {}, onOpen: () => {} });
  live.current = {
    onMessage: ({ message }) => {
      if (!message || !belongsTo(message, key, me)) return;
      const known = shown.current.some((m) => m.message_id === message.message_id);
      add(message);
      if (!known && !isMine(message, me)) markRead();
    },
    onOpen: () => {
      if (head !== null) void refresh();
    },
  };
  useRealtime<MessagePush>('chat.message', (push) => live.current.onMessage(push));
  useRealtime('realtime.open', () => live.current.onOpen());

  return { head, messages, hasMore, failed, load, refresh, loadOlder, loadingOlder, olderFailed, add, setHead };
}
