import { compactQuery, type ApiClient } from '@volante/plugin-ui';

/** An order's state (README "An order"): 1 unpaid, 2 paid, 3 configured, 4 with errors. */
export type OrderState = 1 | 2 | 3 | 4;
export type PaymentMethod = 'card' | 'bizum';
export type Environment = 'test' | 'real';
/** The third-party key kinds, the spec's fixed list. */
export type KeyKind = 'maps' | 'analytics' | 'social' | 'gateway' | 'messaging' | 'integration';

export interface Customer {
  name: string;
  nif: string;
  email: string;
  phone: string;
  address: string;
  postal_code: string;
  city: string;
  province: string;
}

/** A line of an order: money in cents, the tax rate in hundredths of a percent. */
export interface OrderLine {
  product_id: number;
  reference: string;
  name: string;
  quantity: number;
  /** The unit price before tax. */
  price: number;
  /** The billing module's tax the product carries (null when its rate was given by hand). */
  tax_id?: number | null;
  tax_name: string;
  tax_rate: number;
  /** The line's amount with its tax. */
  total: number;
}

/**
 * A customer's mode in the shop (README "Demo and enrolled customers"): `demo` may buy an
 * enrolment but not renew or extend; `enrolled` buys anything (as a customer without a mode).
 */
export type CustomerStatus = 'demo' | 'enrolled';

/** A customer's mode as the answers give it: `status` null (and `status_name` '') for none. */
export interface CustomerMode {
  status: CustomerStatus | null;
  status_name: string;
}

/**
 * The buyer of an order (`order/read/{id}`'s `buyer`): the signed-in customer's contact, else the
 * client with the order's e-mail (`contact_id` null when there is none), and their mode.
 */
export interface OrderBuyer extends CustomerMode {
  contact_id: number | null;
}

/** A notification Redsys sent about the order's payment (`Ds_Response` 0000–0099 is ok). */
export interface GatewayNotification {
  at: string;
  response: string;
  authorisation: string;
  ok: boolean;
  amount: number | null;
}

export interface Order {
  id: number;
  reference: string;
  /** The spec's order state (the record's own `state` is its active/deleted mark). */
  status: OrderState;
  status_name: string;
  created_at: string;
  paid_at: string | null;
  configured_at: string | null;
  payment_method: PaymentMethod;
  customer: Customer;
  notification_email: string | null;
  lines: OrderLine[];
  total: number;
  note: string;
  notifications: GatewayNotification[];
  /** The billing module's invoice of the order, once issued (`order/invoice` or on payment). */
  invoice_id: number | null;
  /** Its number (`F2026-0001`); empty while there is none. */
  invoice_number: string;
  /** The version of the conditions of sale the customer accepted (null when the shop had none in force). */
  terms_version?: number | null;
  /** Only in the staff's read of one order: who bought it and their mode in the shop. */
  buyer?: OrderBuyer;
}

/** `GET web/ecommerce/order/readall`: a page of orders and how many there are in each state. */
export interface OrderPage {
  items: Order[];
  total: number;
  page: number;
  per_page: number;
  /** Every order of the business per state, whatever the filters. */
  counts: Partial<Record<string, number>>;
}

export interface OrderQuery {
  search: string;
  /** '' for every state. */
  status: OrderState | '';
  page: number;
  per_page: number;
}

/** `GET web/payments/gateway/read`: the secret key is never returned (`key_set` says if there is one). */
export interface Gateway {
  merchant_code: string;
  terminal: string;
  environment: Environment;
  bizum: boolean;
  key_set: boolean;
  currency: string;
  /** Where Redsys sends its notifications ('' until there is a web-api key). */
  notify_url: string;
  /** The page the customer's browser is sent to ('' until there is a web-api key). */
  payment_url: string;
  configured: boolean;
}

/** `POST web/payments/gateway/update`: the fields that change; no `key` keeps the stored one. */
export interface GatewayUpdate {
  merchant_code?: string;
  terminal?: string;
  environment?: Environment;
  bizum?: boolean;
  key?: string;
}

export interface ThirdPartyKey {
  kind: KeyKind;
  label: string;
  public_key: string;
  /** Whether a private key is stored (it is never returned). */
  private_set: boolean;
}

/** `GET web/apis/read`. */
export interface Apis {
  /** Null until one is issued. */
  webapi_key: string | null;
  keys: ThirdPartyKey[];
}

/** A key to save: no `private_key` keeps the stored one, an empty one removes it. */
export interface KeyUpdate {
  kind: KeyKind;
  public_key: string;
  private_key?: string;
}

export interface ApisUpdate {
  keys?: KeyUpdate[];
  rotate_webapi_key?: boolean;
}

/** `GET web/sales/billing/read`: how the shop's sales are invoiced. */
export interface SalesBilling {
  /** Issue the invoice of an order as soon as the bank confirms its payment. */
  auto_invoice: boolean;
  /** The billing series of those invoices; null: the billing module's default. */
  series_id: number | null;
}

/** `POST web/sales/billing/update`: the fields that change; `series_id: 0` goes back to the default. */
export interface SalesBillingUpdate {
  auto_invoice?: boolean;
  series_id?: number;
}

/**
 * A series of the billing module as `GET sales/billing/read` (the billing plugin's API, with
 * its own permission) answers it: only what the sales settings show.
 */
export interface BillingSeries {
  id: number;
  code: string;
  name: string;
  state?: 'active' | 'inactive' | 'deleted';
  [field: string]: unknown;
}

/** The shop's legal texts (README "Legal texts"), in the order the screens show them. */
export type LegalKind = 'legal_notice' | 'privacy' | 'cookies' | 'terms';

/**
 * One version of a legal text: the newest of each kind is in force. Its body is plain text,
 * paragraphs by blank lines; an empty body took the text down from the site.
 */
export interface LegalText {
  kind: LegalKind;
  /** The host's Spanish name of the kind ("Aviso legal"…). */
  name: string;
  version: number;
  title: string;
  body: string;
  /** Who wrote it (staff answers only). */
  user_id?: number | null;
  created_at: string;
}

/** A kind with its text in force (its newest version; null when never written). */
export interface LegalKindText {
  kind: LegalKind;
  name: string;
  current: LegalText | null;
}

/** `GET web/legal/read`: the four kinds; with `?kind=`, also that kind's versions, newest first (the last 50). */
export interface LegalTexts {
  texts: LegalKindText[];
  versions?: LegalText[];
}

/** `POST web/legal/update`: a new version, in force from now (an empty body takes the text down). */
export interface LegalUpdate {
  kind: LegalKind;
  title: string;
  body: string;
}

/** A blog post's status (the spec's list "Blog/social post status"): draft, scheduled, published, discarded. */
export type BlogStatus = 'pending' | 'waiting' | 'published' | 'discarded';

/** A post of the school's blog as the staff read it (`GET web/blog/post/read`). */
export interface BlogPost {
  id: number;
  title: string;
  tags: string[];
  /** The header image: a png or jpeg of the document manager. */
  header_file_id: number | null;
  /** Plain text; blank lines separate paragraphs. */
  content: string;
  /** File ids of the gallery's images, in order. */
  gallery: number[];
  /** When it was or will be published, UTC ISO 8601 (`2026-12-01T09:00:00Z`). */
  publish_at: string | null;
  status: BlogStatus;
  user_id: number | null;
  created_at: string;
  updated_at: string;
}

/** `GET web/blog/post/read`: a page of posts, newest first, and how many there are in each status. */
export interface BlogPage {
  items: BlogPost[];
  total: number;
  page: number;
  per_page: number;
  /** Every post of the business per status, whatever the filters. */
  counts: Partial<Record<BlogStatus, number>>;
}

export interface BlogQuery {
  /** '' for every status. */
  status: BlogStatus | '';
  search: string;
  page: number;
  per_page: number;
}

/**
 * `POST web/blog/post/create`: a new post, or with `id` that post saved again. `published` with a
 * future `publish_at` is stored as `waiting` (scheduled); without one it is published now.
 */
export interface BlogPostSave {
  id?: number;
  title: string;
  tags: string[];
  header_file_id: number | null;
  content: string;
  gallery: number[];
  publish_at: string | null;
  status: BlogStatus;
}

/**
 * A published post as the site reads it (`GET web/api/blog/read`): its images' addresses
 * (`/api/filesystem/file/read?file_id=N&link=REF`, relative to the host) open without a session.
 */
export interface PublicBlogPost {
  id: number;
  title: string;
  tags: string[];
  content: string;
  publish_at: string | null;
  header_url: string | null;
  gallery_urls: string[];
}

/** `GET web/api/blog/read`: a page of published posts, newest first. */
export interface PublicBlogPage {
  items: PublicBlogPost[];
  total: number;
  page: number;
  per_page: number;
}

export function webApi(api: ApiClient) {
  return {
    orders: {
      list: (query: OrderQuery) => api.get<OrderPage>('web/ecommerce/order/readall', compactQuery(query)),
      read: (id: number) => api.get<Order>(`web/ecommerce/order/read/${id}`),
      configure: (body: { id: number; note?: string }) => api.post<unknown>('web/ecommerce/order/configure', body),
      /** Issues the order's invoice in the billing module; answers the order with it. */
      invoice: (body: { id: number }) => api.post<Order>('web/ecommerce/order/invoice', body),
    },
    customers: {
      /** `web/customer/status`: a customer's mode in the shop (null takes it away); answers `{contact_id, status, status_name}`. */
      setStatus: (contactId: number, status: CustomerStatus | null) => api.post<OrderBuyer>('web/customer/status', { contact_id: contactId, status }),
    },
    gateway: {
      read: () => api.get<Gateway>('web/payments/gateway/read'),
      update: (body: GatewayUpdate) => api.post<Gateway>('web/payments/gateway/update', body),
    },
    sales: {
      read: () => api.get<SalesBilling>('web/sales/billing/read'),
      update: (body: SalesBillingUpdate) => api.post<SalesBilling>('web/sales/billing/update', body),
      /** The billing module's series (its `sales/billing/read`): fails without its permission. */
      series: () => api.get<BillingSeries[]>('sales/billing/read'),
    },
    apis: {
      read: () => api.get<Apis>('web/apis/read'),
      update: (body: ApisUpdate) => api.post<Apis>('web/apis/update', body),
    },
    legal: {
      /** Every kind with its text in force. */
      read: () => api.get<LegalTexts>('web/legal/read'),
      /** The same, with the versions of `kind`. */
      versions: (kind: LegalKind) => api.get<LegalTexts>('web/legal/read', { kind }),
      /** Answers the version saved; the same title and body as the one in force is `CONFLICT-000`. */
      update: (body: LegalUpdate) => api.post<LegalText>('web/legal/update', body),
    },
    blog: {
      list: (query: BlogQuery) => api.get<BlogPage>('web/blog/post/read', compactQuery(query)),
      /** One post (`NOT-FOUND-000` when missing). */
      read: (id: number) => api.get<BlogPost>('web/blog/post/read', { id }),
      /** Saves the post (a new one without `id`); answers it as stored (its status may be `waiting`). */
      save: (body: BlogPostSave) => api.post<BlogPost>('web/blog/post/create', body),
      remove: (id: number) => api.post<{ id: number }>('web/blog/post/delete', { id }),
    },
  };
}

export type WebApi = ReturnType<typeof webApi>;

/* The customer area (public screens): the storefront's calls with the customer's sign-in. */

/** The signed-in customer (`GET web/api/user/verify`, `user/data`). */
export interface CustomerUser extends Customer {
  id: number;
}

/** `GET web/api/user/data`: the customer, their mode in the shop and how many orders and agreements they have. */
export interface CustomerData {
  user: CustomerUser;
  /** Their mode in the shop (a demo account may not renew or extend). */
  status?: CustomerMode;
  orders: { total: number; unpaid: number };
  agreements: { total: number; pending: number };
}

/**
 * `GET web/api/user/valkiria/autologin`: the customer's personal link to the school's online
 * tests (the valkiria module's page of the student who is this customer), a full address of the
 * same Volante host.
 */
export interface ValkiriaLink {
  url: string;
}

export type AgreementStatus = 'requested' | 'signed';

/** An agreement the school asked the customer to sign (`GET web/api/user/agreement`). */
export interface CustomerAgreement {
  id: number;
  agreement_name: string;
  type: string;
  type_name: string;
  status: AgreementStatus;
  requested_at: string;
  signed_at: string | null;
  /** The agreements plugin's public signing page (an in-app path), while it waits for the signature. */
  sign_path: string | null;
  /** The signed PDF, once signed. */
  signed_url: string | null;
}

/**
 * Where a customer's online course stands today: open (`active`), not started yet (`pending`),
 * ended (`expired`), or paused by the school (`inactive`).
 */
export type CourseStatus = 'active' | 'pending' | 'expired' | 'inactive';

/**
 * One of the customer's online courses (`GET web/api/user/formative`): an assignment of the
 * formative module's content, as that module answers it (plugins/formative/README.md) with the
 * content's `hours`. Days are `YYYY-MM-DD`; the other instants are ISO date-times.
 */
export interface CustomerCourse {
  id: number;
  content_id: number;
  content_name: string;
  hours: number;
  contact_id: number;
  name: string;
  email: string;
  starts_on: string;
  ends_on: string;
  /** The share of the lessons open to the customer (1 to 100), from the first. */
  percentage: number;
  /** The content's lessons now, those open, and those the customer marked done. */
  total: number;
  open: number;
  done: number;
  /** `floor(done × 100 / total)`, 0 without lessons. */
  progress: number;
  status: CourseStatus;
  reached_90_at: string | null;
  completed_at: string | null;
  last_seen_at: string | null;
  /** The customer's reading page (a full address of the same host), only while `status` is active. */
  url: string | null;
  state: string;
  created_at: string;
}

/** `GET web/api/product/read/{id}`: a product on sale (money in cents, the rate in hundredths of a percent). */
export interface StorefrontProduct {
  id: number;
  reference: string;
  name: string;
  description: string;
  /** The unit price before tax. */
  price: number;
  tax_id?: number | null;
  tax_name: string;
  tax_rate: number;
  /** The unit price with its tax. */
  total: number;
  price_visible: boolean;
  /** It renews or extends what the customer has: refused to a customer in demo mode. */
  renews?: boolean;
}

/** `GET web/api/payments/tpv/read`: what the shop may offer, without secrets. */
export interface StorefrontMethods {
  configured: boolean;
  environment: Environment;
  methods: PaymentMethod[];
}

/**
 * A legal text the school publishes (`GET web/api/legal/read`: those in force and not taken
 * down, in the kinds' order; `?kind=` just that one, `NOT-FOUND-000` when it has none).
 */
export type StorefrontLegalText = Omit<LegalText, 'user_id'>;

/** `POST web/api/ecommerce/preorder`. */
export interface PreorderBody {
  payment_method: PaymentMethod;
  customer: Customer;
  /** Where the confirmation goes; the customer's e-mail when empty. */
  notification_email: string;
  accept_terms: boolean;
  /** Where the bank sends the customer back after paying, and after a failed payment. */
  url_ok: string;
  url_ko: string;
  lines: { product_id: number; quantity: number }[];
}

/** The bank's payment page and the signed fields to post to it (Redsys). */
export interface PaymentForm {
  url: string;
  fields: Record<string, string>;
}

/** What `POST web/api/ecommerce/preorder` answers: the order placed and how to pay it. */
export interface PreorderAnswer {
  order: Order;
  payment: PaymentForm;
}
