import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, writeError } from '@volante/plugin-ui/testing';
import { LEGAL_READ, LocationSearch, renderModule, storeCustomer, storedCustomer } from '../test/render';
import { CUSTOMER_TOKEN, WEBAPI_KEY, customerUser, methods, preorderAnswer, product, publishedText, storefrontLegal } from '../test/fixtures';

const CREATE = '/layout/contact/order/create';
const PREORDER = 'POST web/api/ecommerce/preorder';
const fees = product(5, { reference: 'TASAS', name: 'Tasas DGT', description: '', price: 4500, tax_id: null, tax_name: 'Exento', tax_rate: 0, total: 4500 });

/** The forms the page sent to the bank (jsdom cannot navigate: `submit` is caught). */
let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  submitted = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  storeCustomer();
});

function orderHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET web/api/user/verify': envelopeOk({ user: customerUser }),
    'GET web/api/payments/tpv/read': envelopeOk(methods()),
    'GET web/api/product/read/3': envelopeOk(product(3)),
    'GET web/api/product/read/5': envelopeOk(fees),
    [PREORDER]: envelopeOk(preorderAnswer()),
    ...(routes as Record<string, object>),
  });
}

const ACCESS_TAB = '¿Ya es cliente? Entre con su correo y vuelva a este pedido';
const BUY_TAB = 'Comprar sin cuenta';

const form = () => screen.getByRole('form', { name: 'Datos del pedido' });
const field = (label: RegExp) => within(form()).getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const pay = () => fireEvent.click(within(form()).getByRole('button', { name: /^Pagar/ }));
const lineRows = () => within(screen.getByRole('table', { name: 'Productos del pedido' })).getAllByRole('row').slice(1);
const text = (el: HTMLElement) => el.textContent!.replace(/\u00a0/g, ' ');
/** Lets the answers already sent reach the page (to see that something did not show). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('/layout/contact/order/create', () => {
  it("reads each product the address names, the payment methods and the customer, whose data fills the buyer's", async () => {
    const api = orderHost();
    renderModule(`${CREATE}?product=3&product=5&product=3&product=x`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    // each id once, in order; a value that is not an id is ignored
    const order = api.requests.filter((r) => r.path !== 'web/api/legal/read');
    expect(order.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET web/api/payments/tpv/read', 'GET web/api/product/read/3', 'GET web/api/product/read/5', 'GET web/api/user/verify']);
    expect(new Set(order.map((r) => r.headers.authorization))).toEqual(new Set([`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`]));

    expect(lineRows().map((r) => [...r.querySelectorAll('td')].map((td) => text(td)))).toEqual([
      ['Permiso B completoB-COMPLETO', '600,00 €', '', '600,00 €'],
      ['Tasas DGTTASAS', '45,00 €', '', '45,00 €'],
    ]);
    expect(field(/^Cantidad de Permiso B completo/)).toHaveValue(1);
    expect(text(screen.getByTestId('order-total'))).toBe('Total (impuestos incluidos): 645,00 €');
    expect(text(within(form()).getByRole('button', { name: /^Pagar/ }))).toBe('Pagar 645,00 €');
    type(/^Cantidad de Tasas DGT/, '2');
    expect(text(screen.getByTestId('order-total'))).toBe('Total (impuestos incluidos): 690,00 €');

    // card only: Bizum is not offered
    const methodsGroup = within(form()).getByRole('group', { name: 'Forma de pago' });
    expect(within(methodsGroup).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Tarjeta']);
    expect(within(methodsGroup).getByRole('radio', { name: 'Tarjeta' })).toBeChecked();

    expect(field(/^Nombre y apellidos/)).toHaveValue('Lucía Pérez Gómez');
    expect(field(/^DNI\/NIE\/NIF/)).toHaveValue('54362315K');
    expect(field(/^Correo electrónico/)).toHaveValue('lucia@example.com');
    expect(field(/^Teléfono/)).toHaveValue('612345678');
    expect(field(/^Dirección/)).toHaveValue('Calle Mayor 1');
    expect(field(/^Código postal/)).toHaveValue('28001');
    expect(field(/^Localidad/)).toHaveValue('Madrid');
    expect(field(/^Provincia/)).toHaveValue('Madrid');
    expect(field(/^Correo para la confirmación/)).toHaveValue('');
    expect(field(/^Acepto las condiciones de compra/)).not.toBeChecked();
  });

  it('places the order with what was typed and posts the signed fields to the bank', async () => {
    const api = orderHost();
    renderModule(`${CREATE}?product=3&product=5`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    type(/^Cantidad de Tasas DGT/, '2');
    type(/^Teléfono/, ' 699 111 222 ');
    type(/^Correo para la confirmación/, ' padres@example.com ');
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    expect(await screen.findByTestId('order-leaving')).toHaveTextContent('Le llevamos a la página de pago del banco…');

    const [sent] = api.calls(PREORDER);
    expect(sent.headers.authorization).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
    expect(sent.body).toEqual({
      payment_method: 'card',
      customer: { name: 'Lucía Pérez Gómez', nif: '54362315K', email: 'lucia@example.com', phone: '699 111 222', address: 'Calle Mayor 1', postal_code: '28001', city: 'Madrid', province: 'Madrid' },
      notification_email: 'padres@example.com',
      accept_terms: true,
      url_ok: `${location.origin}/layout/contact/orders?paid=1`,
      url_ko: `${location.origin}/layout/contact/orders?failed=1`,
      lines: [
        { product_id: 3, quantity: 1 },
        { product_id: 5, quantity: 2 },
      ],
    });

    // the browser goes to the bank: one form, POST to the payment page, the fields hidden
    expect(submitted).toHaveLength(1);
    const bank = submitted[0];
    expect(bank.method).toBe('post');
    expect(bank.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect([...bank.querySelectorAll('input')].map((i) => [i.type, i.name, i.value])).toEqual([
      ['hidden', 'Ds_SignatureVersion', 'HMAC_SHA256_V1'],
      ['hidden', 'Ds_MerchantParameters', 'eyJEU19NRVJDSEFOVF9BTU9VTlQiOiI2MDAwMCJ9'],
      ['hidden', 'Ds_Signature', 'c2lnbmF0dXJl'],
    ]);
    // nothing more is sent
    expect(within(form()).getByRole('button', { name: /^Pagar/ })).toBeDisabled();
    bank.remove();
  });

  it('offers Bizum when the shop has it, and sends the choice', async () => {
    const api = orderHost({ 'GET web/api/payments/tpv/read': envelopeOk(methods(true)) });
    renderModule(`${CREATE}?product=3`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    const methodsGroup = within(form()).getByRole('group', { name: 'Forma de pago' });
    expect(within(methodsGroup).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Tarjeta', 'Bizum']);
    fireEvent.click(within(methodsGroup).getByRole('radio', { name: 'Bizum' }));
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect((api.calls(PREORDER)[0].body as { payment_method: string }).payment_method).toBe('bizum');
    submitted[0].remove();
  });

  it('refuses here a quantity outside 1–99, a missing name or e-mail, a bad notification e-mail and the terms not accepted, sending nothing', async () => {
    const api = orderHost();
    renderModule(`${CREATE}?product=3&product=5`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    type(/^Cantidad de Permiso B completo/, '0');
    type(/^Cantidad de Tasas DGT/, '100');
    type(/^Nombre y apellidos/, '  ');
    type(/^Correo electrónico/, 'lucia@');
    type(/^Correo para la confirmación/, 'padres');
    pay();
    expect(await within(form()).findByTestId('error-lines[0].quantity')).toHaveTextContent('La cantidad va de 1 a 99');
    expect(within(form()).getByTestId('error-lines[1].quantity')).toHaveTextContent('La cantidad va de 1 a 99');
    expect(field(/^Cantidad de Tasas DGT/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByTestId('error-customer.name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form()).getByTestId('error-customer.email')).toHaveTextContent('Introduzca un correo electrónico válido');
    expect(within(form()).getByTestId('error-notification_email')).toHaveTextContent('Introduzca un correo electrónico válido');
    expect(within(form()).getByTestId('error-accept_terms')).toHaveTextContent('Debe aceptar las condiciones de compra');
    expect(screen.getByTestId('order-errors')).toHaveTextContent('Revise los campos marcados');
    // an invalid quantity counts for nothing in the total
    expect(text(screen.getByTestId('order-total'))).toBe('Total (impuestos incluidos): 0,00 €');
    expect(api.calls(PREORDER)).toHaveLength(0);
    expect(submitted).toHaveLength(0);
  });

  it("shows the host's field errors next to their fields (a product no longer on sale under its line), the rest above", async () => {
    const refused = (field: string, details: string) => ({ code: 'REQ-102', data: { field }, details });
    const api = orderHost({
      [PREORDER]: envelopeError([
        refused('customer.nif', 'El DNI/NIE/NIF no es válido'),
        refused('lines[1].product_id', 'El producto no está a la venta'),
        refused('payment_method', 'El pago con Bizum no está disponible'),
        refused('customer.phone', 'El teléfono no es válido'),
        refused('url_ok', 'Debe ser una dirección web (http:// o https://)'),
      ]),
    });
    renderModule(`${CREATE}?product=3&product=5`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    type(/^DNI\/NIE\/NIF/, '12345678A');
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    expect(await within(form()).findByTestId('error-customer.nif')).toHaveTextContent('El DNI/NIE/NIF no es válido');
    expect(field(/^DNI\/NIE\/NIF/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(lineRows()[1]).getByTestId('error-lines[1]')).toHaveTextContent('El producto no está a la venta');
    expect(within(form()).getByTestId('error-payment_method')).toHaveTextContent('El pago con Bizum no está disponible');
    expect(within(form()).getByTestId('error-customer.phone')).toHaveTextContent('El teléfono no es válido');
    // a field the form does not show: above it
    expect(screen.getByTestId('order-errors')).toHaveTextContent('Debe ser una dirección web (http:// o https://)');
    expect(submitted).toHaveLength(0);
    expect(within(form()).getByRole('button', { name: /^Pagar/ })).toBeEnabled();
  });

  it("a demo customer's renewal is refused under its line (REQ-102 on lines[i].product_id), the other line untouched", async () => {
    const renewal = product(3, { reference: 'RENOV-B', name: 'Renovación test online B', renews: true });
    const demo = 'Su cuenta es de demostración: puede comprar una matrícula, pero no renovar ni ampliar';
    const api = orderHost({
      'GET web/api/product/read/3': envelopeOk(renewal),
      [PREORDER]: writeError('REQ-102', demo, { field: 'lines[0].product_id' }),
    });
    renderModule(`${CREATE}?product=3&product=5`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    const [first, second] = lineRows();
    expect(await within(first).findByTestId('error-lines[0]')).toHaveTextContent(demo);
    expect(within(first).getByTestId('line-name')).toHaveTextContent('Renovación test online B');
    expect(within(second).queryByTestId('error-lines[1]')).toBeNull();
    expect((api.calls(PREORDER)[0].body as { lines: unknown[] }).lines).toEqual([
      { product_id: 3, quantity: 1 },
      { product_id: 5, quantity: 1 },
    ]);
    // not above the form as well
    expect(screen.getByTestId('order-errors')).not.toHaveTextContent(demo);
    expect(submitted).toHaveLength(0);
    expect(within(form()).getByRole('button', { name: /^Pagar/ })).toBeEnabled();
  });

  it("shows the host's refusal that names no field above the form (the gateway not configured)", async () => {
    const api = orderHost({ [PREORDER]: writeError('CONFLICT-000', 'La tienda no tiene configurada la pasarela de pago') });
    renderModule(`${CREATE}?product=3`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    expect(await screen.findByTestId('order-errors')).toHaveTextContent('La tienda no tiene configurada la pasarela de pago');
    expect(submitted).toHaveLength(0);
  });

  it('leaves out a product no longer on sale, saying so; with none left there is no form', async () => {
    const api = orderHost({ 'GET web/api/product/read/5': readError('NOT-FOUND-000', 'Producto no encontrado') });
    const { unmount } = renderModule(`${CREATE}?product=3&product=5`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    expect(screen.getByTestId('order-unavailable')).toHaveTextContent('Uno de los productos elegidos ya no está a la venta: no se ha añadido al pedido.');
    expect(lineRows()).toHaveLength(1);
    unmount();

    renderModule(`${CREATE}?product=5`, api);
    expect(await screen.findByTestId('order-unavailable')).toBeInTheDocument();
    expect(screen.getByTestId('order-no-products')).toHaveTextContent('No ha elegido ningún producto');
    expect(screen.queryByRole('form', { name: 'Datos del pedido' })).toBeNull();
  });

  it('says so without products in the address (calling nothing for an order), or when the shop cannot take payments', async () => {
    const api = orderHost();
    const { unmount } = renderModule(CREATE, api);
    expect(await screen.findByTestId('order-no-products')).toHaveTextContent('No ha elegido ningún producto. Elija lo que quiere comprar en la web de la autoescuela.');
    // only the footer's legal texts (every page of the area reads them)
    await waitFor(() => expect(api.requests.map((r) => `${r.method} ${r.path}?${r.query}`)).toEqual(['GET web/api/legal/read?']));
    unmount();

    renderModule(`${CREATE}?product=3`, orderHost({ 'GET web/api/payments/tpv/read': envelopeOk(methods(false, { configured: false })) }));
    expect(await screen.findByTestId('order-not-configured')).toHaveTextContent('El pago en línea no está disponible en este momento.');
    expect(screen.queryByRole('form', { name: 'Datos del pedido' })).toBeNull();
  });

  it("shows the host's error when a product cannot be read for another reason, with a retry", async () => {
    const api = orderHost({ 'GET web/api/product/read/3': readError('SERVER-000', 'Error interno del servidor') });
    renderModule(`${CREATE}?product=3`, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor');
    api.on('GET web/api/product/read/3', envelopeOk(product(3)));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('form', { name: 'Datos del pedido' })).toBeInTheDocument();
  });

  it('"Leer las condiciones", beside the checkbox, opens the conditions the school publishes (legal/read?kind=terms, the key only) in a window the keyboard reaches', async () => {
    const api = orderHost({ [LEGAL_READ]: storefrontLegal([publishedText('legal_notice'), publishedText('terms', { version: 2 })]) });
    renderModule(`${CREATE}?product=3`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    const read = await within(form()).findByRole('button', { name: 'Leer las condiciones' });
    const asked = api.calls(LEGAL_READ).filter((r) => r.query.get('kind') === 'terms');
    expect(asked).toHaveLength(1);
    expect(asked[0].headers.authorization).toBe(`Bearer ${WEBAPI_KEY}`);
    expect(read.closest('.web-terms')).toContainElement(field(/^Acepto las condiciones de compra/));
    expect(read).toHaveAttribute('type', 'button');

    read.focus();
    fireEvent.click(read);
    const dialog = await screen.findByRole('dialog', { name: 'Condiciones de compra' });
    expect([...within(dialog).getByTestId('legal-body').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      '1. Objeto\nEstas condiciones regulan la compra de cursos en la web de la autoescuela.',
      '2. Pago\nSe paga con tarjeta o Bizum en la página del banco.',
    ]);
    expect(within(dialog).getByRole('region', { name: 'Condiciones de compra' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(read).toHaveFocus();
    // reading them neither accepts them nor sends the order
    expect(field(/^Acepto las condiciones de compra/)).not.toBeChecked();
    expect(api.calls(PREORDER)).toHaveLength(0);

    fireEvent.click(read);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Condiciones de compra' })).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no "Leer las condiciones" when the school has not published them (NOT-FOUND), nor when they cannot be read', async () => {
    // the footer's texts are published, the conditions are not
    const api = orderHost({ [LEGAL_READ]: storefrontLegal([publishedText('legal_notice')]) });
    const { unmount } = renderModule(`${CREATE}?product=3`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    await waitFor(() => expect(api.calls(LEGAL_READ).map((r) => r.query.get('kind'))).toContain('terms'));
    await screen.findByRole('button', { name: 'Aviso legal' });
    await settle();
    expect(screen.queryByRole('button', { name: 'Leer las condiciones' })).toBeNull();
    unmount();

    api.on(LEGAL_READ, readError('SERVER-000', 'Error interno del servidor'));
    renderModule(`${CREATE}?product=3`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    await settle();
    expect(screen.queryByRole('button', { name: 'Leer las condiciones' })).toBeNull();
    // the order goes on without them
    expect(within(form()).getByRole('button', { name: /^Pagar/ })).toBeEnabled();
  });

  it("an expired token (SESSION-001) is purged: the page asks to sign in again (a guest's order, whose access link comes back here)", async () => {
    const api = orderHost({ 'GET web/api/user/verify': readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    renderModule(`${CREATE}?product=3`, api);
    expect(await screen.findByRole('tab', { name: ACCESS_TAB })).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(screen.queryByRole('navigation', { name: 'Área de cliente' })).toBeNull();
  });

  it('an order placed after the token expired (SESSION-001) signs the customer out, nothing goes to the bank', async () => {
    const api = orderHost({ [PREORDER]: writeError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    renderModule(`${CREATE}?product=3`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    expect(await screen.findByRole('tab', { name: ACCESS_TAB })).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(submitted).toHaveLength(0);
  });
});

describe("/layout/contact/order/create for a guest (a poster's QR code: the key, no customer signed in)", () => {
  const ACCESS = 'POST web/api/user/access';
  const accessForm = () => screen.getByRole('form', { name: 'Acceder al área de cliente' });
  /** The buyer a guest types in. */
  const buyer = { name: ' Marta Ruiz Sanz ', nif: '12345678Z', email: ' marta@example.com ', phone: '622 333 444', address: 'Calle Luna 5', postal_code: '28004', city: 'Madrid', province: 'Madrid' };
  const BUYER_LABELS: [keyof typeof buyer, RegExp][] = [
    ['name', /^Nombre y apellidos/],
    ['nif', /^DNI\/NIE\/NIF/],
    ['email', /^Correo electrónico/],
    ['phone', /^Teléfono/],
    ['address', /^Dirección/],
    ['postal_code', /^Código postal/],
    ['city', /^Localidad/],
    ['province', /^Provincia/],
  ];

  beforeEach(() => {
    // the file's customer signed in is not this one's: a key only, or nothing stored
    localStorage.clear();
  });

  function guestHost(routes: Record<string, unknown> = {}) {
    return orderHost({ [ACCESS]: envelopeOk({ sent: true }), ...routes });
  }

  it("takes the key from the poster's address, reads the products and the payment methods with the key only (no customer), and offers both ways", async () => {
    const api = guestHost();
    renderModule(`${CREATE}?key=${WEBAPI_KEY}&product=3&product=5`, api, undefined, <LocationSearch />);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(screen.getByTestId('location-search')).toHaveTextContent(/^\?product=3&product=5$/);

    const own = api.requests.filter((r) => r.path !== 'web/api/legal/read');
    expect(own.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET web/api/payments/tpv/read', 'GET web/api/product/read/3', 'GET web/api/product/read/5']);
    expect(new Set(api.requests.map((r) => r.headers.authorization))).toEqual(new Set([`Bearer ${WEBAPI_KEY}`]));

    // the two ways at the top, buying without an account shown first
    const ways = screen.getByRole('tablist', { name: 'Cómo quiere hacer el pedido' });
    expect(within(ways).getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      [ACCESS_TAB, 'false'],
      [BUY_TAB, 'true'],
    ]);
    expect(screen.getByRole('tabpanel', { name: BUY_TAB })).toContainElement(form());
    expect(screen.queryByRole('form', { name: 'Acceder al área de cliente' })).toBeNull();
    // signed out: no navigation of the area
    expect(screen.queryByRole('navigation', { name: 'Área de cliente' })).toBeNull();

    // the same order form: products, quantities, payment method, the buyer's fields empty, the terms
    expect(lineRows().map((r) => within(r).getByTestId('line-name').textContent)).toEqual(['Permiso B completo', 'Tasas DGT']);
    expect(text(screen.getByTestId('order-total'))).toBe('Total (impuestos incluidos): 645,00 €');
    expect(within(within(form()).getByRole('group', { name: 'Forma de pago' })).getByRole('radio', { name: 'Tarjeta' })).toBeChecked();
    for (const [, label] of BUYER_LABELS) expect(field(label)).toHaveValue('');
    expect(field(/^Correo para la confirmación/)).toHaveValue('');
    expect(field(/^Acepto las condiciones de compra/)).not.toBeChecked();

    fireEvent.click(within(ways).getByRole('tab', { name: ACCESS_TAB }));
    expect(screen.getByRole('tabpanel', { name: ACCESS_TAB })).toContainElement(accessForm());
    expect(screen.queryByRole('form', { name: 'Datos del pedido' })).toBeNull();
  });

  it('"¿Ya es cliente?" sends the access link with next: this page and the address\'s product ids, never the key (key only)', async () => {
    const api = guestHost();
    renderModule(`${CREATE}?key=${WEBAPI_KEY}&product=3&product=x&utm_source=cartel&product=5&product=3`, api);
    fireEvent.click(await screen.findByRole('tab', { name: ACCESS_TAB }));
    expect(accessForm()).toHaveTextContent('le enviaremos un enlace que le trae de vuelta a este pedido con sus datos');
    fireEvent.change(within(accessForm()).getByLabelText(/^Correo electrónico/), { target: { value: ' lucia@example.com ' } });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByTestId('access-sent')).toHaveTextContent('Si el correo es de un cliente de la autoescuela, le hemos enviado un enlace para volver a este pedido');

    const [access] = api.calls(ACCESS);
    expect(access.body).toEqual({ email: 'lucia@example.com', next: '/layout/contact/order/create?product=3&product=5' });
    expect(access.headers.authorization).toBe(`Bearer ${WEBAPI_KEY}`);
    expect(api.calls(PREORDER)).toHaveLength(0);
  });

  it('the access form checks the e-mail here, and shows the host\'s refusal of next above it', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = guestHost({ [ACCESS]: writeError('REQ-102', 'La página no es del área de cliente', { field: 'next' }) });
    renderModule(`${CREATE}?product=3`, api);
    fireEvent.click(await screen.findByRole('tab', { name: ACCESS_TAB }));
    fireEvent.change(within(accessForm()).getByLabelText(/^Correo electrónico/), { target: { value: 'lucia@' } });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await within(accessForm()).findByTestId('error-email')).toHaveTextContent('Introduzca un correo electrónico válido');
    expect(api.calls(ACCESS)).toHaveLength(0);

    fireEvent.change(within(accessForm()).getByLabelText(/^Correo electrónico/), { target: { value: 'lucia@example.com' } });
    fireEvent.click(within(accessForm()).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await screen.findByTestId('access-errors')).toHaveTextContent('La página no es del área de cliente');
    expect(api.calls(ACCESS)[0].body).toEqual({ email: 'lucia@example.com', next: '/layout/contact/order/create?product=3' });
    expect(screen.queryByTestId('access-sent')).toBeNull();
  });

  it("\"Comprar sin cuenta\" places a guest's preorder with the key only (no token), the buyer typed, coming back to this page, then goes to the bank", async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = guestHost({ 'GET web/api/payments/tpv/read': envelopeOk(methods(true)) });
    renderModule(`${CREATE}?product=3&product=5`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    for (const [key, label] of BUYER_LABELS) type(label, buyer[key]);
    type(/^Cantidad de Tasas DGT/, '2');
    fireEvent.click(within(within(form()).getByRole('group', { name: 'Forma de pago' })).getByRole('radio', { name: 'Bizum' }));
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    expect(await screen.findByTestId('order-leaving')).toHaveTextContent('Le llevamos a la página de pago del banco…');

    const [sent] = api.calls(PREORDER);
    expect(sent.headers.authorization).toBe(`Bearer ${WEBAPI_KEY}`);
    expect(sent.body).toEqual({
      payment_method: 'bizum',
      customer: { name: 'Marta Ruiz Sanz', nif: '12345678Z', email: 'marta@example.com', phone: '622 333 444', address: 'Calle Luna 5', postal_code: '28004', city: 'Madrid', province: 'Madrid' },
      notification_email: '',
      accept_terms: true,
      // the orders page needs a customer signed in: a guest comes back to this page (after a failure, with the order's products)
      url_ok: `${location.origin}/layout/contact/order/create?paid=1`,
      url_ko: `${location.origin}/layout/contact/order/create?failed=1&product=3&product=5`,
      lines: [
        { product_id: 3, quantity: 1 },
        { product_id: 5, quantity: 2 },
      ],
    });
    expect(api.calls('GET web/api/user/verify')).toHaveLength(0);

    expect(submitted).toHaveLength(1);
    const bank = submitted[0];
    expect(bank.method).toBe('post');
    expect(bank.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect([...bank.querySelectorAll('input')].map((i) => i.name)).toEqual(['Ds_SignatureVersion', 'Ds_MerchantParameters', 'Ds_Signature']);
    expect(within(form()).getByRole('button', { name: /^Pagar/ })).toBeDisabled();
    bank.remove();
  });

  it("checks the buyer's fields here as for a customer (name, e-mail, the terms), sending nothing; the host's errors go under their fields", async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = guestHost({ [PREORDER]: writeError('REQ-102', 'El DNI/NIE/NIF no es válido', { field: 'customer.nif' }) });
    renderModule(`${CREATE}?product=3`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    pay();
    expect(await within(form()).findByTestId('error-customer.name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form()).getByTestId('error-customer.email')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form()).getByTestId('error-accept_terms')).toHaveTextContent('Debe aceptar las condiciones de compra');
    expect(field(/^Nombre y apellidos/)).toHaveAttribute('aria-invalid', 'true');
    type(/^Nombre y apellidos/, 'Marta Ruiz Sanz');
    type(/^Correo electrónico/, 'marta@');
    pay();
    await waitFor(() => expect(within(form()).getByTestId('error-customer.email')).toHaveTextContent('Introduzca un correo electrónico válido'));
    expect(within(form()).queryByTestId('error-customer.name')).toBeNull();
    expect(api.calls(PREORDER)).toHaveLength(0);

    type(/^Correo electrónico/, 'marta@example.com');
    type(/^DNI\/NIE\/NIF/, '12345678A');
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    expect(await within(form()).findByTestId('error-customer.nif')).toHaveTextContent('El DNI/NIE/NIF no es válido');
    expect(field(/^DNI\/NIE\/NIF/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(PREORDER)).toHaveLength(1);
    expect(submitted).toHaveLength(0);
  });

  it('keeps what was typed while the guest looks at the other way', async () => {
    storeCustomer(WEBAPI_KEY, null);
    renderModule(`${CREATE}?product=3`, guestHost());
    await screen.findByRole('form', { name: 'Datos del pedido' });
    type(/^Nombre y apellidos/, 'Marta Ruiz Sanz');
    fireEvent.click(screen.getByRole('tab', { name: ACCESS_TAB }));
    fireEvent.change(within(accessForm()).getByLabelText(/^Correo electrónico/), { target: { value: 'marta@example.com' } });
    fireEvent.click(screen.getByRole('tab', { name: BUY_TAB }));
    expect(field(/^Nombre y apellidos/)).toHaveValue('Marta Ruiz Sanz');
    fireEvent.click(screen.getByRole('tab', { name: ACCESS_TAB }));
    expect(within(accessForm()).getByLabelText(/^Correo electrónico/)).toHaveValue('marta@example.com');
  });

  it('back from the bank: "?paid=1" says the order is paid (no session, no order read), "?failed=1" that the payment failed, with the order to try again', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = guestHost();
    const { unmount } = renderModule(`${CREATE}?paid=1`, api);
    expect(await screen.findByTestId('order-paid')).toHaveTextContent('Pedido pagado: recibirá la confirmación por correo');
    expect(screen.queryByTestId('order-no-products')).toBeNull();
    expect(screen.queryByTestId('order-failed')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    await settle();
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET web/api/legal/read']);
    unmount();

    renderModule(`${CREATE}?failed=1&product=3&product=5`, api);
    expect(await screen.findByTestId('order-failed')).toHaveTextContent('El pago no se ha completado');
    expect(screen.queryByTestId('order-paid')).toBeNull();
    await screen.findByRole('form', { name: 'Datos del pedido' });
    expect(lineRows()).toHaveLength(2);
    expect(screen.getByRole('tab', { name: ACCESS_TAB })).toBeInTheDocument();
  });

  it('without products, or when the shop cannot take payments, says so and offers no way', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const { unmount } = renderModule(CREATE, guestHost());
    expect(await screen.findByTestId('order-no-products')).toHaveTextContent('No ha elegido ningún producto');
    expect(screen.queryByRole('tablist')).toBeNull();
    unmount();

    renderModule(`${CREATE}?product=3`, guestHost({ 'GET web/api/payments/tpv/read': envelopeOk(methods(false, { configured: false })) }));
    expect(await screen.findByTestId('order-not-configured')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("without a key the page still says to enter from the school's web site, calling nothing", async () => {
    const api = guestHost();
    renderModule(`${CREATE}?product=3`, api);
    expect(await screen.findByTestId('customer-no-key')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('a signed-in customer sees no ways nor guest messages: their data filled in, back to their orders from the bank', async () => {
    storeCustomer();
    const api = guestHost();
    renderModule(`${CREATE}?product=3&paid=1`, api);
    await screen.findByRole('form', { name: 'Datos del pedido' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByTestId('order-paid')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Área de cliente' })).toBeInTheDocument();
    expect(field(/^Nombre y apellidos/)).toHaveValue('Lucía Pérez Gómez');
    fireEvent.click(field(/^Acepto las condiciones de compra/));
    pay();
    await waitFor(() => expect(submitted).toHaveLength(1));
    const [sent] = api.calls(PREORDER);
    expect(sent.headers.authorization).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
    expect(sent.body).toMatchObject({ url_ok: `${location.origin}/layout/contact/orders?paid=1`, url_ko: `${location.origin}/layout/contact/orders?failed=1` });
    submitted[0].remove();
  });
});
