import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { book, detail, formRoutes, pack, packDetail, packLines, page, product, query } from '../test/fixtures';

const euros = (el: HTMLElement | null | undefined) => el?.textContent?.replace(/\u00a0/g, ' ');
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const lines = () => screen.getAllByTestId('pack-line');
const line = (index: number) => lines()[index];
const set = (scope: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

async function addProduct(form: HTMLElement, search: string, name: string) {
  const picker = within(form).getByTestId('lines-picker');
  const box = within(picker).getByRole('searchbox');
  fireEvent.change(box, { target: { value: search } });
  fireEvent.keyDown(box, { key: 'Enter' });
  fireEvent.click(await within(picker).findByRole('button', { name: `Elegir ${name}` }));
}

describe('a new pack', () => {
  it('takes products found by name with units and discounts: percent in hundredths, amounts in cents; its price is worked out by the host', async () => {
    const created = pack({ id: 21 });
    const api = mockApi({
      ...formRoutes(),
      'GET product/read': page([product(), book()]),
      'POST product/create': (req: MockRequest) => envelopeOk(detail({ ...created, ...(req.body as object), price: 13550, total: 16396 }, { pack_lines: packLines() })),
      'GET product/read/21': envelopeOk(detail({ ...created, price: 13550, total: 16396 }, { pack_lines: [packLines()[0], { ...packLines()[1], discount_value: 550, discount: 550, net: 4550 }] })),
    });
    renderModule('/product/view/0/1', api);
    const form = await screen.findByRole('form', { name: 'Nuevo pack' });
    expect(within(form).getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Compras', 'Ventas', 'Productos', 'Procesos automáticos']);
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Pack B completo' } });
    tab('Ventas');
    // no price to type: the sum of its lines
    expect(within(form).queryByRole('textbox', { name: /^Precio de venta/ })).not.toBeInTheDocument();
    expect(within(form).getByTestId('pack-price-note')).toHaveTextContent('Se calcula al guardar');

    tab('Productos');
    expect(within(form).getByText('El pack no tiene productos')).toBeInTheDocument();
    await addProduct(form, 'curso', 'Curso teórico B');
    expect(query(api.calls('GET product/read').at(-1)!)).toEqual({ search: 'curso', is_pack: 'false', page: '1', per_page: '10' });
    await addProduct(form, 'libro', 'Libro de test');
    expect(lines().map((l) => l.querySelector('legend')?.textContent)).toEqual(['1. Curso teórico B · 000001', '2. Libro de test · 000002']);
    // a product already in the pack cannot be chosen twice
    const box = within(within(form).getByTestId('lines-picker')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'test' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await within(form).findByRole('button', { name: 'Elegir Libro de test' })).toBeDisabled();

    set(line(0), /^Tipo de descuento/, 'percent');
    set(line(0), /^Descuento/, '10');
    set(line(1), /^Cantidad/, '2');
    set(line(1), /^Tipo de descuento/, 'quantity');
    expect(within(line(1)).getByLabelText(/^Descuento \(€\)/)).toBeInTheDocument();
    set(line(1), /^Descuento/, '5,50');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear pack' }));
    await waitFor(() => expect(api.calls('POST product/create')).toHaveLength(1));
    const body = api.calls('POST product/create')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Pack B completo',
      is_pack: true,
      tax_id: 1,
      pack_items: [
        { product_id: 11, quantity: 1, discount_type: 'percent', discount_value: 1000 },
        { product_id: 12, quantity: 2, discount_type: 'quantity', discount_value: 550 },
      ],
    });
    expect(body).not.toHaveProperty('price');
    expect(await screen.findByText('Pack Pack B completo creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/view/21/1'));
    expect(euros(await screen.findByTestId('product-price'))).toBe('135,50 €');
    expect(euros(screen.getByTestId('product-total'))).toBe('163,96 €');
  });

  it("the host's errors go under the line's field they name, and the 'Productos' tab is shown", async () => {
    const api = mockApi({
      ...formRoutes(),
      'GET product/read': page([product(), book()]),
      'POST product/create': envelopeError([
        { code: 'REQ-102', data: { field: 'pack_items[0].product_id' }, details: 'Un pack no puede incluir otro pack' },
        { code: 'REQ-102', data: { field: 'pack_items[1].discount_value' }, details: 'El descuento no puede superar el importe de la línea' },
      ]),
    });
    renderModule('/product/view/0/1', api);
    const form = await screen.findByRole('form', { name: 'Nuevo pack' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Pack' } });
    // no line: the host's message under the list
    api.on('POST product/create', envelopeError([{ code: 'REQ-102', data: { field: 'pack_items' }, details: 'Un pack debe incluir al menos un producto' }]));
    fireEvent.click(within(form).getByRole('button', { name: 'Crear pack' }));
    expect(await within(form).findByTestId('error-pack_items')).toHaveTextContent('Un pack debe incluir al menos un producto');
    expect(screen.getByRole('tab', { name: /^Productos/ })).toHaveAttribute('aria-selected', 'true');

    await addProduct(form, 'curso', 'Curso teórico B');
    await addProduct(form, 'libro', 'Libro de test');
    set(line(1), /^Tipo de descuento/, 'quantity');
    set(line(1), /^Descuento/, '60');
    // the client's own checks first: units 1–999, a discount that is a number
    set(line(0), /^Cantidad/, '0');
    tab('General');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear pack' }));
    expect(await within(line(0)).findByTestId('error-pack_items[0].quantity')).toHaveTextContent('Indique una cantidad entera de 1 a 999');
    expect(screen.getByRole('tab', { name: /^Productos/ })).toHaveAttribute('aria-selected', 'true');
    set(line(0), /^Cantidad/, '1');
    set(line(0), /^Tipo de descuento/, 'percent');
    set(line(0), /^Descuento/, '150');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear pack' }));
    expect(await within(line(0)).findByTestId('error-pack_items[0].discount_value')).toHaveTextContent('Indique un porcentaje entre 0 y 100');
    set(line(0), /^Tipo de descuento/, '');
    expect(within(line(0)).getByLabelText(/^Descuento/)).toBeDisabled();
    expect(api.calls('POST product/create')).toHaveLength(1);

    api.on('POST product/create', envelopeError([
      { code: 'REQ-102', data: { field: 'pack_items[0].product_id' }, details: 'Un pack no puede incluir otro pack' },
      { code: 'REQ-102', data: { field: 'pack_items[1].discount_value' }, details: 'El descuento no puede superar el importe de la línea' },
    ]));
    tab('Ventas');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear pack' }));
    expect(await within(line(1)).findByTestId('error-pack_items[1].discount_value')).toHaveTextContent('El descuento no puede superar el importe de la línea');
    expect(within(line(0)).getByTestId('error-pack_items[0].product_id')).toHaveTextContent('Un pack no puede incluir otro pack');
    expect(within(line(1)).getByLabelText(/^Descuento/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('tab', { name: /^Productos/ })).toHaveAttribute('aria-selected', 'true');
    expect(api.calls('POST product/create')[1].body).toMatchObject({
      pack_items: [
        { product_id: 11, quantity: 1, discount_type: null, discount_value: 0 },
        { product_id: 12, quantity: 1, discount_type: 'quantity', discount_value: 6000 },
      ],
    });
    // a line taken off takes its errors with it
    fireEvent.click(within(line(0)).getByRole('button', { name: 'Quitar Curso teórico B del pack' }));
    expect(lines()).toHaveLength(1);
    expect(within(line(0)).queryByTestId('error-pack_items[0].product_id')).not.toBeInTheDocument();
    expect(within(line(0)).queryByTestId('error-pack_items[0].discount_value')).not.toBeInTheDocument();
  });
});

describe('a pack', () => {
  function packHost(routes: Record<string, object> = {}) {
    return mockApi({
      ...formRoutes(),
      'GET product/read/20': envelopeOk(packDetail()),
      'GET product/read': page([product(), book()]),
      ...routes,
    });
  }

  it("shows its lines as the host priced them (gross, discount, net) and the pack's price and total", async () => {
    renderModule('/product/view/20/1', packHost());
    expect(await screen.findByTestId('product-title')).toHaveTextContent('Pack B completo');
    expect(screen.getByTestId('pack-badge')).toHaveTextContent('Pack');
    expect(euros(screen.getByTestId('product-price'))).toBe('136,00 €');
    expect(euros(screen.getByTestId('product-total'))).toBe('164,56 €');
    tab('Productos');
    const saved = screen.getByTestId('saved-lines');
    const table = within(saved).getByRole('table', { name: 'Líneas guardadas' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Producto', 'Cantidad', 'Precio', 'Bruto', 'Descuento', 'Neto']);
    expect(within(table).getAllByTestId('saved-line-name').map((c) => [...c.closest('tr')!.querySelectorAll('td')].map(euros))).toEqual([
      ['Curso teórico B', '1', '100,00 €', '100,00 €', '10,00 € (10 %)', '90,00 €'],
      ['Libro de test', '2', '25,50 €', '51,00 €', '5,00 €', '46,00 €'],
    ]);
    expect(euros(within(saved).getByTestId('pack-price'))).toBe('Precio del pack: 136,00 €');
    // the lines to edit, as stored
    expect(within(line(0)).getByLabelText(/^Descuento/)).toHaveValue('10');
    expect(within(line(1)).getByLabelText(/^Descuento/)).toHaveValue('5,00');
    expect(within(line(1)).getByLabelText(/^Cantidad/)).toHaveValue('2');
    // its products are not offered again
    const box = within(screen.getByTestId('lines-picker')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'curso' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Elegir Curso teórico B' })).toBeDisabled();
  });

  it("a line's product opens from the priced lines, its form on a tab a product has", async () => {
    const api = packHost({ 'GET product/read/11': envelopeOk(detail(product(), { packs: [{ id: 20, name: 'Pack B completo' }] })) });
    renderModule('/product/view/20/1', api);
    await screen.findByTestId('product-title');
    tab('Productos');
    fireEvent.click(within(screen.getByTestId('saved-lines')).getByRole('link', { name: 'Curso teórico B' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/view/11/0'));
    await waitFor(() => expect(screen.getByTestId('product-title')).toHaveTextContent('Curso teórico B'));
    const form = screen.getByRole('form', { name: 'Datos del producto' });
    expect(within(form).getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Compras', 'Ventas', 'Procesos automáticos']);
    expect(within(form).getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Curso teórico B');
  });

  it('saves only the lines when they change, then shows the price the host worked out on the same tab', async () => {
    const api = packHost({
      'POST product/update': envelopeOk(
        packDetail({
          price: 16150,
          total: 19542,
          pack_items: [pack().pack_items[0], { ...pack().pack_items[1], quantity: 3 }],
          pack_lines: [packLines()[0], { ...packLines()[1], quantity: 3, gross: 7650, net: 7150 }],
        }),
      ),
    });
    renderModule('/product/view/20/1', api);
    const form = await screen.findByRole('form', { name: 'Datos del pack' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    tab('Productos');
    set(line(1), /^Cantidad/, '3');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(api.calls('POST product/update').map((r) => r.body)).toEqual([
        {
          id: 20,
          pack_items: [
            { product_id: 11, quantity: 1, discount_type: 'percent', discount_value: 1000 },
            { product_id: 12, quantity: 3, discount_type: 'quantity', discount_value: 500 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Pack Pack B completo guardado')).toBeInTheDocument();
    await waitFor(() => expect(euros(screen.getByTestId('pack-price'))).toBe('Precio del pack: 161,50 €'));
    expect(screen.getByRole('tab', { name: 'Productos' })).toHaveAttribute('aria-selected', 'true');
    expect(euros(screen.getByTestId('product-total'))).toBe('195,42 €');
  });
});
