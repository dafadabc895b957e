import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { buyer, line, order, orderPage, paid } from '../test/fixtures';

const query = (req: MockRequest) => Object.fromEntries(req.query);
/** A row's cells as text (es-ES amounts carry a no-break space before €). */
const cells = (row: HTMLElement, count: number) => [...row.querySelectorAll('td')].slice(0, count).map((td) => td.textContent!.replace(/\u00a0/g, ' '));
const table = () => screen.getByRole('table', { name: 'Pedidos de la tienda' });
const references = () => within(table()).queryAllByTestId('order-reference').map((a) => a.textContent);

const unpaid = order(8, { reference: '000008aa11bb', customer: { ...order(8).customer, name: 'Mario Ruiz', email: 'mario@example.com' }, payment_method: 'bizum', total: 12050, created_at: '2026-11-28T16:30:00.000Z' });
const failed = order(9, { reference: '000009cc22dd', status: 4, status_name: 'Con errores' });
const counts = { '1': 4, '2': 3, '3': 2, '4': 1 };

/** The fake host's list: the orders of the state asked, with every state's count. */
function listHost() {
  const all = [unpaid, paid, failed];
  return mockApi({
    'GET web/ecommerce/order/readall': (req: MockRequest) => {
      const state = req.query.get('status');
      return orderPage(state ? all.filter((o) => String(o.status) === state) : all, state === '2' ? { ...counts, '2': 1 } : counts);
    },
  });
}

describe('/web/orders', () => {
  it('lists the orders: reference, date, customer, total in euros, method, state; the chips with the counts', async () => {
    const api = listHost();
    renderModule('/web/orders', api);
    await waitFor(() => expect(references()).toEqual(['000008aa11bb', '000007k3q9zx', '000009cc22dd']));
    const rows = within(table()).getAllByTestId('order-reference').map((a) => a.closest('tr')!);
    expect(cells(rows[0], 6)).toEqual(['000008aa11bb', '28/11/2026 - 17:30:00', 'Mario Ruizmario@example.com', '120,50 €', 'Bizum', 'Pendiente de pago']);
    expect(cells(rows[1], 6)).toEqual(['000007k3q9zx', '27/11/2026 - 11:00:00', 'Lucía Pérez Gómezlucia@example.com', '600,00 €', 'Tarjeta', 'Pagado']);
    expect(within(rows[2]).getByTestId('order-state')).toHaveTextContent('Con errores');
    expect(within(rows[1]).getByRole('link', { name: '000007k3q9zx' })).toHaveAttribute('href', '/web/orders/7');
    expect(within(rows[1]).getByRole('link', { name: 'Ver el pedido 000007k3q9zx' })).toHaveAttribute('href', '/web/orders/7');
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 3 de 3');
    // no filter, no search: only the page goes
    expect(query(api.calls('GET web/ecommerce/order/readall')[0])).toEqual({ page: '1', per_page: '25' });
    const chips = within(screen.getByRole('group', { name: 'Estado del pedido' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Todos(10)', 'Pendiente de pago(4)', 'Pagado(3)', 'Configurado(2)', 'Con errores(1)']);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by state with the chips, back to page 1 and keeping the search; "Todos" drops the filter', async () => {
    const api = listHost();
    renderModule('/web/orders', api);
    await waitFor(() => expect(references()).toHaveLength(3));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' lucía ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(api.calls('GET web/ecommerce/order/readall')).toHaveLength(2));
    expect(query(api.calls('GET web/ecommerce/order/readall')[1])).toEqual({ search: 'lucía', page: '1', per_page: '25' });

    fireEvent.click(screen.getByRole('button', { name: 'Pagado(3)' }));
    await waitFor(() => expect(references()).toEqual(['000007k3q9zx']));
    expect(query(api.calls('GET web/ecommerce/order/readall').at(-1)!)).toEqual({ search: 'lucía', status: '2', page: '1', per_page: '25' });
    expect(screen.getByTestId('state-chip-2')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('state-chip-all')).toHaveAttribute('aria-pressed', 'false');
    // the counts are the latest answer's
    expect(screen.getByTestId('state-chip-2')).toHaveTextContent('Pagado(1)');
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(' lucía ');

    fireEvent.click(screen.getByRole('button', { name: /^Con errores/ }));
    await waitFor(() => expect(references()).toEqual(['000009cc22dd']));
    expect(api.calls('GET web/ecommerce/order/readall').at(-1)!.query.get('status')).toBe('4');

    fireEvent.click(screen.getByRole('button', { name: /^Todos/ }));
    await waitFor(() => expect(references()).toHaveLength(3));
    expect(query(api.calls('GET web/ecommerce/order/readall').at(-1)!)).toEqual({ search: 'lucía', page: '1', per_page: '25' });
  });

  it('goes back to page 1 when the state changes on another page', async () => {
    const api = mockApi({ 'GET web/ecommerce/order/readall': (req: MockRequest) => orderPage([unpaid], counts, { total: 60, page: Number(req.query.get('page')) }) });
    renderModule('/web/orders', api);
    await waitFor(() => expect(references()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 50 de 60'));
    fireEvent.click(screen.getByRole('button', { name: /^Pendiente de pago/ }));
    await waitFor(() => expect(query(api.calls('GET web/ecommerce/order/readall').at(-1)!)).toEqual({ status: '1', page: '1', per_page: '25' }));
  });

  it("shows the host's error with a retry", async () => {
    const api = mockApi({ 'GET web/ecommerce/order/readall': readError('SERVICE-000', 'La empresa no tiene el servicio Página web') });
    renderModule('/web/orders', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('La empresa no tiene el servicio Página web');
  });
});

function viewHost(first: object, routes: Record<string, object> = {}) {
  return mockApi({ 'GET web/ecommerce/order/read/7': envelopeOk(first), ...routes });
}

describe('/web/orders/:order_id', () => {
  it('shows the order: head, customer, lines with the total, and the gateway notifications', async () => {
    const api = viewHost({
      ...paid,
      lines: [
        line(),
        line({ product_id: 4, reference: 'TASAS', name: 'Tasas DGT', quantity: 2, price: 4500, tax_name: 'Exento', tax_rate: 0, total: 9000 }),
        line({ product_id: 5, reference: 'LIBRO', name: 'Libro de texto', quantity: 1, price: 1000, tax_name: '', tax_rate: 400, total: 1040 }),
      ],
      total: 70040,
      notifications: [
        { at: '2026-11-27T10:03:00.000Z', response: '0190', authorisation: '', ok: false, amount: 69000 },
        { at: '2026-11-27T10:05:30.000Z', response: '0000', authorisation: '123456', ok: true, amount: 69000 },
      ],
    });
    renderModule('/web/orders/7', api);
    expect(await screen.findByTestId('order-title')).toHaveTextContent('000007k3q9zx');
    expect(screen.getByTestId('order-state')).toHaveTextContent('Pagado');
    const facts = screen.getByTestId('order-facts');
    expect(facts.textContent!.replace(/\u00a0/g, ' ')).toBe('Fecha27/11/2026 - 11:00:00Pagado el27/11/2026 - 11:05:30Forma de pagoTarjetaTotal700,40 €');

    const customer = screen.getByTestId('order-customer');
    expect(customer).toHaveTextContent('NombreLucía Pérez Gómez');
    expect(customer).toHaveTextContent('DNI/NIE/NIF54362315K');
    expect(customer).toHaveTextContent('Teléfono612345678');
    expect(customer).toHaveTextContent('DirecciónCalle Mayor 1, 28001 Madrid');
    expect(within(customer).getByRole('link', { name: 'lucia@example.com' })).toHaveAttribute('href', 'mailto:lucia@example.com');

    const lines = within(screen.getByRole('table', { name: 'Líneas del pedido' })).getAllByRole('row').slice(1);
    expect(lines.map((r) => cells(r, 6))).toEqual([
      ['B-COMPLETO', 'Permiso B completo', '1', '495,87 €', 'IVA 21 %', '600,00 €'],
      ['TASAS', 'Tasas DGT', '2', '45,00 €', 'Exento', '90,00 €'],
      // A product priced with a rate but no named tax shows the rate.
      ['LIBRO', 'Libro de texto', '1', '10,00 €', '4 %', '10,40 €'],
    ]);
    expect(screen.getByTestId('order-total').textContent!.replace(/\u00a0/g, ' ')).toBe('Total del pedido: 700,40 €');

    const log = within(screen.getByRole('table', { name: 'Avisos de la pasarela de pago' })).getAllByRole('row').slice(1);
    expect(log.map((r) => cells(r, 5))).toEqual([
      ['27/11/2026 - 11:03:00', '0190', '—', '690,00 €', 'Fallido'],
      ['27/11/2026 - 11:05:30', '0000', '123456', '690,00 €', 'Correcto'],
    ]);
    expect(api.calls('GET web/ecommerce/order/read/7')).toHaveLength(1);
  });

  it('marks a paid order configured with a note, then reads it again', async () => {
    const api = viewHost(paid, {
      'POST web/ecommerce/order/configure': (req: MockRequest) => {
        api.on('GET web/ecommerce/order/read/7', envelopeOk({ ...paid, status: 3, status_name: 'Configurado', configured_at: '2026-11-27T12:00:00.000Z', note: (req.body as { note: string }).note }));
        return envelopeOk({ ...paid, status: 3 });
      },
    });
    renderModule('/web/orders/7', api);
    const form = await screen.findByRole('form', { name: 'Marcar como configurado' });
    fireEvent.change(within(form).getByLabelText('Nota (opcional)'), { target: { value: '  Alta en el curso de diciembre  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Marcar como configurado' }));
    expect(await screen.findByText('Pedido 000007k3q9zx marcado como configurado')).toBeInTheDocument();
    expect(api.calls('POST web/ecommerce/order/configure').map((r) => r.body)).toEqual([{ id: 7, note: 'Alta en el curso de diciembre' }]);
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Configurado'));
    expect(api.calls('GET web/ecommerce/order/read/7')).toHaveLength(2);
    expect(screen.getByTestId('order-note')).toHaveTextContent('Alta en el curso de diciembre');
    expect(screen.getByTestId('order-facts')).toHaveTextContent('Configurado el27/11/2026 - 13:00:00');
    expect(screen.queryByRole('form', { name: 'Marcar como configurado' })).not.toBeInTheDocument();
  });

  it("sends no note when none is written, and shows the host's refusal above the form", async () => {
    const api = viewHost(paid, { 'POST web/ecommerce/order/configure': writeError('CONFLICT', 'El pedido no está pagado') });
    renderModule('/web/orders/7', api);
    const form = await screen.findByRole('form', { name: 'Marcar como configurado' });
    fireEvent.change(within(form).getByLabelText('Nota (opcional)'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Marcar como configurado' }));
    expect(await screen.findByTestId('configure-errors')).toHaveTextContent('El pedido no está pagado');
    expect(api.calls('POST web/ecommerce/order/configure').map((r) => r.body)).toEqual([{ id: 7 }]);
    // nothing changed: still paid, still offered
    expect(screen.getByTestId('order-state')).toHaveTextContent('Pagado');
    expect(within(form).getByRole('button', { name: 'Marcar como configurado' })).toBeEnabled();
    expect(api.calls('GET web/ecommerce/order/read/7')).toHaveLength(1);
  });

  it('offers "Marcar como configurado" only for a paid order and to users with the web permission', async () => {
    renderModule('/web/orders/7', viewHost(order(7)));
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Pendiente de pago');
    expect(screen.getByTestId('order-notifications')).toHaveTextContent('La pasarela todavía no ha enviado ningún aviso de este pedido');
    expect(screen.queryByRole('form', { name: 'Marcar como configurado' })).not.toBeInTheDocument();
    // an unpaid order is not invoiced either
    expect(screen.queryByRole('button', { name: 'Emitir la factura' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-facts')).not.toHaveTextContent('Factura');
  });

  it('hides the actions from a user without the web permission', async () => {
    renderModule('/web/orders/7', viewHost(paid), clerk);
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Pagado');
    expect(screen.queryByRole('button', { name: 'Marcar como configurado' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Emitir la factura' })).not.toBeInTheDocument();
  });

  it('issues the invoice of a paid order without one: POSTs its id, says its number and reads the order again', async () => {
    const invoiced = { ...paid, invoice_id: 31, invoice_number: 'F2026-0012' };
    const api = viewHost(paid, {
      'POST web/ecommerce/order/invoice': () => {
        api.on('GET web/ecommerce/order/read/7', envelopeOk(invoiced));
        return envelopeOk(invoiced);
      },
    });
    renderModule('/web/orders/7', api);
    const form = await screen.findByRole('form', { name: 'Emitir la factura' });
    expect(screen.getByTestId('order-facts')).not.toHaveTextContent('Factura');
    fireEvent.click(within(form).getByRole('button', { name: 'Emitir la factura' }));
    expect(await screen.findByText('Factura F2026-0012 emitida')).toBeInTheDocument();
    expect(api.calls('POST web/ecommerce/order/invoice').map((r) => r.body)).toEqual([{ id: 7 }]);
    await waitFor(() => expect(screen.getByTestId('order-facts')).toHaveTextContent('FacturaF2026-0012'));
    expect(api.calls('GET web/ecommerce/order/read/7')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Emitir la factura' })).not.toBeInTheDocument();
    // still paid: still to be configured
    expect(screen.getByRole('form', { name: 'Marcar como configurado' })).toBeInTheDocument();
  });

  it("shows the host's refusal to invoice in the page, and keeps offering it", async () => {
    const refusal = 'El producto «Bono de clases» no tiene un impuesto de Facturación: emita la factura desde Facturación';
    const api = viewHost(paid, { 'POST web/ecommerce/order/invoice': writeError('CONFLICT-000', refusal) });
    renderModule('/web/orders/7', api);
    const form = await screen.findByRole('form', { name: 'Emitir la factura' });
    fireEvent.click(within(form).getByRole('button', { name: 'Emitir la factura' }));
    expect(await screen.findByTestId('invoice-errors')).toHaveTextContent(refusal);
    expect(api.calls('POST web/ecommerce/order/invoice').map((r) => r.body)).toEqual([{ id: 7 }]);
    expect(screen.queryByText(/emitida$/)).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Emitir la factura' })).toBeEnabled();
    expect(api.calls('GET web/ecommerce/order/read/7')).toHaveLength(1);
  });

  it('offers the invoice for a configured order without one, and not for an order with errors', async () => {
    const configured = { ...paid, status: 3, status_name: 'Configurado', configured_at: '2026-11-27T12:00:00.000Z' };
    const { unmount } = renderModule('/web/orders/7', viewHost(configured));
    expect(await screen.findByRole('form', { name: 'Emitir la factura' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Marcar como configurado' })).not.toBeInTheDocument();
    unmount();

    renderModule('/web/orders/7', viewHost(order(7, { status: 4, status_name: 'Con errores' })));
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Con errores');
    expect(screen.queryByRole('button', { name: 'Emitir la factura' })).not.toBeInTheDocument();
  });

  it('shows the invoice number of an invoiced order in its head, and offers no other', async () => {
    const configured = { ...paid, status: 3, status_name: 'Configurado', configured_at: '2026-11-27T12:00:00.000Z', invoice_id: 31, invoice_number: 'F2026-0012' };
    renderModule('/web/orders/7', viewHost(configured));
    const facts = await screen.findByTestId('order-facts');
    expect(facts.textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Fecha27/11/2026 - 11:00:00Pagado el27/11/2026 - 11:05:30Configurado el27/11/2026 - 13:00:00Forma de pagoTarjetaTotal600,00 €FacturaF2026-0012',
    );
    expect(screen.queryByRole('button', { name: 'Emitir la factura' })).not.toBeInTheDocument();
  });

  it('shows the version of the conditions of sale the customer accepted; none when the shop had none', async () => {
    const { unmount } = renderModule('/web/orders/7', viewHost({ ...paid, invoice_id: 31, invoice_number: 'F2026-0012', terms_version: 3 }));
    const facts = await screen.findByTestId('order-facts');
    expect(facts.textContent!.replace(/\u00a0/g, ' ')).toBe(
      'Fecha27/11/2026 - 11:00:00Pagado el27/11/2026 - 11:05:30Forma de pagoTarjetaTotal600,00 €FacturaF2026-0012Condiciones aceptadasversión 3',
    );
    unmount();

    renderModule('/web/orders/7', viewHost({ ...paid, terms_version: null }));
    expect(await screen.findByTestId('order-facts')).not.toHaveTextContent('Condiciones aceptadas');
  });

  it('"Modo del cliente": the buyer\'s mode, changed with web/customer/status (the order read again), none sent as null', async () => {
    const api = viewHost({ ...paid, buyer: buyer('demo') });
    api.on('POST web/customer/status', (req: MockRequest) => {
      const { contact_id, status } = req.body as { contact_id: number; status: 'demo' | 'enrolled' | null };
      const mode = buyer(status, contact_id);
      api.on('GET web/ecommerce/order/read/7', envelopeOk({ ...paid, buyer: mode }));
      return envelopeOk(mode);
    });
    renderModule('/web/orders/7', api);
    const customer = await screen.findByTestId('order-customer');
    expect(customer).toHaveTextContent('Modo del clienteDemostración');
    expect(within(customer).getByTestId('buyer-status')).toHaveAttribute('data-status', 'demo');
    expect(within(customer).queryByTestId('buyer-no-contact')).toBeNull();
    const form = within(customer).getByRole('form', { name: 'Cambiar el modo del cliente' });
    const select = within(form).getByRole('combobox', { name: 'Modo del cliente' });
    expect(within(select).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'Sin modo (compra como matriculado)'],
      ['demo', 'Demostración'],
      ['enrolled', 'Matriculado'],
    ]);
    expect(select).toHaveValue('demo');

    // the same mode: nothing sent
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el modo' }));
    expect(await screen.findByText('El cliente ya tiene ese modo')).toBeInTheDocument();
    expect(api.calls('POST web/customer/status')).toHaveLength(0);

    fireEvent.change(select, { target: { value: 'enrolled' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el modo' }));
    expect(await screen.findByText('Modo del cliente: Matriculado')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('order-customer')).getByTestId('buyer-status')).toHaveTextContent('Matriculado'));
    expect(api.calls('GET web/ecommerce/order/read/7')).toHaveLength(2);
    const again = within(screen.getByTestId('order-customer')).getByRole('combobox', { name: 'Modo del cliente' });
    expect(again).toHaveValue('enrolled');

    fireEvent.change(again, { target: { value: '' } });
    fireEvent.click(within(screen.getByRole('form', { name: 'Cambiar el modo del cliente' })).getByRole('button', { name: 'Guardar el modo' }));
    expect(await screen.findByText('Modo del cliente: Sin modo (compra como matriculado)')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('order-customer')).getByTestId('buyer-status')).toHaveTextContent('Sin modo (compra como matriculado)'));
    expect(api.calls('POST web/customer/status').map((r) => r.body)).toEqual([
      { contact_id: 4, status: 'enrolled' },
      { contact_id: 4, status: null },
    ]);
  });

  it("shows the host's refusal of a mode under the select, and one that names no field above the form", async () => {
    const api = viewHost({ ...paid, buyer: buyer() }, { 'POST web/customer/status': writeError('REQ-102', 'El modo debe ser demo o enrolled', { field: 'status' }) });
    renderModule('/web/orders/7', api);
    const form = await screen.findByRole('form', { name: 'Cambiar el modo del cliente' });
    const select = within(form).getByRole('combobox', { name: 'Modo del cliente' });
    expect(select).toHaveValue('');
    expect(screen.getByTestId('buyer-status')).toHaveTextContent('Sin modo (compra como matriculado)');
    fireEvent.change(select, { target: { value: 'demo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el modo' }));
    expect(await within(form).findByTestId('error-status')).toHaveTextContent('El modo debe ser demo o enrolled');
    expect(select).toHaveAttribute('aria-invalid', 'true');

    api.on('POST web/customer/status', writeError('NOT-FOUND-000', 'Cliente de la tienda no encontrado'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el modo' }));
    expect(await within(form).findByTestId('buyer-errors')).toHaveTextContent('Cliente de la tienda no encontrado');
    expect(api.calls('POST web/customer/status').map((r) => r.body)).toEqual([
      { contact_id: 4, status: 'demo' },
      { contact_id: 4, status: 'demo' },
    ]);
    // nothing changed: not read again
    expect(screen.getByTestId('buyer-status')).toHaveTextContent('Sin modo (compra como matriculado)');
    expect(api.calls('GET web/ecommerce/order/read/7')).toHaveLength(1);
  });

  it('a buyer who is no client contact has no mode to change; a user without the permission sees the mode only', async () => {
    const { unmount } = renderModule('/web/orders/7', viewHost({ ...paid, buyer: buyer(null, null) }));
    const customer = await screen.findByTestId('order-customer');
    expect(within(customer).getByTestId('buyer-status')).toHaveTextContent('Sin modo (compra como matriculado)');
    expect(within(customer).getByTestId('buyer-no-contact')).toHaveTextContent('El comprador no es un contacto de clientes de la autoescuela: no tiene modo en la tienda (compra como matriculado).');
    expect(within(customer).queryByRole('form')).toBeNull();
    unmount();

    renderModule('/web/orders/7', viewHost({ ...paid, buyer: buyer('enrolled') }), clerk);
    const seen = await screen.findByTestId('order-customer');
    expect(within(seen).getByTestId('buyer-status')).toHaveTextContent('Matriculado');
    expect(within(seen).queryByRole('form', { name: 'Cambiar el modo del cliente' })).toBeNull();
    expect(within(seen).queryByTestId('buyer-no-contact')).toBeNull();
  });

  it("shows the host's error when the order cannot be read, with a retry", async () => {
    const api = viewHost(paid, { 'GET web/ecommerce/order/read/7': readError('NOT-FOUND-000', 'El pedido no existe') });
    renderModule('/web/orders/7', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('El pedido no existe');
    api.on('GET web/ecommerce/order/read/7', envelopeOk(paid));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('order-title')).toHaveTextContent('000007k3q9zx');
  });
});
