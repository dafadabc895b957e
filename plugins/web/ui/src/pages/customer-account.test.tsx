import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError } from '@volante/plugin-ui/testing';
import { LocationSearch, renderModule, storeCustomer, storedCustomer } from '../test/render';
import { CUSTOMER_TOKEN, WEBAPI_KEY, customerUser } from '../test/fixtures';

const ACCOUNT = '/layout/contact/account';

describe('/layout/contact/account', () => {
  it("shows the customer's data read only, with how to get it changed", async () => {
    storeCustomer();
    const api = mockApi({ 'GET web/api/user/verify': envelopeOk({ user: { ...customerUser, phone: '' } }) });
    renderModule(ACCOUNT, api);
    const facts = await screen.findByTestId('account-facts');
    expect([...facts.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`)).toEqual([
      'Nombre y apellidos: Lucía Pérez Gómez',
      'DNI/NIE/NIF: 54362315K',
      'Correo electrónico: lucia@example.com',
      // an empty one says so
      'Teléfono: —',
      'Dirección: Calle Mayor 1',
      'Código postal: 28001',
      'Localidad: Madrid',
      'Provincia: Madrid',
    ]);
    expect(screen.getByTestId('account-contact')).toHaveTextContent('Si alguno de sus datos no es correcto o quiere cambiarlo, póngase en contacto con la autoescuela.');
    // nothing to edit
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    const [verify] = api.calls('GET web/api/user/verify');
    expect(verify.headers.authorization).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
    expect(within(screen.getByRole('navigation', { name: 'Área de cliente' })).getByRole('link', { name: 'Mis datos' })).toHaveAttribute('aria-current', 'page');
  });

  it('takes an access link on this page too', async () => {
    const api = mockApi({ 'GET web/api/user/verify': envelopeOk({ user: customerUser }) });
    renderModule(`${ACCOUNT}?token=${CUSTOMER_TOKEN}&key=${WEBAPI_KEY}`, api, undefined, <LocationSearch />);
    expect(await screen.findByTestId('account-name')).toHaveTextContent('Lucía Pérez Gómez');
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: CUSTOMER_TOKEN });
    expect(screen.getByTestId('location-search')).toBeEmptyDOMElement();
    expect(api.calls('GET web/api/user/verify')).toHaveLength(1);
  });

  it('signed out, asks to enter the area first (a link to the dashboard), calling nothing', async () => {
    storeCustomer(WEBAPI_KEY, null);
    const api = mockApi();
    renderModule(ACCOUNT, api);
    const notice = await screen.findByTestId('customer-signed-out');
    expect(notice).toHaveTextContent('Acceda al área de cliente');
    expect(within(notice).getByRole('link', { name: 'Acceder al área de cliente' })).toHaveAttribute('href', '/layout/contact/dashboard');
    expect(api.requests).toHaveLength(0);
  });

  it('without a key, says to enter from the school\'s web site, calling nothing', async () => {
    const api = mockApi();
    renderModule(ACCOUNT, api);
    expect(await screen.findByTestId('customer-no-key')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('an expired token (SESSION-001) is purged: the page asks to sign in again', async () => {
    storeCustomer();
    const api = mockApi({ 'GET web/api/user/verify': readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    renderModule(ACCOUNT, api);
    expect(await screen.findByTestId('customer-signed-out')).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
    expect(screen.queryByRole('navigation', { name: 'Área de cliente' })).toBeNull();
  });

  it('"Cerrar sesión" here ends the session and goes to the access form', async () => {
    storeCustomer();
    const api = mockApi({ 'GET web/api/user/verify': envelopeOk({ user: customerUser }), 'POST web/api/user/logout': envelopeOk({}) });
    renderModule(ACCOUNT, api);
    await screen.findByTestId('account-facts');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('form', { name: 'Acceder al área de cliente' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/layout/contact/dashboard');
    expect(api.calls('POST web/api/user/logout')).toHaveLength(1);
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
  });
});
