/**
 * A business's mail layout (`GET mail/layout/read`): how it dresses every e-mail its modules send
 * (the sender name shown, the reply-to address, a header before the text, a footer after it).
 * Unset texts are empty strings. Only the business's default layout is applied.
 */
export interface MailLayout {
  layout_id: number;
  name: string;
  sender_name: string;
  reply_to: string;
  header: string;
  footer: string;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

/** The texts of a layout as the form sends them (trimmed, '' for none). */
export interface MailLayoutFields {
  name: string;
  sender_name: string;
  reply_to: string;
  header: string;
  footer: string;
}

/** What `mail/layout/update` takes besides the id: any of the texts, and `is_default`. */
export type MailLayoutChanges = Partial<MailLayoutFields> & { is_default?: boolean };

/** What `mail/layout/create` takes: the name, and optionally the rest. */
export type MailLayoutCreate = { name: string } & MailLayoutChanges;

/** The host's limits (characters, after trimming); the reply-to is an e-mail address or empty. */
export const MAX_NAME = 100;
export const MAX_SENDER_NAME = 100;
export const MAX_HEADER = 2000;
export const MAX_FOOTER = 4000;
