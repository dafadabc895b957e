import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { book, detail, formRoutes, page, product, query, supplier } from '../test/fixtures';

const euros = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ');
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const text = (form: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(form).getByRole('textbox', { name: label }), { target: { value } });
const submit = (form: HTMLElement, name: string) => fireEvent.click(within(form).getByRole('button', { name }));

/** A stored product's page: the product, its form's lists, and update answering the product with what was sent. */
function productHost(record: ReturnType<typeof product> = product(), extra: object = {}, routes: Record<string, unknown> = {}) {
  return mockApi({
    ...formRoutes(),
    [`GET product/read/${record.id}`]: envelopeOk(detail(record, extra)),
    'POST product/update': (req: MockRequest) => envelopeOk(detail({ ...record, ...(req.body as object) }, extra)),
    ...(routes as Record<string, object>),
  });
}

describe('a new product', () => {
  it("says the categories are being read, or that they could not be", async () => {
    let fail!: () => void;
    const api = mockApi({
      ...formRoutes(),
      'GET product/category/read': () => new Promise((resolve) => (fail = () => resolve(readError('SERVER-000', 'Error interno')))),
    });
    renderModule('/product/view/0/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo producto' });
    const categories = within(form).getByRole('group', { name: 'Categorías' });
    expect(categories).toHaveTextContent('Cargando…');
    fail();
    expect(await within(categories).findByText('No se han podido cargar las categorías')).toBeInTheDocument();
  });

  it('checks the name and the amounts, then sends product/create in cents with the tax chosen, and opens it', async () => {
    const api = mockApi({
      ...formRoutes(),
      'POST product/create': (req: MockRequest) => envelopeOk(detail(product({ ...(req.body as object), id: 30, reference: '000004', tax_name: 'IVA 10 %', tax_rate: 1000, total: 135802 }))),
      'GET product/read/30': envelopeOk(detail(product({ id: 30, reference: '000004', name: 'Curso de reciclaje', price: 123456, tax_id: 2, tax_name: 'IVA 10 %', tax_rate: 1000, total: 135802 }))),
    });
    renderModule('/product/view/0/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo producto' });
    expect(within(form).getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Compras', 'Ventas', 'Procesos automáticos']);
    expect(within(form).getByRole('combobox', { name: 'Estado' })).toHaveValue('published');

    submit(form, 'Crear producto');
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(within(form).getByTestId('product-errors')).toHaveTextContent('Revise los campos marcados');

    text(form, /^Nombre/, ' Curso de reciclaje ');
    text(form, /^Descripción/, 'Para conductores');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Estado' }), { target: { value: 'featured' } });
    const categories = within(form).getByRole('group', { name: 'Categorías' });
    await waitFor(() => expect(within(categories).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual(['Cursos', 'Libros']));
    fireEvent.click(within(categories).getByRole('checkbox', { name: 'Libros' }));

    tab('Compras');
    text(form, /^Referencia del proveedor/, 'REC-1');
    text(form, /^Precio de compra/, '12,5');
    tab('Ventas');
    // the billing module's default tax first
    const tax = within(form).getByRole('combobox', { name: 'Impuesto' });
    expect(tax).toHaveValue('1');
    expect(within(tax).getAllByRole('option').map((o) => o.textContent)).toEqual(['IVA 21 %', 'IVA 10 %', 'IVA exento', 'Otro porcentaje']);
    expect(within(form).queryByRole('textbox', { name: /^Porcentaje/ })).not.toBeInTheDocument();
    text(form, /^Precio de venta/, '1.234,567');
    submit(form, 'Crear producto');
    expect(await within(form).findByTestId('error-price')).toHaveTextContent('Indique el importe en euros');
    expect(api.calls('POST product/create')).toHaveLength(0);

    // an error on another tab marks it and shows it
    text(form, /^Precio de venta/, '1.234,56');
    tab('Compras');
    text(form, /^Precio de compra/, 'doce');
    tab('General');
    submit(form, 'Crear producto');
    expect(await screen.findByRole('tabpanel', { name: /^Compras/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Compras/ })).toHaveAccessibleName('Compras (revise los campos)');
    expect(within(form).getByTestId('error-purchase_price')).toHaveTextContent('Indique el importe en euros');
    text(form, /^Precio de compra/, '12,5');

    tab('Ventas');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Impuesto' }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Mostrar el precio en la tienda' }));
    submit(form, 'Crear producto');
    await waitFor(() =>
      expect(api.calls('POST product/create').map((r) => r.body)).toEqual([
        {
          reference: '',
          name: 'Curso de reciclaje',
          description: 'Para conductores',
          status: 'featured',
          file_ids: [],
          category_ids: [4],
          provider_ids: [],
          provider_reference: 'REC-1',
          purchase_price: 1250,
          price: 123456,
          tax_id: 2,
          price_visible: false,
          is_pack: false,
          processes: [],
        },
      ]),
    );
    expect(await screen.findByText('Producto Curso de reciclaje creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/view/30/0'));
    // the total the host worked out
    expect(euros(await screen.findByTestId('product-total'))).toBe('1358,02 €');
    expect(screen.getByTestId('product-reference')).toHaveTextContent('Referencia 000004');
    expect(screen.getByTestId('product-tax')).toHaveTextContent('IVA 10 %');
  });

  it('"Otro porcentaje" sends tax_id null and the rate in hundredths', async () => {
    const api = mockApi({ ...formRoutes(), 'POST product/create': envelopeError([{ code: 'REQ-102', data: { field: 'tax_rate' }, details: 'El porcentaje debe estar entre 0 y 100' }]) });
    renderModule('/product/view/0/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo producto' });
    text(form, /^Nombre/, 'Tasa de examen');
    tab('Ventas');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Impuesto' }), { target: { value: 'custom' } });
    text(form, /^Porcentaje de impuesto/, '7,5');
    text(form, /^Precio de venta/, '94,05');
    submit(form, 'Crear producto');
    await waitFor(() => expect(api.calls('POST product/create')).toHaveLength(1));
    expect(api.calls('POST product/create')[0].body).toMatchObject({ price: 9405, tax_rate: 750, price_visible: true, is_pack: false });
    // null is left out of a create: the host takes no billing tax
    expect(api.calls('POST product/create')[0].body).not.toHaveProperty('tax_id');
    expect(await within(form).findByTestId('error-tax_rate')).toHaveTextContent('El porcentaje debe estar entre 0 y 100');
  });

  it('without the billing module: a percentage instead of the tax select, sent as tax_rate in hundredths', async () => {
    const api = mockApi({
      ...formRoutes({ billing: false }),
      'POST product/create': (req: MockRequest) => envelopeOk(detail(product({ ...(req.body as object), id: 31, tax_id: null, tax_name: '', total: 5250 }))),
      'GET product/read/31': envelopeOk(detail(product({ id: 31, name: 'Libro', price: 5000, tax_id: null, tax_name: '', tax_rate: 500, total: 5250 }))),
    });
    renderModule('/product/view/0/0', api);
    const form = await screen.findByRole('form', { name: 'Nuevo producto' });
    text(form, /^Nombre/, 'Libro');
    tab('Ventas');
    expect(within(form).queryByRole('combobox', { name: 'Impuesto' })).not.toBeInTheDocument();
    expect(within(form).getByText('El módulo de facturación no está activo: indique el porcentaje, por ejemplo 21 o 9,5')).toBeInTheDocument();
    text(form, /^Precio de venta/, '50');
    text(form, /^Porcentaje de impuesto/, '100,5');
    submit(form, 'Crear producto');
    expect(await within(form).findByTestId('error-tax_rate')).toHaveTextContent('Indique un porcentaje entre 0 y 100, con dos decimales como mucho');
    text(form, /^Porcentaje de impuesto/, '5');
    submit(form, 'Crear producto');
    await waitFor(() => expect(api.calls('POST product/create')).toHaveLength(1));
    const body = api.calls('POST product/create')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Libro', price: 5000, tax_rate: 500 });
    expect(body).not.toHaveProperty('tax_id');
    expect(euros(await screen.findByTestId('product-total'))).toBe('52,50 €');
    expect(screen.getByTestId('product-tax')).toHaveTextContent('5 %');
  });
});

describe('a product', () => {
  it('shows its data, the price, tax and total the host worked out, and the packs that hold it', async () => {
    const api = productHost(product(), { packs: [{ id: 20, name: 'Pack B completo' }] });
    renderModule('/product/view/11/0', api);
    expect(await screen.findByTestId('product-title')).toHaveTextContent('Curso teórico B');
    expect(euros(screen.getByTestId('product-price'))).toBe('100,00 €');
    expect(screen.getByTestId('product-tax')).toHaveTextContent('IVA 21 %');
    expect(euros(screen.getByTestId('product-total'))).toBe('121,00 €');
    expect(screen.getByTestId('product-status')).toHaveTextContent('Publicado');
    expect(screen.getByTestId('record-state')).toHaveTextContent('Activo');
    const packs = screen.getByTestId('product-packs');
    expect(packs).toHaveTextContent('Incluido en el pack Pack B completo');
    expect(within(packs).getByRole('link', { name: 'Pack B completo' })).toHaveAttribute('href', '/product/view/20/1');
    const form = screen.getByRole('form', { name: 'Datos del producto' });
    expect(within(form).getByRole('textbox', { name: /^Referencia$/ })).toHaveValue('000001');
    expect(within(within(form).getByRole('group', { name: 'Categorías' })).getByRole('checkbox', { name: 'Cursos' })).toBeChecked();
    tab('Ventas');
    expect(within(form).getByRole('textbox', { name: /^Precio de venta/ })).toHaveValue('100,00');
    expect(within(form).getByRole('combobox', { name: 'Impuesto' })).toHaveValue('1');
    expect(within(form).getByRole('checkbox', { name: 'Mostrar el precio en la tienda' })).toBeChecked();
    const totals = within(form).getByTestId('sales-totals');
    expect(euros(within(totals).getByTestId('saved-tax'))).toBe('21,00 €');
    expect(within(totals).getByText('Impuesto (IVA 21 %)')).toBeInTheDocument();
    expect(euros(within(totals).getByTestId('saved-total'))).toBe('121,00 €');
    tab('Compras');
    expect(within(form).getByRole('textbox', { name: /^Precio de compra/ })).toHaveValue('40,00');
  });

  it("when the categories cannot be read, the product's own are still offered, and it says so", async () => {
    const api = productHost(product(), {}, { 'GET product/category/read': readError('SERVER-000', 'Error interno') });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    const categories = within(form).getByRole('group', { name: 'Categorías' });
    expect(within(categories).getByRole('checkbox', { name: 'Cursos' })).toBeChecked();
    expect(await within(categories).findByText('No se han podido cargar las categorías')).toBeInTheDocument();
    expect(within(categories).getAllByRole('checkbox')).toHaveLength(1);
  });

  it('saves only what changed (money in cents), then shows the total the host answered', async () => {
    const api = productHost(product(), {}, {
      'POST product/update': (req: MockRequest) => envelopeOk(detail(product({ ...(req.body as object), total: 14520 }))),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    submit(form, 'Guardar cambios');
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST product/update')).toHaveLength(0);

    text(form, /^Nombre/, 'Curso teórico B intensivo');
    fireEvent.click(within(within(form).getByRole('group', { name: 'Categorías' })).getByRole('checkbox', { name: 'Libros' }));
    tab('Ventas');
    text(form, /^Precio de venta/, '120');
    submit(form, 'Guardar cambios');
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, name: 'Curso teórico B intensivo', category_ids: [3, 4], price: 12000 }]));
    expect(await screen.findByText('Producto Curso teórico B intensivo guardado')).toBeInTheDocument();
    await waitFor(() => expect(euros(screen.getByTestId('product-total'))).toBe('145,20 €'));
    // the tab stays where it was
    expect(screen.getByRole('tab', { name: 'Ventas' })).toHaveAttribute('aria-selected', 'true');
    expect(euros(screen.getByTestId('saved-total'))).toBe('145,20 €');

    // another rate drops the billing tax: tax_id null with the rate
    fireEvent.change(within(screen.getByRole('form', { name: 'Datos del producto' })).getByRole('combobox', { name: 'Impuesto' }), { target: { value: 'custom' } });
    const again = screen.getByRole('form', { name: 'Datos del producto' });
    expect(within(again).getByRole('textbox', { name: /^Porcentaje de impuesto/ })).toHaveValue('21');
    text(again, /^Porcentaje de impuesto/, '7');
    submit(again, 'Guardar cambios');
    await waitFor(() => expect(api.calls('POST product/update')).toHaveLength(2));
    expect(api.calls('POST product/update')[1].body).toEqual({ id: 11, tax_id: null, tax_rate: 700 });
  });

  it('without the billing module a stored rate is edited as a percentage: only tax_rate is sent', async () => {
    const api = mockApi({
      ...formRoutes({ billing: false }),
      'GET product/read/11': envelopeOk(detail(product())),
      'POST product/update': (req: MockRequest) => envelopeOk(detail(product({ ...(req.body as object), tax_id: null, tax_name: '' }))),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Ventas');
    expect(within(form).getByRole('textbox', { name: /^Porcentaje de impuesto/ })).toHaveValue('21');
    submit(form, 'Guardar cambios');
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    text(form, /^Porcentaje de impuesto/, '10');
    submit(form, 'Guardar cambios');
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, tax_rate: 1000 }]));
  });

  it("the host's field errors go under their fields, a list's entry named; a tab with errors is marked", async () => {
    const record = product({ provider_ids: [8], category_ids: [3, 4] });
    const api = productHost(record, { providers: [{ id: 8, name: 'Editorial Tráfico' }] }, {
      'POST product/update': envelopeError([
        { code: 'REQ-102', data: { field: 'category_ids[1]' }, details: 'La categoría no existe' },
        { code: 'REQ-102', data: { field: 'provider_ids[0]' }, details: 'El proveedor no existe' },
        { code: 'REQ-102', data: { field: 'tax_id' }, details: 'El impuesto no existe o su región no está activa' },
        { code: 'CONFLICT-000', data: { field: 'reference' }, details: 'Ya existe un producto con esa referencia' },
      ]),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    text(form, /^Referencia$/, '000002');
    submit(form, 'Guardar cambios');
    expect(await within(form).findByTestId('error-reference')).toHaveTextContent('Ya existe un producto con esa referencia');
    expect(api.calls('POST product/update')[0].body).toEqual({ id: 11, reference: '000002' });
    expect(within(form).getByTestId('error-category_ids')).toHaveTextContent('Libros: La categoría no existe');
    expect(screen.getByRole('tab', { name: /^Compras/ })).toHaveAccessibleName('Compras (revise los campos)');
    expect(screen.getByRole('tab', { name: /^Ventas/ })).toHaveAccessibleName('Ventas (revise los campos)');
    expect(screen.getByRole('tab', { name: /^General/ })).toHaveAccessibleName('General (revise los campos)');
    tab('Compras');
    expect(within(form).getByTestId('error-provider_ids')).toHaveTextContent('Editorial Tráfico: El proveedor no existe');
    tab('Ventas');
    expect(within(form).getByTestId('error-tax_id')).toHaveTextContent('El impuesto no existe o su región no está activa');
  });

  it("suppliers: the contacts module's suppliers (GET provider/read) found by name, added and taken off", async () => {
    const record = product({ provider_ids: [8, 9] });
    const api = productHost(record, { providers: [{ id: 8, name: 'Editorial Tráfico' }, { id: 9, name: null }] }, {
      'GET provider/read': page([supplier(8, 'Editorial Tráfico', 'B12345678'), supplier(15, 'Autoescuela Material SL', 'B87654321')]),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Compras');
    const providers = within(form).getByTestId('providers');
    // a supplier the contacts module did not name, by its number
    expect(within(within(providers).getByTestId('providers-chosen')).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['Editorial Tráfico', 'Proveedor n.º 9']);
    const picker = within(providers).getByRole('group', { name: 'Buscar un proveedor' });
    const search = within(picker).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'material' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await within(picker).findByRole('button', { name: 'Elegir Autoescuela Material SL' });
    expect(query(api.calls('GET provider/read').at(-1)!)).toEqual({ search: 'material', page: '1', per_page: '10' });
    // one already there cannot be chosen again
    expect(within(picker).getByRole('button', { name: 'Elegir Editorial Tráfico' })).toBeDisabled();
    fireEvent.click(within(picker).getByRole('button', { name: 'Elegir Autoescuela Material SL' }));
    fireEvent.click(within(providers).getByRole('button', { name: 'Quitar Proveedor n.º 9' }));
    submit(form, 'Guardar cambios');
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, provider_ids: [8, 15] }]));
  });

  it("without the contacts module the supplier search says why; the product's suppliers stay listed", async () => {
    const api = productHost(product({ provider_ids: [8] }), { providers: [{ id: 8, name: null }] }, {
      'GET provider/read': readError('SERVICE-000', 'El servicio de contactos no está activo para la empresa'),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    tab('Compras');
    const providers = within(form).getByTestId('providers');
    const search = within(providers).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'edit' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await within(providers).findByRole('alert')).toHaveTextContent('El servicio de contactos no está activo para la empresa');
    expect(within(providers).getByTestId('providers-chosen')).toHaveTextContent('Proveedor n.º 8');
  });

  it('the image: uploaded with the kit (public, png or jpeg), and "Quitar imagen" sends null', async () => {
    const uploaded = { file_id: 77, name: 'curso.png', url: '/api/filesystem/file/read/abc', handle: 'abc', width: 10, height: 10, size: 4, content_type: 'image/png', public: true, folder_id: 3, resizes: [] };
    const api = productHost(product({ image_file_id: 70 }), {}, { 'POST image/upload': envelopeOk(uploaded) });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    const image = within(form).getByRole('group', { name: 'Imagen' });
    expect(within(image).getByRole('img')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=70&token=test-token');
    fireEvent.click(within(image).getByRole('button', { name: 'Quitar imagen' }));
    expect(within(image).queryByRole('img')).not.toBeInTheDocument();
    submit(form, 'Guardar cambios');
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, image_file_id: null }]));
    expect(await screen.findByText('Producto Curso teórico B guardado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('form', { name: 'Datos del producto' })).toHaveAttribute('aria-busy', 'false'));

    // a gif is refused before anything is sent
    const input = () => within(screen.getByRole('form', { name: 'Datos del producto' })).getByLabelText('Subir imagen');
    fireEvent.change(input(), { target: { files: [new File(['x'], 'curso.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(/Solo se admiten imágenes PNG o JPEG/)).toBeInTheDocument();
    expect(api.calls('POST image/upload')).toHaveLength(0);
    fireEvent.change(input(), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'curso.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.calls('POST image/upload')).toHaveLength(1));
    const sent = api.calls('POST image/upload')[0].body as FormData;
    expect([sent.get('public'), sent.get('folder')]).toEqual(['true', 'productos/imagenes']);
    submit(screen.getByRole('form', { name: 'Datos del producto' }), 'Guardar cambios');
    await waitFor(() => expect(api.calls('POST product/update')).toHaveLength(2));
    expect(api.calls('POST product/update')[1].body).toEqual({ id: 11, image_file_id: 77 });
  });

  it('associated files: found in the document manager or uploaded, linked, and taken off', async () => {
    const api = productHost(product({ file_ids: [40] }), { files: [{ id: 40, name: 'folleto.pdf' }] }, {
      'GET filesystem/search': envelopeOk({ search: 'cond', folders: [], files: [{ file_id: 41, name: 'condiciones.pdf', path: '/Productos' }] }),
      'POST filesystem/file/upload': envelopeOk({ file: { file_id: 42, name: 'temario.pdf' }, storage: {} }),
    });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    const files = within(form).getByTestId('files');
    expect(within(files).getByRole('link', { name: 'folleto.pdf' })).toHaveAttribute('href', '/api/filesystem/file/read?file_id=40&token=test-token');
    const search = within(files).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'cond' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await within(files).findByRole('button', { name: 'Elegir condiciones.pdf' }));
    expect(query(api.calls('GET filesystem/search')[0])).toEqual({ search: 'cond' });
    fireEvent.change(within(files).getByLabelText('Subir archivo'), { target: { files: [new File(['%PDF'], 'temario.pdf', { type: 'application/pdf' })] } });
    expect(await within(files).findByRole('link', { name: 'temario.pdf' })).toBeInTheDocument();
    expect(((api.calls('POST filesystem/file/upload')[0].body as FormData).get('file') as File).name).toBe('temario.pdf');
    fireEvent.click(within(files).getByRole('button', { name: 'Quitar folleto.pdf' }));
    submit(form, 'Guardar cambios');
    await waitFor(() => expect(api.calls('POST product/update').map((r) => r.body)).toEqual([{ id: 11, file_ids: [41, 42] }]));
  });

  it('"Copiar precio a otros productos": the products chosen (not itself, not packs), asked first, then product/pricing/clone', async () => {
    const api = productHost(product(), {}, {
      'GET product/read': page([product(), book()]),
      'POST product/pricing/clone': envelopeError([{ code: 'REQ-102', data: { field: 'target_ids[0]' }, details: 'Un pack toma su precio de sus productos' }]),
    });
    renderModule('/product/view/11/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar precio a otros productos' }));
    const panel = await screen.findByTestId('clone-pricing');
    fireEvent.click(within(panel).getByRole('button', { name: 'Copiar el precio' }));
    expect(await within(panel).findByTestId('clone-errors')).toHaveTextContent('Elija al menos un producto');
    const search = within(panel).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'libro' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await within(panel).findByRole('button', { name: 'Elegir Libro de test' });
    expect(query(api.calls('GET product/read').at(-1)!)).toEqual({ search: 'libro', is_pack: 'false', page: '1', per_page: '10' });
    // itself is never a target
    expect(within(panel).getByRole('button', { name: 'Elegir Curso teórico B' })).toBeDisabled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Elegir Libro de test' }));
    expect(within(panel).getByTestId('clone-targets')).toHaveTextContent('Libro de test · 000002');

    fireEvent.click(within(panel).getByRole('button', { name: 'Copiar el precio' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain(
      '¿Copiar el precio (100,00 €), el impuesto (IVA 21 %), si se muestra el precio y el precio de compra de «Curso teórico B» a 1 producto?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copiar el precio' }));
    await waitFor(() => expect(api.calls('POST product/pricing/clone').map((r) => r.body)).toEqual([{ id: 11, target_ids: [12] }]));
    expect(await within(panel).findByTestId('clone-errors')).toHaveTextContent('Libro de test: Un pack toma su precio de sus productos');

    api.on('POST product/pricing/clone', envelopeOk({ id: 11, updated: 1, target_ids: [12] }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Copiar el precio' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Copiar el precio' }));
    expect(await screen.findByText('Precio copiado a 1 producto')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('clone-pricing')).not.toBeInTheDocument());
  });

  it('"Desactivar" sends product/state and shows the state answered, keeping what is being typed', async () => {
    const api = productHost(product(), {}, { 'POST product/state': envelopeOk(detail(product({ state: 'inactive' }))) });
    renderModule('/product/view/11/0', api);
    const form = await screen.findByRole('form', { name: 'Datos del producto' });
    text(form, /^Nombre/, 'Curso en cambio');
    fireEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(screen.getByTestId('record-state')).toHaveTextContent('Inactivo'));
    expect(api.calls('POST product/state').map((r) => r.body)).toEqual([{ id: 11 }]);
    expect(await screen.findByText('Curso teórico B desactivado')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos del producto' })).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Curso en cambio');
    expect(screen.getByRole('button', { name: 'Activar' })).toBeInTheDocument();
  });

  it('"Eliminar" asks first (invoices keep it); a pack holding it refuses, naming it; done, back to the list', async () => {
    const api = productHost(product(), {}, {
      'POST product/delete': writeError('CONFLICT-000', 'El producto forma parte del pack «Pack B completo»: quítelo antes del pack', { pack_id: 20 }),
      'GET product/read': page([]),
    });
    renderModule('/product/view/11/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el producto' });
    expect(dialog).toHaveTextContent('Los datos asociados, como las facturas que lo incluyen, no se eliminan');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const refusal = await screen.findByTestId('product-action-errors');
    expect(refusal).toHaveTextContent('El producto forma parte del pack «Pack B completo»: quítelo antes del pack');
    expect(within(refusal).getByRole('link', { name: 'Abrir el pack' })).toHaveAttribute('href', '/product/view/20/1');
    expect(screen.getByTestId('location')).toHaveTextContent('/product/view/11/0');

    api.on('POST product/delete', envelopeOk(detail(product({ state: 'deleted' }))));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Curso teórico B eliminado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/list'));
  });

  it("a deleted product is read only; one that cannot be read shows the host's reason", async () => {
    const { unmount } = renderModule('/product/view/11/0', productHost(product({ state: 'deleted' })));
    expect(await screen.findByText(/Este producto está eliminado/)).toBeInTheDocument();
    expect(screen.getByTestId('record-state')).toHaveTextContent('Eliminado');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar precio a otros productos' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Datos del producto' });
    expect(within(form).queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toBeDisabled();
    unmount();

    renderModule('/product/view/99/0', mockApi({ ...formRoutes(), 'GET product/read/99': readError('NOT-FOUND-000', 'No se encuentra el producto 99') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra el producto 99');
  });
});
