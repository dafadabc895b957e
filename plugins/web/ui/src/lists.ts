/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens show
 * them. Their Spanish names are in the catalogue (`state.1`, `method.card`, `kinds.maps`…).
 */
import type { AgreementStatus, BlogStatus, CourseStatus, CustomerStatus, Environment, KeyKind, LegalKind, OrderState, PaymentMethod } from './api';

/** The plugin's one permission: every staff call needs it, reading and writing. */
export const PERMISSION = 'web';

export const ORDER_STATES: OrderState[] = [1, 2, 3, 4];
/** The state an order must be in to be marked configured. */
export const PAID: OrderState = 2;
/** The states in which an order can be invoiced (paid, or paid and configured). */
export const INVOICEABLE: OrderState[] = [2, 3];
export const PAYMENT_METHODS: PaymentMethod[] = ['card', 'bizum'];
export const ENVIRONMENTS: Environment[] = ['test', 'real'];
export const KEY_KINDS: KeyKind[] = ['maps', 'analytics', 'social', 'gateway', 'messaging', 'integration'];

/** The badge tone of each state: unpaid waits, paid asks for the staff, configured is done. */
export const STATE_TONE: Record<OrderState, string> = { 1: 'warning', 2: 'info', 3: 'success', 4: 'danger' };

/** The Redsys merchant code: 9 digits; the terminal: 1 to 3 (README, `gateway/update`). */
export const MERCHANT_CODE = /^\d{9}$/;
export const TERMINAL = /^\d{1,3}$/;

export const orderPath = (id: number) => `/web/orders/${id}`;

/** The staff's page of the shop's legal texts (the menu's "Textos legales"). */
export const LEGAL_PATH = '/web/info';

/** The legal texts (README "Legal texts"), in the order the host answers them and the screens show them. */
export const LEGAL_KINDS: LegalKind[] = ['legal_notice', 'privacy', 'cookies', 'terms'];

/** The texts the customer area's footer links to (the conditions of sale are read when ordering). */
export const FOOTER_LEGAL_KINDS: LegalKind[] = ['legal_notice', 'privacy', 'cookies'];

/** A legal text's title and body, at most (`web/legal/update`). */
export const MAX_LEGAL_TITLE = 200;
export const MAX_LEGAL_BODY = 100_000;

/** How much of a text's body its card shows (characters, cut at a word). */
export const LEGAL_PREVIEW = 400;

/** The staff's page of the school's blog (the menu's "Blog"). */
export const BLOG_PATH = '/web/blog';

/** A post in the blog's editor (`?post=ID`); `new` for a new one. */
export const blogPostPath = (id: number | 'new') => `${BLOG_PATH}?post=${id}`;

/**
 * A blog post's statuses (the spec's list "Blog/social post status"), in the order the screens
 * show them: Borrador (a draft), Programada (waits for its date), Publicada, Descartada
 * (`blogStatus.*` in the catalogue).
 */
export const BLOG_STATUSES: BlogStatus[] = ['pending', 'waiting', 'published', 'discarded'];

/** The badge tone of each: a draft is muted, scheduled is news, published is done, discarded is out. */
export const BLOG_TONE: Record<BlogStatus, string | undefined> = { pending: undefined, waiting: 'info', published: 'success', discarded: 'danger' };

/** A post's limits (`web/blog/post/create`). */
export const MAX_BLOG_TITLE = 200;
export const MAX_BLOG_CONTENT = 100_000;
export const MAX_BLOG_TAGS = 10;
export const MAX_BLOG_TAG = 40;
export const MAX_BLOG_GALLERY = 20;

/** The document manager's folder of the blog's images (stored public: the site shows them). */
export const BLOG_FOLDER = 'web/blog';

/** The posts a page of the customer area's news shows (`web/api/blog/read`: 10 by default, 50 at most). */
export const PUBLIC_BLOG_PER_PAGE = 10;

/** How much of a post's first paragraph the news list shows (characters, cut at a word). */
export const BLOG_EXCERPT = 300;

/** A customer's modes in the shop (`web/customer/status`; none: buys as an enrolled one). */
export const CUSTOMER_STATUSES: CustomerStatus[] = ['demo', 'enrolled'];

/**
 * The customer area's screens (public: `[ui] public_routes`, no permission), in the order its
 * navigation shows them.
 */
export const CUSTOMER_PATHS = {
  dashboard: '/layout/contact/dashboard',
  account: '/layout/contact/account',
  orders: '/layout/contact/orders',
  orderCreate: '/layout/contact/order/create',
  agreements: '/layout/contact/agreements',
  /** The school's news (its blog): the key only, no customer needed. */
  blog: '/layout/contact/blog',
} as const;

export type CustomerScreen = keyof typeof CUSTOMER_PATHS;
export const CUSTOMER_SCREENS = Object.keys(CUSTOMER_PATHS) as CustomerScreen[];

/** A customer's agreement: waiting for the signature, or signed. */
export const AGREEMENT_STATUSES: AgreementStatus[] = ['requested', 'signed'];

/** A customer's online course today (`user/formative`): open, not started, ended, paused. */
export const COURSE_STATUSES: CourseStatus[] = ['active', 'pending', 'expired', 'inactive'];

/** The badge tone of each: open is good to go, not started is news, paused waits, ended is over (muted). */
export const COURSE_TONE: Record<CourseStatus, string | undefined> = { active: 'success', pending: 'info', inactive: 'warning', expired: undefined };

/** The quantity of a line of a new order (`preorder`: 1 to 99). */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** The buyer's fields of a new order, as `Customer` has them and `preorder` names them (`customer.name`…). */
export const CUSTOMER_FIELDS = ['name', 'nif', 'email', 'phone', 'address', 'postal_code', 'city', 'province'] as const;
