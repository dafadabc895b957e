/**
 * The customer area's sign-in (README "The customer area"): the school's web-api key and the
 * customer's token, kept in the browser, and the storefront calls made with them.
 *
 * - The key comes from the school's web site (`/layout/contact/dashboard?key=…`), the token from
 *   the e-mailed access link (`…?key=…&token=…`); both are saved in localStorage
 *   (`volante.customer.key`, `volante.customer.token`) and taken out of the address bar.
 * - Every call is a storefront call: `Authorization: Bearer <key> <token>` (the token part only
 *   when there is one), never the staff session's token (the kit's `credential` option).
 * - `SESSION-001` on any of them purges the stored token, and the key too when no token was sent.
 */
import { compactQuery, hasErrorCode, sessionInvalid, type ApiClient, type CallOptions } from '@volante/plugin-ui';
import type { CustomerAgreement, CustomerCourse, CustomerData, CustomerUser, LegalKind, Order, PublicBlogPage, PublicBlogPost, PreorderAnswer, PreorderBody, StorefrontLegalText, StorefrontMethods, StorefrontProduct, ValkiriaLink } from '../api';

export const CUSTOMER_STORAGE = {
  key: 'volante.customer.key',
  token: 'volante.customer.token',
} as const;

/** The host's refusal of a storefront credential (an unknown key, an expired customer token). */
export const SESSION_EXPIRED = 'SESSION-001';

export interface CustomerCredentials {
  /** The school's web-api key; null: the area was not entered from the school's web site. */
  key: string | null;
  /** The customer's token; null: signed out. */
  token: string | null;
}

export interface CustomerStore {
  read(): CustomerCredentials;
  /** Saves what the patch names; null removes it. */
  save(patch: Partial<CustomerCredentials>): void;
  /** Calls `listener` after every change (here or, through `storage` events, in another tab). */
  subscribe(listener: () => void): () => void;
  /** The credentials as one string, for `useSyncExternalStore`. */
  snapshot(): string;
}

export function createCustomerStore(storage: () => Storage = () => globalThis.localStorage): CustomerStore {
  const listeners = new Set<() => void>();
  const read = (name: string) => {
    try {
      return storage().getItem(name) || null;
    } catch {
      return null;
    }
  };
  const write = (name: string, value: string | null) => {
    try {
      if (value) storage().setItem(name, value);
      else storage().removeItem(name);
    } catch {
      // Storage can be unavailable (private mode, quota): the sign-in then lasts one page.
    }
  };
  const store: CustomerStore = {
    read: () => ({ key: read(CUSTOMER_STORAGE.key), token: read(CUSTOMER_STORAGE.token) }),
    save(patch) {
      if (patch.key !== undefined) write(CUSTOMER_STORAGE.key, patch.key);
      if (patch.token !== undefined) write(CUSTOMER_STORAGE.token, patch.token);
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || Object.values(CUSTOMER_STORAGE).includes(event.key as never)) listener();
      };
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        listeners.delete(listener);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    snapshot() {
      const { key, token } = store.read();
      return `${key ?? ''}\n${token ?? ''}`;
    },
  };
  return store;
}

/** The store over the page's localStorage. */
export const customerStore: CustomerStore = createCustomerStore();

/** A storefront call's `Authorization`: `Bearer <key>`, or `Bearer <key> <token>` when signed in. */
export function credentialOf(key: string, token?: string | null): string {
  return token ? `Bearer ${key} ${token}` : `Bearer ${key}`;
}

const LINK_PARAMS = ['key', 'token'];

/** Whether the address carries a key or a token to take. */
export function carriesCredentials(search: string): boolean {
  const params = new URLSearchParams(search);
  return LINK_PARAMS.some((name) => params.has(name));
}

/**
 * Saves the key and the token an address carries (`?key=…&token=…`; empty ones are ignored) and
 * answers its query without them (`''` when nothing is left, else `?…`). A new key that comes
 * without a token drops the stored token: it belonged to the other key's school.
 */
export function takeCredentials(search: string, store: CustomerStore = customerStore): string {
  const params = new URLSearchParams(search);
  const key = params.get('key')?.trim() || null;
  const token = params.get('token')?.trim() || null;
  const patch: Partial<CustomerCredentials> = {};
  if (key) {
    patch.key = key;
    if (!token && key !== store.read().key) patch.token = null;
  }
  if (token) patch.token = token;
  if (Object.keys(patch).length > 0) store.save(patch);
  for (const name of LINK_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The customer area's calls (storefront routes, README "The customer area"), each with the stored
 * credentials: without a key nothing is sent (a local `SESSION-000`). A `SESSION-001` answer
 * purges the token that was sent, or, when none was, the key (the site's key is no longer valid).
 */
export function customerApi(client: ApiClient, store: CustomerStore = customerStore) {
  async function call<T>(send: (options: CallOptions) => Promise<T>, withToken = true): Promise<T> {
    const { key, token } = store.read();
    if (!key) throw sessionInvalid();
    const sent = withToken ? token : null;
    try {
      // `auth: false` too: a shell whose kit predates `credential` then sends the call rather than refusing it locally
      return await send({ auth: false, credential: credentialOf(key, sent) });
    } catch (failure) {
      if (hasErrorCode(failure, SESSION_EXPIRED)) expire(store, key, sent);
      throw failure;
    }
  }

  return {
    /**
     * Mails the customer an access link; the same answer whether or not the e-mail is known. Key
     * only. `next`: the area's page the link opens (its path and `product` ids); the dashboard when absent.
     */
    access: (email: string, next?: string) => call((o) => client.post<{ sent: boolean }>('web/api/user/access', next ? { email, next } : { email }, o), false),
    verify: () => call((o) => client.get<{ user: CustomerUser }>('web/api/user/verify', undefined, o)),
    data: () => call((o) => client.get<CustomerData>('web/api/user/data', undefined, o)),
    /** The customer's orders; `search` trimmed (always sent, empty for all). */
    orders: (search: string) => call((o) => client.get<Order[]>('web/api/ecommerce/preorder/read/all', { search: search.trim() }, o)),
    agreements: () => call((o) => client.get<CustomerAgreement[]>('web/api/user/agreement', undefined, o)),
    /** The customer's online courses, newest first (empty when the school has no formative module). */
    courses: () => call((o) => client.get<CustomerCourse[]>('web/api/user/formative', undefined, o)),
    /** The customer's link to the school's online tests (`CONFLICT-000` with the reason when they have none). */
    valkiriaLink: () => call((o) => client.get<ValkiriaLink>('web/api/user/valkiria/autologin', undefined, o)),
    product: (id: number) => call((o) => client.get<StorefrontProduct>(`web/api/product/read/${id}`, undefined, o)),
    methods: () => call((o) => client.get<StorefrontMethods>('web/api/payments/tpv/read', undefined, o)),
    preorder: (body: PreorderBody) => call((o) => client.post<PreorderAnswer>('web/api/ecommerce/preorder', body, o)),
    /** The legal texts the school publishes, in the kinds' order (none: `[]`). Key only: they are public. */
    legalTexts: () => call((o) => client.get<StorefrontLegalText[]>('web/api/legal/read', undefined, o), false),
    /** One published legal text; `NOT-FOUND-000` when the school has none of that kind. Key only. */
    legalText: (kind: LegalKind) => call((o) => client.get<StorefrontLegalText>('web/api/legal/read', { kind }, o), false),
    /** The school's published posts, newest first (`tag`: only those with it; '' for all). Key only: they are public. */
    blog: (query: { tag: string; page: number; per_page: number }) => call((o) => client.get<PublicBlogPage>('web/api/blog/read', compactQuery(query), o), false),
    /** One published post; `NOT-FOUND-000` when there is none (or it is not published). Key only. */
    blogPost: (id: number) => call((o) => client.get<PublicBlogPost>('web/api/blog/read', { id }, o), false),
    /** Ends the customer's sign-in: the token is purged whatever the host answers. */
    async logout(): Promise<void> {
      try {
        if (store.read().token) await call((o) => client.post<unknown>('web/api/user/logout', {}, o));
      } catch {
        // whatever the host answers (an expired token, no network), the customer is signed out here
      } finally {
        store.save({ token: null });
      }
    },
  };
}

export type CustomerApi = ReturnType<typeof customerApi>;

/** After `SESSION-001`: the token sent goes (unless a newer one was saved meanwhile); with none sent, the key. */
function expire(store: CustomerStore, key: string, sent: string | null) {
  const now = store.read();
  if (sent) {
    if (now.token === sent) store.save({ token: null });
  } else if (now.key === key) {
    store.save({ key: null, token: null });
  }
}
