import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeError, envelopeOk, mockApi, printSelectors, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { QR_SVG, SHOP_URL, detail, formRoutes, posterData, product, query } from '../test/fixtures';

const euros = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ');
const text = (form: HTMLElement, label: string, value: string) => fireEvent.change(within(form).getByRole('textbox', { name: label }), { target: { value } });
const designForm = () => screen.findByRole('form', { name: 'Diseño de los carteles' });

/** The course (11) and the book (12) on sale; another id is not found. The design as sent is stored (an empty colour as the default). */
function posterHost(byId: Record<number, object> = {}, routes: Record<string, unknown> = {}) {
  const answers: Record<number, object> = {
    11: envelopeOk(posterData()),
    12: envelopeOk(posterData({ id: 12, reference: '000002', name: 'Libro de test', description: '', total: 2652, image_file_id: null })),
    ...byId,
  };
  return mockApi({
    'GET marketing/poster/data': (req: MockRequest) => {
      const id = req.query.get('product_id');
      if (!id) return envelopeOk(posterData(null));
      return answers[Number(id)] ?? readError('NOT-FOUND-000', 'No existe el producto');
    },
    'POST marketing/poster/update': (req: MockRequest) => {
      const body = req.body as { headline: string; contact: string; color: string };
      return envelopeOk({ ...body, color: body.color || '#009EF7' });
    },
    ...(routes as Record<string, object>),
  });
}

describe('the posters: choosing a product', () => {
  it('lists the products on sale, and choosing one opens its poster (and another one, its own)', async () => {
    const api = posterHost();
    renderModule('/marketing/poster/editor', api);
    const chooser = await screen.findByRole('combobox', { name: 'Producto' });
    expect(within(chooser).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elija un producto', 'Curso teórico B (000001)', 'Libro de test (000002)']);
    expect(chooser).toHaveValue('');
    // without a product: only the list and the design
    expect(api.calls('GET marketing/poster/data').map(query)).toEqual([{}]);
    expect(screen.queryByTestId('poster-sheet')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    fireEvent.change(chooser, { target: { value: '12' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/marketing/poster/product/12'));
    expect(await screen.findByTestId('poster-name')).toHaveTextContent('Libro de test');
    expect(api.calls('GET marketing/poster/data').map(query).at(-1)).toEqual({ product_id: '12' });
    const again = screen.getByRole('combobox', { name: 'Producto' });
    expect(again).toHaveValue('12');
    expect(within(again).getAllByRole('option').map((o) => o.textContent)).toEqual(['Curso teórico B (000001)', 'Libro de test (000002)']);

    fireEvent.change(again, { target: { value: '11' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/marketing/poster/product/11'));
    await waitFor(() => expect(screen.getByTestId('poster-name')).toHaveTextContent('Curso teórico B'));
    expect(euros(screen.getByTestId('poster-price'))).toBe('121,00 €');
  });

  it('says when no product is on sale, with a link to the products', async () => {
    const api = posterHost({}, { 'GET marketing/poster/data': envelopeOk(posterData(null, { products: [] })) });
    renderModule('/marketing/poster/editor', api);
    const none = await screen.findByTestId('poster-no-products');
    expect(none).toHaveTextContent('No hay productos a la venta: publique uno para hacer su cartel.');
    expect(within(none).getByRole('link', { name: 'Ir a los productos' })).toHaveAttribute('href', '/product/list');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe("a product's poster", () => {
  it('opened directly: the design form and the A4 sheet with everything on it, the QR code as an image', async () => {
    const api = posterHost();
    renderModule('/marketing/poster/product/11', api);
    const form = await designForm();
    expect(api.calls('GET marketing/poster/data').map(query)).toEqual([{ product_id: '11' }]);
    expect(within(form).getByRole('textbox', { name: 'Titular' })).toHaveValue('¡Matrícula abierta!');
    expect(within(form).getByRole('textbox', { name: 'Pie' })).toHaveValue('Calle Mayor 1 · 912 345 678 · autoescuela.example');
    expect(within(form).getByRole('textbox', { name: 'Color' })).toHaveValue('#009EF7');
    expect(within(form).getByLabelText('Elegir el color')).toHaveValue('#009ef7');
    expect(screen.getByRole('combobox', { name: 'Producto' })).toHaveValue('11');

    const sheet = screen.getByRole('article', { name: 'Cartel de Curso teórico B' });
    const band = within(sheet).getByTestId('poster-headline');
    expect(band).toHaveTextContent('¡Matrícula abierta!');
    expect(band).toHaveStyle({ backgroundColor: '#009ef7', color: '#181c32' });
    expect(within(sheet).getByTestId('poster-name')).toHaveTextContent('Curso teórico B');
    // the product's picture as its form shows it: the document manager's file with the session's token
    expect(within(sheet).getByRole('img', { name: 'Curso teórico B' }).getAttribute('src')).toMatch(/filesystem\/file\/read\?file_id=77&token=test-token$/);
    expect(within(sheet).getByTestId('poster-description')).toHaveTextContent('Clases de teoría del permiso B');
    expect(euros(within(sheet).getByTestId('poster-price'))).toBe('121,00 €');
    const qr = within(sheet).getByRole('img', { name: 'Código QR de la página para apuntarse' });
    const src = qr.getAttribute('src')!;
    const prefix = 'data:image/svg+xml;charset=utf-8,';
    expect(src.startsWith(prefix)).toBe(true);
    expect(decodeURIComponent(src.slice(prefix.length))).toBe(QR_SVG);
    // nothing of the SVG is put into the page as HTML
    expect(sheet.querySelector('svg, path, rect')).toBeNull();
    expect(within(sheet).getByTestId('poster-qr')).toHaveTextContent('Escanee para apuntarse');
    expect(within(sheet).getByTestId('poster-school')).toHaveTextContent('Autoescuela Demo Centro');
    expect(within(sheet).getByTestId('poster-contact')).toHaveTextContent('Calle Mayor 1 · 912 345 678 · autoescuela.example');
    // where the code leads, in the editor; no note
    expect(screen.getByTestId('poster-qr-target')).toHaveTextContent(`El código QR abre ${SHOP_URL}`);
    expect(screen.queryByTestId('poster-no-qr')).not.toBeInTheDocument();
  });

  it('the sheet follows the form as it is typed, before saving', async () => {
    const api = posterHost();
    renderModule('/marketing/poster/product/11', api);
    const form = await designForm();
    const sheet = screen.getByTestId('poster-sheet');
    const band = within(sheet).getByTestId('poster-headline');

    text(form, 'Titular', 'Carné B en 3 meses');
    expect(band).toHaveTextContent('Carné B en 3 meses');
    text(form, 'Pie', 'Avenida de la Paz 7 · 600 000 000');
    expect(within(sheet).getByTestId('poster-contact')).toHaveTextContent('Avenida de la Paz 7 · 600 000 000');

    // a light colour with the dark text, a dark one with white
    text(form, 'Color', '#ffd700');
    expect(band).toHaveStyle({ backgroundColor: '#ffd700', color: '#181c32' });
    expect(within(sheet).getByTestId('poster-price')).toHaveStyle({ backgroundColor: '#ffd700' });
    expect(within(form).getByLabelText('Elegir el color')).toHaveValue('#ffd700');
    text(form, 'Color', '#222');
    expect(band).toHaveStyle({ backgroundColor: '#222222', color: '#ffffff' });
    // while it is not a colour yet, the stored one
    text(form, 'Color', '#22');
    expect(band).toHaveStyle({ backgroundColor: '#009ef7' });
    // the picker writes the text
    fireEvent.change(within(form).getByLabelText('Elegir el color'), { target: { value: '#aa0000' } });
    expect(within(form).getByRole('textbox', { name: 'Color' })).toHaveValue('#AA0000');
    expect(band).toHaveStyle({ backgroundColor: '#aa0000', color: '#ffffff' });

    text(form, 'Titular', '');
    expect(band.textContent).toBe('');
    text(form, 'Pie', '   ');
    expect(within(sheet).queryByTestId('poster-contact')).not.toBeInTheDocument();
    expect(api.calls('POST marketing/poster/update')).toHaveLength(0);
  });

  it('a hidden price says "Consulte el precio"; no picture, no description', async () => {
    const api = posterHost({ 11: envelopeOk(posterData({ price_visible: false, image_file_id: null, description: '  ' })) });
    renderModule('/marketing/poster/product/11', api);
    const sheet = await screen.findByTestId('poster-sheet');
    expect(within(sheet).getByTestId('poster-price')).toHaveTextContent('Consulte el precio');
    expect(sheet).not.toHaveTextContent('121');
    expect(within(sheet).queryByTestId('poster-image')).not.toBeInTheDocument();
    expect(within(sheet).queryByTestId('poster-description')).not.toBeInTheDocument();
    // the QR code is still there
    expect(within(sheet).getByTestId('poster-qr')).toBeInTheDocument();
  });

  it("a school without branches goes by the business's name", async () => {
    const api = posterHost({ 11: envelopeOk(posterData({}, { school: '' })) });
    renderModule('/marketing/poster/product/11', api);
    expect(await screen.findByTestId('poster-school')).toHaveTextContent('Autoescuela Demo');
  });

  it('without the shop\'s address: no QR code, and a note in the editor (not on the poster)', async () => {
    const api = posterHost({ 11: envelopeOk(posterData({}, { shop_url: null, qr_svg: null })) });
    renderModule('/marketing/poster/product/11', api);
    const note = await screen.findByTestId('poster-no-qr');
    expect(note).toHaveTextContent('Sin código QR: la tienda online no tiene clave de la API web (Página web → Claves y API)');
    const sheet = screen.getByTestId('poster-sheet');
    expect(sheet).not.toContainElement(note);
    expect(sheet).not.toHaveTextContent('Sin código QR');
    expect(within(sheet).queryByTestId('poster-qr')).not.toBeInTheDocument();
    expect(within(sheet).queryByText('Escanee para apuntarse')).not.toBeInTheDocument();
    expect(screen.queryByTestId('poster-qr-target')).not.toBeInTheDocument();
    // the rest of the poster is there
    expect(euros(within(sheet).getByTestId('poster-price'))).toBe('121,00 €');
  });

  it('"Imprimir" prints the page (the print styles leave the sheet alone)', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderModule('/marketing/poster/product/11', posterHost());
    const form = await designForm();
    const printButton = screen.getByRole('button', { name: 'Imprimir' });
    fireEvent.click(printButton);
    expect(print).toHaveBeenCalledTimes(1);
    // the sheet is the kit's printable part; the design and the button are not in it
    const sheet = screen.getByTestId('poster-sheet');
    expect(sheet).toHaveClass('vk-printable');
    expect(document.querySelectorAll('.vk-printable')).toHaveLength(1);
    expect(sheet).not.toContainElement(form);
    expect(sheet).not.toContainElement(printButton);
  });
});

describe('the print styles', () => {
  const css = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../products.css'), 'utf8');

  it("reach only the poster: its A4 page and size; the sheet alone is the kit's rule (vk-printable), not another copy of it", () => {
    const selectors = printSelectors(css);
    expect(selectors).toContain('.products-poster');
    expect(selectors.filter((s) => s !== '.products-poster' && !s.startsWith('.products-poster '))).toEqual([]);
    expect(css).toMatch(/@page products-poster \{ size: A4 portrait;/);
    expect(css).not.toContain('body:has(');
  });
});

describe("saving the posters' design", () => {
  it('sends the three fields trimmed, says so, and shows what the host stored', async () => {
    const api = posterHost();
    renderModule('/marketing/poster/product/11', api);
    const form = await designForm();
    text(form, 'Titular', '  Carné B en 3 meses ');
    text(form, 'Pie', ' Calle Mayor 1 · 912 345 678 ');
    text(form, 'Color', ' ');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el diseño' }));
    await waitFor(() => expect(api.calls('POST marketing/poster/update').map((r) => r.body)).toEqual([{ headline: 'Carné B en 3 meses', contact: 'Calle Mayor 1 · 912 345 678', color: '' }]));
    expect(await screen.findByText('Diseño de los carteles guardado')).toBeInTheDocument();
    // an empty colour is stored as the default
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Color' })).toHaveValue('#009EF7'));
    expect(within(form).getByRole('textbox', { name: 'Titular' })).toHaveValue('Carné B en 3 meses');
    expect(screen.getByTestId('poster-headline')).toHaveTextContent('Carné B en 3 meses');
  });

  it('checks the colour and the lengths before sending', async () => {
    const api = posterHost();
    renderModule('/marketing/poster/product/11', api);
    const form = await designForm();
    text(form, 'Color', 'azul');
    text(form, 'Titular', 'x'.repeat(81));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el diseño' }));
    expect(await within(form).findByTestId('error-color')).toHaveTextContent('Indique un color como #009EF7 o #09F');
    expect(within(form).getByTestId('error-headline')).toHaveTextContent('Como máximo 80 caracteres');
    expect(within(form).getByRole('textbox', { name: 'Color' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByTestId('poster-errors')).toHaveTextContent('Revise los campos marcados');
    expect(api.calls('POST marketing/poster/update')).toHaveLength(0);

    text(form, 'Color', '#0a0');
    text(form, 'Titular', 'x'.repeat(80));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el diseño' }));
    await waitFor(() => expect(api.calls('POST marketing/poster/update')).toHaveLength(1));
    expect(api.calls('POST marketing/poster/update')[0].body).toMatchObject({ color: '#0a0' });
    await waitFor(() => expect(within(form).queryByTestId('error-color')).not.toBeInTheDocument());
  });

  it("puts the host's errors under their fields, and the others above the form", async () => {
    const api = posterHost({}, {
      'POST marketing/poster/update': envelopeError([
        { code: 'REQ-102', data: { field: 'contact' }, details: 'Como máximo 200 caracteres' },
        { code: 'REQ-102', data: { field: 'color' }, details: 'Color no válido: #RGB o #RRGGBB' },
      ]),
    });
    renderModule('/marketing/poster/product/11', api);
    const form = await designForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el diseño' }));
    expect(await within(form).findByTestId('error-contact')).toHaveTextContent('Como máximo 200 caracteres');
    expect(within(form).getByTestId('error-color')).toHaveTextContent('Color no válido: #RGB o #RRGGBB');
    expect(within(form).queryByTestId('error-headline')).not.toBeInTheDocument();
    expect(screen.queryByText('Diseño de los carteles guardado')).not.toBeInTheDocument();

    api.on('POST marketing/poster/update', writeError('SETTINGS-000', 'No se ha podido guardar la configuración'));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar el diseño' }));
    expect(await within(form).findByTestId('poster-errors')).toHaveTextContent('No se ha podido guardar la configuración');
    expect(within(form).queryByTestId('error-contact')).not.toBeInTheDocument();
  });
});

describe('a product that cannot have a poster', () => {
  it("not on sale (CONFLICT-000): the host's reason and a link back to the chooser", async () => {
    const api = posterHost({ 13: readError('CONFLICT-000', '«Carné C» no está a la venta: publíquelo para hacer su cartel') });
    renderModule('/marketing/poster/product/13', api);
    const refused = await screen.findByTestId('poster-refused');
    expect(refused).toHaveTextContent('«Carné C» no está a la venta: publíquelo para hacer su cartel');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByText('Reintentar')).not.toBeInTheDocument();
    fireEvent.click(within(refused).getByRole('link', { name: 'Elegir otro producto' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/marketing/poster/editor'));
    expect(await screen.findByRole('combobox', { name: 'Producto' })).toHaveValue('');
    expect(api.calls('GET marketing/poster/data').map(query)).toEqual([{ product_id: '13' }, {}]);
  });

  it('another failure shows the reason with "Reintentar"; an address without a product asks nothing', async () => {
    let failing = true;
    const api = posterHost({}, {
      'GET marketing/poster/data': () => (failing ? readError('SERVER-000', 'Error interno') : envelopeOk(posterData())),
    });
    renderModule('/marketing/poster/product/11', api);
    expect(await screen.findByText('Error interno')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('poster-sheet')).toBeInTheDocument();
    expect(api.calls('GET marketing/poster/data')).toHaveLength(2);
  });

  it('an address that names no product', async () => {
    const api = posterHost();
    renderModule('/marketing/poster/product/abc', api);
    expect(await screen.findByText('No se encuentra el producto')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Elegir otro producto' })).toHaveAttribute('href', '/marketing/poster/editor');
    expect(api.calls('GET marketing/poster/data')).toHaveLength(0);
  });
});

describe('"Hacer un cartel" on a product\'s view', () => {
  const viewHost = (record: ReturnType<typeof product>) =>
    mockApi({ ...formRoutes(), [`GET product/read/${record.id}`]: envelopeOk(detail(record)), 'GET marketing/poster/data': envelopeOk(posterData()) });

  it('a product on sale links to its poster', async () => {
    const api = viewHost(product());
    renderModule('/product/view/11/0', api);
    const head = await screen.findByTestId('product-head');
    const link = within(head).getByRole('link', { name: 'Hacer un cartel' });
    expect(link).toHaveAttribute('href', '/marketing/poster/product/11');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/marketing/poster/product/11'));
    expect(await screen.findByTestId('poster-sheet')).toBeInTheDocument();
    expect(api.calls('GET marketing/poster/data').map(query)).toEqual([{ product_id: '11' }]);
  });

  it.each([
    ['featured and active', { status: 'featured' }, true],
    ['hidden', { status: 'hidden' }, false],
    ['discontinued', { status: 'discontinued' }, false],
    ['inactive', { state: 'inactive' }, false],
    ['deleted', { state: 'deleted' }, false],
  ])('%s', async (_name, extra, shown) => {
    renderModule('/product/view/11/0', viewHost(product(extra)));
    const head = await screen.findByTestId('product-head');
    expect(within(head).queryByRole('link', { name: 'Hacer un cartel' }) !== null).toBe(shown);
  });
});

