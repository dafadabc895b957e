import type { Message, Overview, Target } from './api';

/** An open conversation: a direct one (`employee` with a user id, `contact`) or a group. */
export interface ConversationKey {
  target: Target;
  id: number;
}

/** The payload of a `chat.message` push: the message without `mine`. */
export interface MessagePush {
  message: Message;
}

/** The payload of a `chat.group` push. */
export interface GroupPush {
  group_id: number;
  event: 'invited' | 'joined' | 'left' | 'updated';
  user_id: number;
}

/** Whether the signed-in user (`me`) wrote it: the call's `mine`, else (a push) its author. */
export const isMine = (message: Message, me: number | null) => message.mine ?? message.from_user_id === me;

/** A message with `mine` set, as the screens draw it. */
export const withMine = (message: Message, me: number | null): Message => ({ ...message, mine: isMine(message, me) });

/** Whether a message belongs to the conversation open for `me`. */
export function belongsTo(message: Message, key: ConversationKey, me: number | null): boolean {
  if (message.target !== key.target) return false;
  switch (message.target) {
    case 'employee':
      return (message.from_user_id === me && message.to_user_id === key.id) || (message.from_user_id === key.id && message.to_user_id === me);
    case 'contact':
      return message.contact_id === key.id;
    case 'group':
      return message.group_id === key.id;
  }
}

/** Both lists as one, each message once (the later copy wins), oldest first. */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const message of [...current, ...incoming]) byId.set(message.message_id, message);
  return [...byId.values()].sort((a, b) => a.message_id - b.message_id);
}

/** `list` with the item at `index` replaced by `item` and moved to the front (latest first). */
function toFront<T>(list: T[], index: number, item: T): T[] {
  return [item, ...list.slice(0, index), ...list.slice(index + 1)];
}

/**
 * The overview after a pushed message: its conversation's row gets it as the last message, one
 * more unread when someone else wrote it, and goes first. The same overview when the row already
 * has it (or a newer one); null when no row is its conversation (a contact written to for the
 * first time, a group not listed yet): the overview must be read again.
 */
export function applyMessage(overview: Overview, message: Message, me: number | null): Overview | null {
  const mine = isMine(message, me);
  const newer = (last: Message | null) => !last || last.message_id < message.message_id;
  const unread = (n: number) => (mine ? n : n + 1);
  switch (message.target) {
    case 'employee': {
      const other = message.from_user_id === me ? message.to_user_id : message.from_user_id;
      const index = overview.employees.findIndex((row) => row.user_id === other);
      if (index < 0) return null;
      const row = overview.employees[index];
      if (!newer(row.last_message)) return overview;
      return { ...overview, employees: toFront(overview.employees, index, { ...row, last_message: message, unread: unread(row.unread) }) };
    }
    case 'contact': {
      const index = overview.contacts.findIndex((row) => row.contact_id === message.contact_id);
      if (index < 0) return null;
      const row = overview.contacts[index];
      if (!newer(row.last_message)) return overview;
      // Contacts never write back: their rows have nothing unread.
      return { ...overview, contacts: toFront(overview.contacts, index, { ...row, last_message: message }) };
    }
    case 'group': {
      const index = overview.groups.findIndex((row) => row.group_id === message.group_id);
      if (index < 0) return null;
      const row = overview.groups[index];
      if (!newer(row.last_message)) return overview;
      return { ...overview, groups: toFront(overview.groups, index, { ...row, last_message: message, unread: unread(row.unread) }) };
    }
  }
}

/** The unread messages of a list of rows. */
export const unreadOf = (rows: { unread: number }[]) => rows.reduce((sum, row) => sum + (row.unread || 0), 0);
