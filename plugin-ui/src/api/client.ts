/**
 * The client for the host's API envelope (spec general §7).
 *
 * - base `/api`; reads are GET with query parameters, writes are POST with a JSON body;
 * - the session header is `Authorization: Token <token>`; a storefront call passes its own
 *   `credential` (`Bearer <web-api key> [<customer token>]`), sent instead and needing no session;
 * - `{success:true, data}` resolves `data`; `{success:false, error}` rejects with the server's
 *   error unchanged (one object for GET, a list for POST);
 * - a protected call with no stored token rejects locally with SESSION-000 and sends nothing;
 * - a transport failure rejects with REQ-100 (data null, details the cause);
 * - SESSION-001 / -001-0 / -001-1 answered to `user/update` purge the session and reload.
 */
import {
  FORCED_LOGOUT_CODES,
  errorCodes,
  networkFailure,
  sessionInvalid,
} from './errors';
import { sessionStore, type SessionStore } from '../session/storage';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | QueryValue[]>;

export interface CallOptions {
  /** Protected call (default): needs a stored token. `false` for sign-in, registration… */
  auth?: boolean;
  /**
   * A storefront call's `Authorization` value (`Bearer <web-api key> <customer token>`), sent
   * instead of the session's token, which then never goes. It implies no session is needed (as
   * `auth: false`); an empty one sends no `Authorization` at all.
   */
  credential?: string;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T = unknown>(path: string, params?: QueryParams, options?: CallOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** POST a multipart form (files): the browser sets the boundary; same envelope rules. */
  upload<T = unknown>(path: string, form: FormData, options?: CallOptions): Promise<T>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  store?: SessionStore;
  /** After a forced logout (the session is already purged). Default: reload the page. */
  onForcedLogout?: () => void;
}

export const API_BASE = '/api';
const REFRESH_PATH = 'user/update';

export function buildUrl(baseUrl: string, path: string, params?: QueryParams): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      query.append(key, String(v));
    }
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

interface Envelope {
  success?: unknown;
  data?: unknown;
  error?: unknown;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE;
  const store = options.store ?? sessionStore;
  const doFetch = (...args: Parameters<typeof fetch>) => (options.fetch ?? globalThis.fetch)(...args);
  const onForcedLogout = options.onForcedLogout ?? (() => globalThis.location?.reload());

  async function call<T>(method: 'GET' | 'POST', path: string, init: { params?: QueryParams; body?: unknown; form?: FormData }, opts: CallOptions = {}): Promise<T> {
    const normalised = path.replace(/^\/+/, '');
    const token = store.getToken();
    const storefront = opts.credential !== undefined;
    const protectedCall = opts.auth !== false && !storefront;
    if (protectedCall && !token) throw sessionInvalid();

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (storefront) {
      if (opts.credential) headers.Authorization = opts.credential;
    } else if (token) {
      headers.Authorization = `Token ${token}`;
    }
    let body: string | FormData | undefined;
    if (init.form) {
      body = init.form;
    } else if (method === 'POST') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body ?? {});
    }

    let envelope: Envelope;
    try {
      const response = await doFetch(buildUrl(baseUrl, normalised, init.params), {
        method,
        headers,
        body,
        signal: opts.signal,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      envelope = (await response.json()) as Envelope;
    } catch (cause) {
      throw networkFailure(cause);
    }
    if (typeof envelope !== 'object' || envelope === null) throw networkFailure(new Error('Respuesta no válida'));
    if (envelope.success === true) return envelope.data as T;

    const error = envelope.error ?? networkFailure(new Error('Respuesta sin error'));
    if (normalised === REFRESH_PATH && errorCodes(error).some((code) => FORCED_LOGOUT_CODES.includes(code))) {
      store.purge();
      onForcedLogout();
    }
    throw error;
  }

  return {
    get: (path, params, opts) => call('GET', path, { params }, opts),
    post: (path, body, opts) => call('POST', path, { body }, opts),
    upload: (path, form, opts) => call('POST', path, { form }, opts),
  };
}
