/**
 * A fake host at the network layer for tests: it replaces `fetch` for one API client and answers
 * from a route table keyed `"METHOD path"` (path without `/api/`). A request no route answers
 * is recorded and fails the test in `afterEach` (as msw's onUnhandledRequest: 'error' would).
 */
import { createApiClient, type ApiClient } from '../api/client';
import { createSessionStore, type SessionStore } from '../session/storage';

export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type MockHandler = (request: MockRequest) => unknown | Promise<unknown>;

export const envelopeOk = (data: unknown = {}) => ({ success: true, data });
export const envelopeError = (error: unknown) => ({ success: false, error });
/** A POST failure: the host sends a list of errors. */
export const writeError = (code: string, details = '', data: unknown = null) => envelopeError([{ code, data, details }]);
/** A GET failure: one error object. */
export const readError = (code: string, details = '', data: unknown = null) => envelopeError({ code, data, details });

const unhandled: string[] = [];

/** Throws (failing the test) if any mocked API saw a request no route answered. */
export function verifyNoUnhandledRequests(): void {
  if (unhandled.length === 0) return;
  const list = unhandled.splice(0).join(', ');
  throw new Error(`Unhandled API requests: ${list}`);
}

export interface MockApi {
  client: ApiClient;
  store: SessionStore;
  fetch: typeof fetch;
  requests: MockRequest[];
  /** Add or replace the answer to `"METHOD path"`; a plain value is the envelope to send. */
  on(route: string, handler: MockHandler | object): void;
  /** Whether `"METHOD path"` has an answer. */
  has(route: string): boolean;
  /** Requests made to `"METHOD path"`. */
  calls(route: string): MockRequest[];
  forcedLogouts: number;
}

export function mockApi(routes: Record<string, MockHandler | object> = {}, options: { store?: SessionStore } = {}): MockApi {
  const table = new Map<string, MockHandler>();
  const requests: MockRequest[] = [];
  const on = (route: string, handler: MockHandler | object) =>
    table.set(route, typeof handler === 'function' ? (handler as MockHandler) : () => handler);
  for (const [route, handler] of Object.entries(routes)) on(route, handler);

  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://volante.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\//, '');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const request: MockRequest = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined,
      headers,
    };
    requests.push(request);
    const key = `${method} ${path}`;
    const handler = table.get(key);
    if (!handler) {
      unhandled.push(key);
      return new Response(JSON.stringify(readError('REQ-404', `No mock for ${key}`)), { status: 200 });
    }
    const answer = await handler(request);
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };

  const store = options.store ?? createSessionStore();
  const api: MockApi = {
    store,
    fetch: fakeFetch as typeof fetch,
    requests,
    on,
    has: (route) => table.has(route),
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    forcedLogouts: 0,
    client: undefined as unknown as ApiClient,
  };
  api.client = createApiClient({ fetch: api.fetch, store, onForcedLogout: () => (api.forcedLogouts += 1) });
  return api;
}
