import { describe, expect, it } from 'vitest';
import { buildUrl, createApiClient } from './client';
import { errorCodes, errorList, hasErrorCode } from './errors';
import { envelopeOk, mockApi, readError, writeError } from '../testing/mockApi';
import { createSessionStore, STORAGE_KEYS } from '../session/storage';

describe('buildUrl', () => {
  it('joins the base and path and encodes query parameters, skipping empty ones', () => {
    expect(buildUrl('/api', 'contact/finder', { q: 'García López', page: 2, none: undefined, nil: null })).toBe(
      '/api/contact/finder?q=Garc%C3%ADa+L%C3%B3pez&page=2',
    );
    expect(buildUrl('/api/', '/user/verify')).toBe('/api/user/verify');
    expect(buildUrl('/api', 'x', { id: [1, 2] })).toBe('/api/x?id=1&id=2');
  });
});

describe('api client', () => {
  it('GET sends the token header and the query, and resolves data', async () => {
    const api = mockApi({ 'GET contact/read/7': envelopeOk({ contact_id: 7 }) });
    api.store.signIn('tok-1', 'super');
    await expect(api.client.get('contact/read/7', { full: true })).resolves.toEqual({ contact_id: 7 });
    const [request] = api.calls('GET contact/read/7');
    expect(request.headers.authorization).toBe('Token tok-1');
    expect(request.query.get('full')).toBe('true');
    expect(request.body).toBeUndefined();
  });

  it('POST sends JSON and resolves data', async () => {
    const api = mockApi({ 'POST contact/create': envelopeOk({ contact_id: 9 }) });
    api.store.signIn('tok-2', 'super');
    await expect(api.client.post('contact/create', { name: 'Ana' })).resolves.toEqual({ contact_id: 9 });
    const [request] = api.calls('POST contact/create');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({ name: 'Ana' });
  });

  it('rejects a GET with the server error object unchanged', async () => {
    const api = mockApi({ 'GET contact/read/1': readError('NOT-FOUND-000', 'Contacto no encontrado', { entity: 'contact' }) });
    api.store.signIn('t', 'super');
    await expect(api.client.get('contact/read/1')).rejects.toEqual({
      code: 'NOT-FOUND-000',
      data: { entity: 'contact' },
      details: 'Contacto no encontrado',
    });
  });

  it('rejects a POST with the server error list unchanged', async () => {
    const api = mockApi({ 'POST contact/create': writeError('REQ-102', 'Falta el nombre', { field: 'name' }) });
    api.store.signIn('t', 'super');
    await expect(api.client.post('contact/create', {})).rejects.toEqual([
      { code: 'REQ-102', data: { field: 'name' }, details: 'Falta el nombre' },
    ]);
  });

  it('rejects a protected call locally with SESSION-000 when no token is stored, sending nothing', async () => {
    const api = mockApi();
    await expect(api.client.get('user/verify')).rejects.toEqual({ code: 'SESSION-000', data: null, details: 'Invalid session' });
    await expect(api.client.post('user/logout')).rejects.toMatchObject({ code: 'SESSION-000', details: 'Invalid session' });
    expect(api.requests).toHaveLength(0);
  });

  it('lets public calls through without a token and without the header', async () => {
    const api = mockApi({ 'POST user/login': envelopeOk({ target: 'code' }) });
    await expect(api.client.post('user/login', { email: 'a@b.es' }, { auth: false })).resolves.toEqual({ target: 'code' });
    expect(api.calls('POST user/login')[0].headers.authorization).toBeUndefined();
  });

  it("sends a storefront call's credential instead of the session's token, with or without a session", async () => {
    const api = mockApi({ 'GET web/api/user/verify': envelopeOk({ user: { id: 4 } }), 'POST web/api/user/access': envelopeOk({ sent: true }) });
    // signed out: no session is needed
    await expect(api.client.get('web/api/user/verify', undefined, { credential: 'Bearer wk_1 ct_1' })).resolves.toEqual({ user: { id: 4 } });
    expect(api.calls('GET web/api/user/verify')[0].headers.authorization).toBe('Bearer wk_1 ct_1');
    // signed in as staff: the session's token does not go with it
    api.store.signIn('staff-token', 'super');
    await expect(api.client.post('web/api/user/access', { email: 'a@b.es' }, { credential: 'Bearer wk_1' })).resolves.toEqual({ sent: true });
    const [access] = api.calls('POST web/api/user/access');
    expect(access.headers.authorization).toBe('Bearer wk_1');
    expect(access.body).toEqual({ email: 'a@b.es' });
    // an empty credential sends no Authorization at all
    await api.client.get('web/api/user/verify', undefined, { credential: '' });
    expect(api.calls('GET web/api/user/verify')[1].headers.authorization).toBeUndefined();
    expect(api.store.getToken()).toBe('staff-token');
  });

  it("a storefront call's SESSION-001 is the caller's to handle: no forced logout, the session stays", async () => {
    const api = mockApi({ 'GET web/api/user/data': readError('SESSION-001', 'La sesión ha caducado') });
    api.store.signIn('keep', 'super');
    await expect(api.client.get('web/api/user/data', undefined, { credential: 'Bearer wk_1 ct_old' })).rejects.toMatchObject({ code: 'SESSION-001' });
    expect(api.forcedLogouts).toBe(0);
    expect(api.store.getToken()).toBe('keep');
  });

  it('turns a fetch failure into REQ-100 with the cause as details', async () => {
    const client = createApiClient({
      store: createSessionStore(),
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.post('user/login', {}, { auth: false })).rejects.toEqual({
      code: 'REQ-100',
      data: null,
      details: 'Failed to fetch',
    });
  });

  it('turns a non-2xx answer or a non-JSON body into REQ-100', async () => {
    const client = createApiClient({ store: createSessionStore(), fetch: async () => new Response('Bad gateway', { status: 502 }) });
    await expect(client.get('x', undefined, { auth: false })).rejects.toMatchObject({ code: 'REQ-100', details: 'HTTP 502' });
    const html = createApiClient({ store: createSessionStore(), fetch: async () => new Response('<html>', { status: 200 }) });
    await expect(html.get('x', undefined, { auth: false })).rejects.toMatchObject({ code: 'REQ-100', data: null });
  });

  it.each(['SESSION-001', 'SESSION-001-0', 'SESSION-001-1'])('purges and reloads when user/update answers %s', async (code) => {
    const api = mockApi({ 'GET user/update': readError(code, 'La sesión ha caducado') });
    api.store.signIn('old', 'super');
    await expect(api.client.get('user/update')).rejects.toMatchObject({ code });
    expect(api.forcedLogouts).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });

  it('does not force a logout for other calls or other codes', async () => {
    const api = mockApi({
      'GET contact/read/1': readError('SESSION-001', 'x'),
      'GET user/update': readError('SERVER-000', 'x'),
    });
    api.store.signIn('keep', 'super');
    await expect(api.client.get('contact/read/1')).rejects.toBeTruthy();
    await expect(api.client.get('user/update')).rejects.toBeTruthy();
    expect(api.forcedLogouts).toBe(0);
    expect(api.store.getToken()).toBe('keep');
  });
});

describe('error helpers', () => {
  it('normalise object, list and thrown errors', () => {
    expect(errorCodes({ code: 'A', data: null, details: '' })).toEqual(['A']);
    expect(errorCodes([{ code: 'A', data: null, details: '' }, { code: 'B', data: null, details: '' }])).toEqual(['A', 'B']);
    expect(errorList(new Error('boom'))).toEqual([{ code: 'REQ-100', data: null, details: 'boom' }]);
    expect(hasErrorCode([{ code: 'LOGIN-002', data: null, details: '' }], 'LOGIN-001', 'LOGIN-002')).toBe(true);
    expect(hasErrorCode(undefined, 'X')).toBe(false);
  });
});
