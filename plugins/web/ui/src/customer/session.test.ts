import { describe, expect, it, vi } from 'vitest';
import { envelopeOk, mockApi, readError, writeError } from '@volante/plugin-ui/testing';
import { CUSTOMER_STORAGE, carriesCredentials, createCustomerStore, credentialOf, customerApi, customerStore, takeCredentials } from './session';
import { looksLikeEmail, quantityOf } from './checks';

const stored = () => ({ key: localStorage.getItem(CUSTOMER_STORAGE.key), token: localStorage.getItem(CUSTOMER_STORAGE.token) });
const signIn = (key: string | null, token: string | null) => customerStore.save({ key, token });

describe('the customer store', () => {
  it('keeps the key and the token in localStorage under volante.customer.*, and tells its listeners', () => {
    const store = createCustomerStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    expect(store.read()).toEqual({ key: null, token: null });
    store.save({ key: 'wk_1', token: 'ct_1' });
    expect(localStorage.getItem('volante.customer.key')).toBe('wk_1');
    expect(localStorage.getItem('volante.customer.token')).toBe('ct_1');
    expect(store.snapshot()).toBe('wk_1\nct_1');
    store.save({ token: null });
    expect(store.read()).toEqual({ key: 'wk_1', token: null });
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.save({ key: null });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.read()).toEqual({ key: null, token: null });
  });

  it('answers nothing stored when the storage cannot be used', () => {
    const broken = createCustomerStore(() => {
      throw new Error('private mode');
    });
    broken.save({ key: 'wk_1' });
    expect(broken.read()).toEqual({ key: null, token: null });
  });

  it('builds the storefront credential: the key, then the token when there is one', () => {
    expect(credentialOf('wk_1')).toBe('Bearer wk_1');
    expect(credentialOf('wk_1', null)).toBe('Bearer wk_1');
    expect(credentialOf('wk_1', 'ct_1')).toBe('Bearer wk_1 ct_1');
  });
});

describe('the credentials an address carries', () => {
  it('saves key and token and answers the query without them, keeping the rest', () => {
    expect(carriesCredentials('?key=wk_1&token=ct_1')).toBe(true);
    expect(carriesCredentials('?paid=1')).toBe(false);
    expect(takeCredentials('?key=wk_1&token=ct_1')).toBe('');
    expect(stored()).toEqual({ key: 'wk_1', token: 'ct_1' });
    expect(takeCredentials('?product=3&token=ct_2&product=5')).toBe('?product=3&product=5');
    expect(stored()).toEqual({ key: 'wk_1', token: 'ct_2' });
  });

  it('keeps the token for the same key, drops it for a new key that comes alone, ignores empty values', () => {
    signIn('wk_1', 'ct_1');
    takeCredentials('?key=wk_1');
    expect(stored()).toEqual({ key: 'wk_1', token: 'ct_1' });
    takeCredentials('?key=&token=');
    expect(stored()).toEqual({ key: 'wk_1', token: 'ct_1' });
    takeCredentials('?key=wk_2');
    expect(stored()).toEqual({ key: 'wk_2', token: null });
  });
});

describe('the customer api', () => {
  it("sends the key and the token as the storefront credential, never the staff session's token", async () => {
    const api = mockApi({ 'GET web/api/user/verify': envelopeOk({ user: { id: 4 } }), 'GET web/api/ecommerce/preorder/read/all': envelopeOk([]) });
    api.store.signIn('staff-token', 'super');
    signIn('wk_1', 'ct_1');
    const customer = customerApi(api.client);
    await expect(customer.verify()).resolves.toEqual({ user: { id: 4 } });
    expect(api.calls('GET web/api/user/verify')[0].headers.authorization).toBe('Bearer wk_1 ct_1');
    await customer.orders('  lucía ');
    const [list] = api.calls('GET web/api/ecommerce/preorder/read/all');
    expect(list.query.get('search')).toBe('lucía');
    await customer.orders('');
    expect(api.calls('GET web/api/ecommerce/preorder/read/all')[1].query.get('search')).toBe('');
  });

  it('asks for an access link with the key only, and without a key sends nothing', async () => {
    const api = mockApi({ 'POST web/api/user/access': envelopeOk({ sent: true }) });
    const customer = customerApi(api.client);
    await expect(customer.access('lucia@example.com')).rejects.toMatchObject({ code: 'SESSION-000' });
    expect(api.requests).toHaveLength(0);
    signIn('wk_1', 'ct_old');
    await expect(customer.access('lucia@example.com')).resolves.toEqual({ sent: true });
    const [access] = api.calls('POST web/api/user/access');
    expect(access.headers.authorization).toBe('Bearer wk_1');
    expect(access.body).toEqual({ email: 'lucia@example.com' });
  });

  it('purges the token on SESSION-001 when one was sent, keeping the key', async () => {
    const api = mockApi({ 'GET web/api/user/data': readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    signIn('wk_1', 'ct_1');
    await expect(customerApi(api.client).data()).rejects.toMatchObject({ code: 'SESSION-001' });
    expect(stored()).toEqual({ key: 'wk_1', token: null });
    // the staff session is not the customer's
    expect(api.forcedLogouts).toBe(0);
  });

  it('purges the key on SESSION-001 when no token was sent', async () => {
    const api = mockApi({ 'POST web/api/user/access': writeError('SESSION-001', 'La clave de la API web no es válida') });
    signIn('wk_1', null);
    await expect(customerApi(api.client).access('lucia@example.com')).rejects.toBeTruthy();
    expect(stored()).toEqual({ key: null, token: null });
  });

  it('keeps a token saved while the refused call was on its way, and purges nothing on other errors', async () => {
    const api = mockApi({ 'GET web/api/user/agreement': readError('SESSION-001', 'x'), 'GET web/api/user/verify': readError('SERVER-000', 'x') });
    signIn('wk_1', 'ct_1');
    const customer = customerApi(api.client);
    await expect(customer.verify()).rejects.toBeTruthy();
    expect(stored()).toEqual({ key: 'wk_1', token: 'ct_1' });
    api.on('GET web/api/user/agreement', () => {
      signIn('wk_1', 'ct_new');
      return readError('SESSION-001', 'x');
    });
    await expect(customer.agreements()).rejects.toBeTruthy();
    expect(stored()).toEqual({ key: 'wk_1', token: 'ct_new' });
  });

  it('logs out: POSTs user/logout with the token and purges it whatever the answer', async () => {
    const api = mockApi({ 'POST web/api/user/logout': envelopeOk({}) });
    signIn('wk_1', 'ct_1');
    const customer = customerApi(api.client);
    await customer.logout();
    expect(api.calls('POST web/api/user/logout')[0].headers.authorization).toBe('Bearer wk_1 ct_1');
    expect(stored()).toEqual({ key: 'wk_1', token: null });

    signIn('wk_1', 'ct_2');
    api.on('POST web/api/user/logout', writeError('SERVER-000', 'No se ha podido'));
    await expect(customer.logout()).resolves.toBeUndefined();
    expect(stored()).toEqual({ key: 'wk_1', token: null });
    // nothing to end: nothing is sent
    await customer.logout();
    expect(api.calls('POST web/api/user/logout')).toHaveLength(2);
  });

  it('reads products, payment methods, and places an order with the credential', async () => {
    const api = mockApi({
      'GET web/api/product/read/3': envelopeOk({ id: 3 }),
      'GET web/api/payments/tpv/read': envelopeOk({ configured: true, environment: 'test', methods: ['card'] }),
      'POST web/api/ecommerce/preorder': envelopeOk({ order: { id: 1 }, payment: { url: 'https://bank', fields: {} } }),
    });
    signIn('wk_1', 'ct_1');
    const customer = customerApi(api.client);
    await customer.product(3);
    await customer.methods();
    await customer.preorder({ lines: [{ product_id: 3, quantity: 1 }] } as never);
    expect(api.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization}`)).toEqual([
      'GET web/api/product/read/3 Bearer wk_1 ct_1',
      'GET web/api/payments/tpv/read Bearer wk_1 ct_1',
      'POST web/api/ecommerce/preorder Bearer wk_1 ct_1',
    ]);
  });
});

describe('the checks before sending', () => {
  it('takes whole quantities within the limits and e-mail addresses that look like one', () => {
    expect(quantityOf(' 3 ', 1, 99)).toBe(3);
    expect(['0', '100', '1.5', '-1', '', 'dos'].map((q) => quantityOf(q, 1, 99))).toEqual([null, null, null, null, null, null]);
    expect(looksLikeEmail('lucia@example.com')).toBe(true);
    expect(looksLikeEmail('lucia@example')).toBe(false);
  });
});
