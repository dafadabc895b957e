import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { billingSeries, gateway, sales } from '../test/fixtures';

const form = () => screen.getByRole('form', { name: 'Pasarela de pago Redsys' });
const field = (label: string | RegExp) => within(form()).getByLabelText(label);
const save = () => fireEvent.click(within(form()).getByRole('button', { name: 'Guardar la pasarela' }));

const SERIES = [billingSeries(5, 'F', 'Facturas de la tienda'), billingSeries(6, 'R', 'R'), billingSeries(8, 'OLD', 'Serie antigua', { state: 'inactive' })];

/** The gateway, the sales settings and the billing module's series (`routes` replace them). */
function gatewayHost(first: object = gateway(), routes: Record<string, object> = {}) {
  return mockApi({
    'GET web/payments/gateway/read': envelopeOk(first),
    'GET web/sales/billing/read': envelopeOk(sales()),
    'GET sales/billing/read': envelopeOk(SERIES),
    ...routes,
  });
}

const salesForm = () => screen.getByRole('form', { name: 'Facturación de las ventas' });
const autoInvoice = () => within(salesForm()).getByRole('checkbox', { name: 'Emitir la factura al cobrar el pedido' });
const seriesSelect = () => within(salesForm()).getByRole('combobox', { name: 'Serie de facturación' });
const seriesOptions = () => within(seriesSelect()).getAllByRole('option').map((o) => o.textContent);
const saveSales = () => fireEvent.click(within(salesForm()).getByRole('button', { name: 'Guardar la facturación' }));

describe('/web/payments', () => {
  it('shows the gateway: merchant code, terminal, environment, Bizum, whether a key is stored, and its addresses', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderModule('/web/payments', gatewayHost());
    await screen.findByRole('form', { name: 'Pasarela de pago Redsys' });
    expect(field('Código de comercio')).toHaveValue('999008881');
    expect(field('Terminal')).toHaveValue('1');
    const environment = within(form()).getByRole('combobox', { name: 'Entorno' });
    expect(environment).toHaveValue('test');
    expect(within(environment).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pruebas', 'Real']);
    expect(within(form()).getByRole('checkbox', { name: 'Ofrecer el pago con Bizum' })).not.toBeChecked();
    // the key is never shown: the field is empty and says one is stored
    const key = field('Clave secreta (SHA-256)');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('placeholder', 'Hay una clave guardada: déjelo vacío para conservarla');
    expect(screen.getByTestId('gateway-configured')).toHaveTextContent('Configurada');

    const urls = screen.getByTestId('gateway-urls');
    expect(within(urls).getByLabelText('URL de notificación')).toHaveValue('https://volante.example/api/web/api/payments/tpv/notify/wk_live_abc123');
    expect(within(urls).getByLabelText('URL de notificación')).toHaveAttribute('readonly');
    expect(within(urls).getByLabelText('Página de pago')).toHaveValue('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect(urls).toHaveTextContent('Escriba esta dirección como «URL de notificación» en el panel de comercio de su banco (Redsys)');
    fireEvent.click(within(urls).getByRole('button', { name: 'Copiar URL de notificación' }));
    expect(await screen.findByText('Copiado al portapapeles')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://volante.example/api/web/api/payments/tpv/notify/wk_live_abc123');
  });

  it("sends only what changed; the host's field error goes under its field, then a good key is saved and kept secret", async () => {
    let calls = 0;
    const api = gatewayHost(gateway({ key_set: false, configured: false }), {
      'POST web/payments/gateway/update': (req: MockRequest) =>
        ++calls === 1
          ? envelopeError([
              { code: 'REQ-102', data: { field: 'key' }, details: 'La clave del comercio no es válida: debe ser la clave SHA-256 en base64 (24 bytes)' },
              { code: 'REQ-102', data: null, details: 'Revise la configuración de la pasarela' },
            ])
          : envelopeOk(gateway({ ...(req.body as object), key_set: true, configured: true })),
    });
    renderModule('/web/payments', api);
    await screen.findByRole('form', { name: 'Pasarela de pago Redsys' });
    expect(field('Clave secreta (SHA-256)')).toHaveAttribute('placeholder', 'No hay ninguna clave guardada');
    expect(screen.getByTestId('gateway-configured')).toHaveTextContent('Sin configurar');

    fireEvent.change(field('Terminal'), { target: { value: ' 2 ' } });
    fireEvent.change(within(form()).getByRole('combobox', { name: 'Entorno' }), { target: { value: 'real' } });
    fireEvent.click(within(form()).getByRole('checkbox', { name: 'Ofrecer el pago con Bizum' }));
    fireEvent.change(field('Clave secreta (SHA-256)'), { target: { value: 'no-es-una-clave' } });
    save();

    expect(await screen.findByTestId('error-key')).toHaveTextContent('La clave del comercio no es válida: debe ser la clave SHA-256 en base64 (24 bytes)');
    expect(field('Clave secreta (SHA-256)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Clave secreta (SHA-256)')).toHaveAttribute('aria-describedby', screen.getByTestId('error-key').id);
    expect(field('Terminal')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('gateway-errors')).toHaveTextContent('Revise la configuración de la pasarela');
    // the merchant code did not change: it is not sent
    expect(api.calls('POST web/payments/gateway/update')[0].body).toEqual({ terminal: '2', environment: 'real', bizum: true, key: 'no-es-una-clave' });

    fireEvent.change(field('Clave secreta (SHA-256)'), { target: { value: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' } });
    save();
    expect(await screen.findByText('Pasarela de pago guardada')).toBeInTheDocument();
    expect(api.calls('POST web/payments/gateway/update')[1].body).toEqual({ terminal: '2', environment: 'real', bizum: true, key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' });
    // drawn again from the answer: the key is emptied and now stored, the errors gone
    await waitFor(() => expect(field('Clave secreta (SHA-256)')).toHaveValue(''));
    expect(field('Clave secreta (SHA-256)')).toHaveAttribute('placeholder', 'Hay una clave guardada: déjelo vacío para conservarla');
    expect(screen.queryByTestId('error-key')).not.toBeInTheDocument();
    expect(screen.getByTestId('gateway-configured')).toHaveTextContent('Configurada');
    expect(field('Terminal')).toHaveValue('2');

    // saved as it is: nothing more to send
    save();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST web/payments/gateway/update')).toHaveLength(2);
  });

  it('checks the merchant code (9 digits) and the terminal (1 to 3) before sending', async () => {
    const api = gatewayHost();
    renderModule('/web/payments', api);
    await screen.findByRole('form', { name: 'Pasarela de pago Redsys' });
    fireEvent.change(field('Código de comercio'), { target: { value: '12345678' } });
    fireEvent.change(field('Terminal'), { target: { value: 'A1' } });
    save();
    expect(await screen.findByTestId('error-merchant_code')).toHaveTextContent('El código de comercio tiene 9 cifras');
    expect(screen.getByTestId('error-terminal')).toHaveTextContent('El terminal tiene de 1 a 3 cifras');
    expect(api.calls('POST web/payments/gateway/update')).toHaveLength(0);
  });

  it('says where the addresses come from while there is no web-api key', async () => {
    renderModule('/web/payments', gatewayHost(gateway({ notify_url: '', payment_url: '', configured: false })));
    const missing = await screen.findByTestId('gateway-urls-missing');
    expect(missing).toHaveTextContent('Las direcciones aparecerán cuando la tienda tenga una clave de la API web.');
    expect(within(missing).getByRole('link', { name: 'Ir a las claves' })).toHaveAttribute('href', '/web/apis');
  });

  it('is read-only without the web permission', async () => {
    renderModule('/web/payments', gatewayHost(), clerk);
    await screen.findByRole('form', { name: 'Pasarela de pago Redsys' });
    expect(field('Código de comercio')).toBeDisabled();
    expect(field('Clave secreta (SHA-256)')).toBeDisabled();
    expect(within(form()).getByRole('checkbox', { name: 'Ofrecer el pago con Bizum' })).toBeDisabled();
    expect(within(form()).queryByRole('button', { name: 'Guardar la pasarela' })).not.toBeInTheDocument();
    await screen.findByRole('form', { name: 'Facturación de las ventas' });
    expect(autoInvoice()).toBeDisabled();
    expect(seriesSelect()).toBeDisabled();
    expect(within(salesForm()).queryByRole('button', { name: 'Guardar la facturación' })).not.toBeInTheDocument();
  });
});

describe('/web/payments: the sales invoicing', () => {
  it("reads how the sales are invoiced and offers the billing module's active series after its default", async () => {
    const api = gatewayHost();
    renderModule('/web/payments', api);
    await screen.findByRole('form', { name: 'Facturación de las ventas' });
    expect(screen.getByTestId('sales-billing')).toHaveTextContent('Facturación de las ventas');
    expect(autoInvoice()).not.toBeChecked();
    expect(salesForm()).toHaveTextContent(
      'La factura se emite en Facturación con el cliente, las líneas y el pago en cuanto el banco confirma el pago. Los productos deben tener un impuesto de Facturación.',
    );
    await waitFor(() => expect(seriesOptions()).toEqual(['La predeterminada de Facturación', 'F · Facturas de la tienda', 'R']));
    expect(seriesSelect()).toHaveValue('0');
    expect(screen.queryByTestId('sales-series-missing')).not.toBeInTheDocument();
    expect(api.calls('GET web/sales/billing/read')).toHaveLength(1);
    expect(api.calls('GET sales/billing/read')).toHaveLength(1);
  });

  it('saves the invoice on payment and its series, drawn again from the answer; back to the default with series_id 0', async () => {
    const api = gatewayHost(gateway(), {
      'POST web/sales/billing/update': (req: MockRequest) => {
        const body = req.body as { auto_invoice?: boolean; series_id?: number };
        const answer = sales({ auto_invoice: true, series_id: body.series_id ? body.series_id : null });
        return envelopeOk(answer);
      },
    });
    renderModule('/web/payments', api);
    await screen.findByRole('form', { name: 'Facturación de las ventas' });
    await waitFor(() => expect(seriesOptions()).toHaveLength(3));
    fireEvent.click(autoInvoice());
    fireEvent.change(seriesSelect(), { target: { value: '5' } });
    saveSales();
    expect(await screen.findByText('Facturación de las ventas guardada')).toBeInTheDocument();
    expect(api.calls('POST web/sales/billing/update').map((r) => r.body)).toEqual([{ auto_invoice: true, series_id: 5 }]);
    expect(autoInvoice()).toBeChecked();
    expect(seriesSelect()).toHaveValue('5');
    // the gateway's form is not touched
    expect(api.calls('POST web/payments/gateway/update')).toHaveLength(0);

    fireEvent.change(seriesSelect(), { target: { value: '0' } });
    saveSales();
    await waitFor(() => expect(api.calls('POST web/sales/billing/update')).toHaveLength(2));
    expect(api.calls('POST web/sales/billing/update')[1].body).toEqual({ series_id: 0 });
    await waitFor(() => expect(seriesSelect()).toHaveValue('0'));

    // nothing changed: nothing sent
    saveSales();
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST web/sales/billing/update')).toHaveLength(2);
  });

  it("shows only the default series, with a note, when the billing module's series cannot be read", async () => {
    const api = gatewayHost(gateway(), {
      'GET sales/billing/read': readError('PERMISSION-000', 'No tiene permiso para Facturación'),
      'POST web/sales/billing/update': envelopeOk(sales({ auto_invoice: true })),
    });
    renderModule('/web/payments', api);
    expect(await screen.findByTestId('sales-series-missing')).toHaveTextContent('No se pueden leer las series de Facturación');
    expect(seriesOptions()).toEqual(['La predeterminada de Facturación']);
    expect(seriesSelect()).toHaveValue('0');
    expect(screen.queryByText('No tiene permiso para Facturación')).not.toBeInTheDocument();
    // the rest can still be saved
    fireEvent.click(autoInvoice());
    saveSales();
    expect(await screen.findByText('Facturación de las ventas guardada')).toBeInTheDocument();
    expect(api.calls('POST web/sales/billing/update').map((r) => r.body)).toEqual([{ auto_invoice: true }]);
  });

  it('keeps a stored series it cannot name as the chosen one', async () => {
    renderModule(
      '/web/payments',
      gatewayHost(gateway(), { 'GET web/sales/billing/read': envelopeOk(sales({ auto_invoice: true, series_id: 5 })), 'GET sales/billing/read': readError('PERMISSION-000', 'Sin permiso') }),
    );
    await screen.findByTestId('sales-series-missing');
    expect(autoInvoice()).toBeChecked();
    expect(seriesOptions()).toEqual(['La predeterminada de Facturación', 'La serie guardada (n.º 5)']);
    expect(seriesSelect()).toHaveValue('5');
  });

  it("shows the host's refusal under the series", async () => {
    const api = gatewayHost(gateway(), { 'POST web/sales/billing/update': writeError('REQ-102', 'La serie no existe', { field: 'series_id' }) });
    renderModule('/web/payments', api);
    await screen.findByRole('form', { name: 'Facturación de las ventas' });
    await waitFor(() => expect(seriesOptions()).toHaveLength(3));
    fireEvent.change(seriesSelect(), { target: { value: '6' } });
    saveSales();
    expect(await screen.findByTestId('error-series_id')).toHaveTextContent('La serie no existe');
    expect(seriesSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST web/sales/billing/update').map((r) => r.body)).toEqual([{ series_id: 6 }]);
  });

  it("shows the host's error when the sales settings cannot be read, and the gateway all the same", async () => {
    renderModule('/web/payments', gatewayHost(gateway(), { 'GET web/sales/billing/read': readError('SERVER-000', 'No se ha podido leer la configuración') }));
    expect(await within(await screen.findByTestId('sales-billing')).findByRole('alert')).toHaveTextContent('No se ha podido leer la configuración');
    expect(form()).toBeInTheDocument();
  });
});
