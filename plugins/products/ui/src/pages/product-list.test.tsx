import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { book, categories, detail, pack, page, product, query } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent?.replace(/\u00a0/g, ' '));
const catalogue = () => [product(), book({ state: 'inactive', status: 'featured' }), pack()];

function listHost(items = catalogue(), routes: Record<string, object> = {}) {
  return mockApi({ 'GET product/read': page(items), 'GET product/category/read': page(categories()), ...routes });
}

const asked = (api: ReturnType<typeof listHost>) => api.calls('GET product/read').map(query);

describe('the products', () => {
  it('lists reference, name (a link; packs marked), categories, price and total in es-ES euros, status and state', async () => {
    const api = listHost(catalogue(), { 'GET product/read/20': envelopeOk(detail(pack())), 'GET product/taxes': envelopeOk({ available: false, taxes: [] }), 'GET product/process/runs': page([]) });
    renderModule('/product/list', api);
    const table = await screen.findByRole('table', { name: 'Productos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Referencia', 'Nombre', 'Categorías', 'Precio', 'Total', 'Estado', 'Situación', 'Acciones']);
    // the categories' names come with the category list
    await waitFor(() => expect(within(table).getAllByTestId('product-name').map((c) => cells(c.closest('tr')!))[0][2]).toBe('Cursos'));
    expect(within(table).getAllByTestId('product-name').map((c) => cells(c.closest('tr')!))).toEqual([
      ['000001', 'Curso teórico B', 'Cursos', '100,00 €', '121,00 €', 'Publicado', 'Activo'],
      ['000002', 'Libro de test', 'Libros', '25,50 €', '26,52 €', 'Destacado', 'Inactivo'],
      ['000003', 'Pack B completoPack', 'Cursos, Libros', '136,00 €', '164,56 €', 'Publicado', 'Activo'],
    ]);
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 3 de 3');
    expect(screen.getByRole('link', { name: 'Nuevo producto' })).toHaveAttribute('href', '/product/view/0/0');
    expect(screen.getByRole('link', { name: 'Nuevo pack' })).toHaveAttribute('href', '/product/view/0/1');
    expect(screen.getByRole('link', { name: 'Curso teórico B' })).toHaveAttribute('href', '/product/view/11/0');
    fireEvent.click(screen.getByRole('link', { name: 'Pack B completo' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/view/20/1'));
    expect(await screen.findByTestId('product-title')).toHaveTextContent('Pack B completo');
  });

  it('filters by status, category, state and "Solo packs", keeping the search; each filter goes back to page 1', async () => {
    const api = listHost();
    renderModule('/product/list', api);
    await screen.findAllByTestId('product-name');
    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los estados', 'Publicado', 'Destacado', 'Oculto', 'Descatalogado']);
    const category = screen.getByRole('combobox', { name: 'Categoría' });
    await waitFor(() => expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas las categorías', 'Cursos', 'Libros', 'Tasas']));
    const state = screen.getByRole('combobox', { name: 'Situación' });
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Activos e inactivos', 'Solo activos', 'Solo inactivos', 'Eliminados']);

    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' curso ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'curso', page: '1', per_page: '25' }));
    fireEvent.change(status, { target: { value: 'featured' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'curso', page: '1', per_page: '25', status: 'featured' }));
    fireEvent.change(category, { target: { value: '4' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'curso', page: '1', per_page: '25', status: 'featured', category_id: '4' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo packs' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'curso', page: '1', per_page: '25', status: 'featured', category_id: '4', is_pack: 'true' }));
    fireEvent.change(state, { target: { value: 'deleted' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'curso', page: '1', per_page: '25', status: 'featured', category_id: '4', is_pack: 'true', state: 'deleted' }));
    // unticked: no is_pack at all (packs and products)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo packs' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'curso', page: '1', per_page: '25', status: 'featured', category_id: '4', state: 'deleted' }));
  });

  it('searches from 2 characters while typing, and clears the search when emptied', async () => {
    const api = listHost();
    renderModule('/product/list', api);
    await screen.findAllByTestId('product-name');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'l' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 350));
    expect(asked(api)).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'li' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'li', page: '1', per_page: '25' }));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25' }));
  });

  it('pages: "Viendo 1 a 25 de 30", then page 2 with the filters', async () => {
    const first = Array.from({ length: 25 }, (_, i) => product({ id: 100 + i, reference: String(100 + i), name: `Producto ${i + 1}` }));
    const second = Array.from({ length: 5 }, (_, i) => product({ id: 200 + i, reference: String(200 + i), name: `Producto ${i + 26}` }));
    const api = listHost([], {
      'GET product/read': (req: MockRequest) =>
        req.query.get('page') === '2' ? page(second, { total: 30, page: 2, from: 26, to: 30 }) : page(first, { total: 30, from: 1, to: 25 }),
    });
    renderModule('/product/list', api);
    expect(await screen.findAllByTestId('product-name')).toHaveLength(25);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 30');
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'hidden' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25', status: 'hidden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 30 de 30'));
    expect(asked(api).at(-1)).toEqual({ page: '2', per_page: '25', status: 'hidden' });
    expect(screen.getAllByTestId('product-name').map((c) => c.textContent)).toEqual(['Producto 26', 'Producto 27', 'Producto 28', 'Producto 29', 'Producto 30']);
    // a filter goes back to page 1
    fireEvent.click(screen.getByRole('checkbox', { name: 'Solo packs' }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25', status: 'hidden', is_pack: 'true' }));
  });

  it('"Eliminar" warns that invoices keep it, sends product/delete and reads the list again', async () => {
    const api = listHost(catalogue(), { 'POST product/delete': envelopeOk(detail(book({ state: 'deleted' }))) });
    renderModule('/product/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Libro de test' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el producto' });
    expect(dialog).toHaveTextContent('¿Eliminar «Libro de test»? Los datos asociados, como las facturas que lo incluyen, no se eliminan: conservan sus líneas.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST product/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Pack B completo' }));
    expect(await screen.findByRole('alertdialog', { name: 'Eliminar el pack' })).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Libro de test' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST product/delete').map((r) => r.body)).toEqual([{ id: 12 }]));
    expect(await screen.findByText('Libro de test eliminado')).toBeInTheDocument();
    await waitFor(() => expect(asked(api)).toHaveLength(2));
    // a deleted one has nothing to delete
    api.on('GET product/read', page([book({ state: 'deleted' })]));
    fireEvent.change(screen.getByRole('combobox', { name: 'Situación' }), { target: { value: 'deleted' } });
    await waitFor(() => expect(screen.getAllByTestId('product-name')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Eliminar Libro de test' })).not.toBeInTheDocument();
  });

  it('a product a pack holds is not deleted: the refusal names the pack and links to it', async () => {
    const api = listHost(catalogue(), {
      'POST product/delete': writeError('CONFLICT-000', 'El producto forma parte del pack «Pack B completo»: quítelo antes del pack', { pack_id: 20 }),
    });
    renderModule('/product/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Curso teórico B' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    const refusal = await screen.findByTestId('product-action-errors');
    expect(refusal).toHaveTextContent('El producto forma parte del pack «Pack B completo»: quítelo antes del pack');
    expect(within(refusal).getByRole('link', { name: 'Abrir el pack' })).toHaveAttribute('href', '/product/view/20/1');
    // the list is not read again
    expect(asked(api)).toHaveLength(1);
  });

  it("a list that cannot be read shows the host's reason and a retry", async () => {
    const api = listHost(catalogue(), { 'GET product/read': { success: false, error: { code: 'PERMISSION-000', data: null, details: 'No tiene permiso para los productos' } } });
    renderModule('/product/list', api);
    expect(await screen.findByRole('alert')).toHaveTextContent('No tiene permiso para los productos');
    api.on('GET product/read', page(catalogue()));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findAllByTestId('product-name')).toHaveLength(3);
  });
});
