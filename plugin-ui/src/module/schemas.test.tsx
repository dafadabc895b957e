import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiProvider } from '../api/ApiContext';
import { envelopeOk, mockApi, readError, type MockApi } from '../testing/mockApi';
import { cachedSchemas, clearSchemasCache, loadSchemas, useSchemas } from './schemas';

const contact = { type: 'object', properties: { first_name: { type: 'string', maxLength: 60 } } };
const dgt = { type: 'object', properties: { dgt_folder: { type: 'string' } } };
const published = { contact, contact_dgt: dgt };

function signedIn(routes: Parameters<typeof mockApi>[0] = {}): MockApi {
  const api = mockApi(routes);
  api.store.signIn('test-token', 'super');
  return api;
}

function wrapper(api: MockApi) {
  return ({ children }: { children: ReactNode }) => <ApiProvider client={api.client}>{children}</ApiProvider>;
}

describe('loadSchemas', () => {
  it('asks GET plugin/schemas?plugin_id= with the session token and caches the answer per client and plugin', async () => {
    const api = signedIn({ 'GET plugin/schemas': envelopeOk(published) });
    expect(cachedSchemas(api.client, 'contacts')).toBeUndefined();
    const [a, b] = await Promise.all([loadSchemas(api.client, 'contacts'), loadSchemas(api.client, 'contacts')]);
    expect(a).toEqual(published);
    expect(b).toBe(a);
    expect(await loadSchemas(api.client, 'contacts')).toBe(a);
    const calls = api.calls('GET plugin/schemas');
    expect(calls).toHaveLength(1); // concurrent and later callers share one request
    expect(calls[0].query.get('plugin_id')).toBe('contacts');
    expect(calls[0].headers.authorization).toBe('Token test-token');
    expect(cachedSchemas(api.client, 'contacts')).toBe(a);

    // another plugin, another request; another client, another cache
    api.on('GET plugin/schemas', envelopeOk({ invoice: { type: 'object' } }));
    expect(await loadSchemas(api.client, 'billing')).toEqual({ invoice: { type: 'object' } });
    expect(api.calls('GET plugin/schemas')).toHaveLength(2);
    const other = signedIn({ 'GET plugin/schemas': envelopeOk(published) });
    await loadSchemas(other.client, 'contacts');
    expect(other.calls('GET plugin/schemas')).toHaveLength(1);

    // refresh and clearing ask again
    await loadSchemas(api.client, 'contacts', { refresh: true });
    expect(api.calls('GET plugin/schemas')).toHaveLength(3);
    clearSchemasCache(api.client, 'contacts');
    expect(cachedSchemas(api.client, 'contacts')).toBeUndefined();
    expect(cachedSchemas(api.client, 'billing')).toBeDefined();
    clearSchemasCache(api.client);
    expect(cachedSchemas(api.client, 'billing')).toBeUndefined();
  });

  it("rejects with the host's error and does not cache a failure", async () => {
    const api = signedIn({ 'GET plugin/schemas': readError('NOT-FOUND-000', 'Módulo no encontrado') });
    await expect(loadSchemas(api.client, 'contacts')).rejects.toEqual({ code: 'NOT-FOUND-000', data: null, details: 'Módulo no encontrado' });
    expect(cachedSchemas(api.client, 'contacts')).toBeUndefined();
    api.on('GET plugin/schemas', envelopeOk(published));
    expect(await loadSchemas(api.client, 'contacts')).toEqual(published);
    expect(api.calls('GET plugin/schemas')).toHaveLength(2);
  });

  it('without a session rejects locally with SESSION-000 and sends nothing', async () => {
    const api = mockApi();
    await expect(loadSchemas(api.client, 'contacts')).rejects.toMatchObject({ code: 'SESSION-000' });
    expect(api.requests).toHaveLength(0);
  });
});

describe('useSchemas', () => {
  it('is loading, then has the schemas; a second component gets them from the cache at once', async () => {
    const api = signedIn({ 'GET plugin/schemas': envelopeOk(published) });
    const first = renderHook(() => useSchemas('contacts'), { wrapper: wrapper(api) });
    expect(first.result.current).toMatchObject({ loading: true, schemas: null, error: null });
    await waitFor(() => expect(first.result.current.loading).toBe(false));
    expect(first.result.current).toMatchObject({ schemas: published, error: null });

    const second = renderHook(() => useSchemas('contacts'), { wrapper: wrapper(api) });
    expect(second.result.current).toMatchObject({ loading: false, schemas: published, error: null });
    expect(api.calls('GET plugin/schemas')).toHaveLength(1);
  });

  it('reports the error (transport failures too) and loads again on reload', async () => {
    const api = signedIn({ 'GET plugin/schemas': () => new Response('bad gateway', { status: 502 }) });
    const { result } = renderHook(() => useSchemas('contacts'), { wrapper: wrapper(api) });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.schemas).toBeNull();
    expect(result.current.error).toMatchObject({ code: 'REQ-100' });

    api.on('GET plugin/schemas', envelopeOk(published));
    act(() => result.current.reload());
    expect(result.current.loading).toBe(true);
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ schemas: published, error: null });
    expect(api.calls('GET plugin/schemas')).toHaveLength(2);
  });

  it('follows a change of plugin without showing the previous one', async () => {
    const api = signedIn({ 'GET plugin/schemas': (req) => envelopeOk(req.query.get('plugin_id') === 'contacts' ? published : { invoice: { type: 'object' } }) });
    const { result, rerender } = renderHook(({ id }) => useSchemas(id), { wrapper: wrapper(api), initialProps: { id: 'contacts' } });
    await waitFor(() => expect(result.current.schemas).toEqual(published));
    rerender({ id: 'billing' });
    expect(result.current).toMatchObject({ loading: true, schemas: null });
    await waitFor(() => expect(result.current.schemas).toEqual({ invoice: { type: 'object' } }));
  });

  it("an answer that arrives after unmounting is ignored", async () => {
    let answer: (value: unknown) => void = () => {};
    const api = signedIn({ 'GET plugin/schemas': () => new Promise((resolve) => (answer = resolve)) });
    const { result, unmount } = renderHook(() => useSchemas('contacts'), { wrapper: wrapper(api) });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(api.calls('GET plugin/schemas')).toHaveLength(1));
    unmount();
    answer(envelopeOk(published));
    expect(await loadSchemas(api.client, 'contacts')).toEqual(published); // still cached for the next screen
  });
});
