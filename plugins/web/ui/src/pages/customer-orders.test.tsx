import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule, storeCustomer, storedCustomer } from '../test/render';
import { CUSTOMER_TOKEN, WEBAPI_KEY, line, order, paid } from '../test/fixtures';

const ORDERS = '/layout/contact/orders';
const LIST = 'GET web/api/ecommerce/preorder/read/all';
/** A row's cells as text (es-ES amounts carry a no-break space before €). */
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent!.replace(/\u00a0/g, ' '));
const table = () => screen.getByRole('table', { name: 'Mis pedidos' });
const rows = () => within(table()).getAllByRole('row').slice(1);

const bizum = order(8, {
  reference: '000008aa11bb',
  payment_method: 'bizum',
  created_at: '2026-11-28T16:30:00.000Z',
  lines: [line(), line({ product_id: 4, reference: 'TASAS', name: 'Tasas DGT', quantity: 2, total: 9000 })],
  total: 69000,
});

function ordersHost(orders: unknown[] = [bizum, paid]) {
  return mockApi({ [LIST]: (req: MockRequest) => envelopeOk(req.query.get('search') ? orders.slice(0, 1) : orders) });
}

describe('/layout/contact/orders', () => {
  it("lists the customer's orders: reference, date, state, payment method, lines and total in euros", async () => {
    storeCustomer();
    const api = ordersHost();
    renderModule(ORDERS, api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Referencia', 'Fecha', 'Estado', 'Forma de pago', 'Productos', 'Total']);
    expect(cells(rows()[0])).toEqual(['000008aa11bb', '28/11/2026 - 17:30:00', 'Pendiente de pago', 'Bizum', '1 × Permiso B completo2 × Tasas DGT', '690,00 €']);
    expect(cells(rows()[1])).toEqual(['000007k3q9zx', '27/11/2026 - 11:00:00', 'Pagado', 'Tarjeta', '1 × Permiso B completo', '600,00 €']);
    const [list] = api.calls(LIST);
    expect(Object.fromEntries(list.query)).toEqual({ search: '' });
    expect(list.headers.authorization).toBe(`Bearer ${WEBAPI_KEY} ${CUSTOMER_TOKEN}`);
    expect(screen.queryByTestId('order-paid')).toBeNull();
    expect(screen.queryByTestId('order-failed')).toBeNull();
  });

  it('searches with the text trimmed', async () => {
    storeCustomer();
    const api = ordersHost();
    renderModule(ORDERS, api);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(search).toHaveAttribute('placeholder', 'Buscar por referencia o producto…');
    fireEvent.change(search, { target: { value: '  tasas ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.calls(LIST).map((r) => r.query.get('search'))).toEqual(['', 'tasas']);
  });

  it('says so when there are no orders, or none match', async () => {
    storeCustomer();
    const api = mockApi({ [LIST]: envelopeOk([]) });
    renderModule(ORDERS, api);
    expect(await screen.findByText('Todavía no tiene pedidos')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'xyz' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByText('Ningún pedido coincide con la búsqueda')).toBeInTheDocument();
  });

  it('back from the bank: ?paid=1 says "¡Pedido confirmado!", ?failed=1 that the payment failed', async () => {
    storeCustomer();
    const { unmount } = renderModule(`${ORDERS}?paid=1`, ordersHost());
    expect(await screen.findByTestId('order-paid')).toHaveTextContent('¡Pedido confirmado!');
    expect(screen.queryByTestId('order-failed')).toBeNull();
    unmount();

    renderModule(`${ORDERS}?failed=1`, ordersHost());
    expect(await screen.findByTestId('order-failed')).toHaveTextContent('¡Ha ocurrido un error al pagar el pedido!');
    expect(screen.queryByTestId('order-paid')).toBeNull();
  });

  it('an expired token (SESSION-001) is purged: the page asks to sign in again', async () => {
    storeCustomer();
    const api = mockApi({ [LIST]: readError('SESSION-001', 'La sesión del cliente no es válida o ha caducado') });
    renderModule(`${ORDERS}?paid=1`, api);
    expect(await screen.findByTestId('customer-signed-out')).toBeInTheDocument();
    expect(storedCustomer()).toEqual({ key: WEBAPI_KEY, token: null });
  });

  it("shows the host's error with a retry", async () => {
    storeCustomer();
    const api = mockApi({ [LIST]: readError('SERVER-000', 'Error interno del servidor') });
    renderModule(ORDERS, api);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error interno del servidor');
    api.on(LIST, envelopeOk([paid]));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
