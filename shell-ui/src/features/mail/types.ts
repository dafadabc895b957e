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

/** Where a queued mail stands: waiting for its next attempt, delivered, or given up on. */
export type DeliveryStatus = 'queued' | 'sent' | 'failed';
export const DELIVERY_STATUSES: DeliveryStatus[] = ['queued', 'sent', 'failed'];

/**
 * A mail a module sent through the host's queue (`GET mail/delivery/read`): tried at once, and
 * when the relay refuses it, again with growing waits (12 attempts, about a day) before it fails.
 * `next_attempt_at` only means something while it is queued.
 */
export interface Delivery {
  mail_id: number;
  /** The plugin id of the module that sent it. */
  source: string;
  recipient: string;
  subject: string;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string | null;
}

/** The business's mail in each status (whatever the filter). */
export type DeliveryCounts = Record<DeliveryStatus, number>;

/** A page of deliveries, newest first, with the counts per status. */
export interface DeliveryPage {
  items: Delivery[];
  total: number;
  page: number;
  per_page: number;
  counts: DeliveryCounts;
}

/** What `mail/delivery/read` takes: a status ('' for all), the page (1-based) and its size. */
export interface DeliveryQuery {
  status: DeliveryStatus | '';
  page: number;
  per_page: number;
}
