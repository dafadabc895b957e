import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { book, categories, category, page, pack, product, query } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);

/** The categories: the list, or one (`?id=`), and the writes answering the category with what was sent. */
function categoriesHost(routes: Record<string, unknown> = {}) {
  const list = categories();
  return mockApi({
    'GET product/category/read': (req: MockRequest) => {
      const id = Number(req.query.get('id'));
      if (!id) return page(list);
      const found = list.find((c) => c.id === id);
      return found ? envelopeOk(found) : readError('NOT-FOUND-000', 'No se encuentra la categoría');
    },
    'POST product/category/update': (req: MockRequest) => {
      const body = req.body as { id: number };
      return envelopeOk({ ...list.find((c) => c.id === body.id), ...body });
    },
    ...(routes as Record<string, object>),
  });
}

const lists = (api: ReturnType<typeof categoriesHost>) => api.calls('GET product/category/read').filter((r) => !r.query.get('id')).map(query);

describe('the categories', () => {
  it('lists name (a link to it), status, how many products and state; searches and filters by status', async () => {
    const api = categoriesHost();
    renderModule('/product/category/list/0', api);
    const table = await screen.findByRole('table', { name: 'Categorías' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Estado', 'Productos', 'Situación', 'Acciones']);
    expect((await within(table).findAllByTestId('category-name')).map((c) => cells(c.closest('tr')!))).toEqual([
      ['Cursos', 'Pública', '2', 'Activo'],
      ['Libros', 'Pública', '1', 'Activo'],
      ['Tasas', 'Privada', '0', 'Inactivo'],
    ]);
    expect(screen.getByRole('link', { name: 'Cursos' })).toHaveAttribute('href', '/product/category/view/3');
    expect(lists(api)).toEqual([{ page: '1', per_page: '25' }]);

    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas', 'Pública', 'Privada']);
    fireEvent.change(status, { target: { value: 'private' } });
    await waitFor(() => expect(lists(api).at(-1)).toEqual({ page: '1', per_page: '25', status: 'private' }));
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'tasas' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(lists(api).at(-1)).toEqual({ search: 'tasas', page: '1', per_page: '25', status: 'private' }));
  });

  it('"Nueva categoría": the name required, then product/category/create; a duplicate name under its field', async () => {
    const api = categoriesHost({ 'POST product/category/create': writeError('CONFLICT-000', 'Ya existe una categoría con ese nombre', { field: 'name' }) });
    renderModule('/product/category/list/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva categoría' }));
    const form = await screen.findByRole('form', { name: 'Nueva categoría' });
    expect(within(form).getByRole('combobox', { name: 'Estado' })).toHaveValue('publish');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear categoría' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: ' Cursos ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Descripción/ }), { target: { value: ' Teoría y prácticas ' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Estado' }), { target: { value: 'private' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear categoría' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Ya existe una categoría con ese nombre');
    expect(api.calls('POST product/category/create').map((r) => r.body)).toEqual([{ name: 'Cursos', description: 'Teoría y prácticas', status: 'private' }]);

    api.on('POST product/category/create', (req: MockRequest) => envelopeOk(category({ ...(req.body as object), id: 9, name: 'Cursos online', products: 0 })));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Cursos online' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear categoría' }));
    expect(await screen.findByText('Categoría Cursos online creada')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nueva categoría' })).not.toBeInTheDocument());
    await waitFor(() => expect(lists(api)).toHaveLength(2));
  });

  it('"Editar" opens the category above the list (its id in the address) and saves only what changed', async () => {
    const api = categoriesHost();
    renderModule('/product/category/list/0', api);
    fireEvent.click(await screen.findByRole('link', { name: 'Editar la categoría Libros' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/category/list/4'));
    const form = await screen.findByRole('form', { name: 'Editar la categoría Libros' });
    expect(query(api.calls('GET product/category/read').find((r) => r.query.get('id'))!)).toEqual({ id: '4' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Descripción/ }), { target: { value: 'Manuales y test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST product/category/update').map((r) => r.body)).toEqual([{ id: 4, description: 'Manuales y test' }]));
    expect(await screen.findByText('Categoría Libros guardada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/category/list/0'));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(lists(api)).toHaveLength(2));
  });

  it('a deep link opens the category\'s panel; "Cancelar" closes it', async () => {
    renderModule('/product/category/list/3', categoriesHost());
    const form = await screen.findByRole('form', { name: 'Editar la categoría Cursos' });
    expect(within(form).getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Cursos');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/category/list/0'));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('"Activar" and "Desactivar" send product/category/state and read the list again', async () => {
    const api = categoriesHost({ 'POST product/category/state': envelopeOk(category({ id: 5, name: 'Tasas', status: 'private', state: 'active', products: 0 })) });
    renderModule('/product/category/list/0', api);
    expect(await screen.findByRole('button', { name: 'Desactivar la categoría Cursos' })).toHaveTextContent('Desactivar');
    fireEvent.click(screen.getByRole('button', { name: 'Activar la categoría Tasas' }));
    await waitFor(() => expect(api.calls('POST product/category/state').map((r) => r.body)).toEqual([{ id: 5 }]));
    expect(await screen.findByText('Categoría Tasas activada')).toBeInTheDocument();
    await waitFor(() => expect(lists(api)).toHaveLength(2));
  });

  it('"Eliminar" warns that its products are not deleted, then says how many lost it', async () => {
    const api = categoriesHost({ 'POST product/category/delete': envelopeOk({ ...category({ state: 'deleted' }), products_unlinked: 2 }) });
    renderModule('/product/category/list/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la categoría Cursos' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar la categoría' });
    expect(dialog).toHaveTextContent('¿Eliminar la categoría «Cursos»? Los productos asociados no se eliminan: solo dejan de estar en esta categoría.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST product/category/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la categoría Cursos' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls('POST product/category/delete').map((r) => r.body)).toEqual([{ id: 3 }]));
    expect(await screen.findByText('Categoría Cursos eliminada: 2 productos han dejado de estar en ella')).toBeInTheDocument();
    await waitFor(() => expect(lists(api)).toHaveLength(2));

    // one without products says only that
    api.on('POST product/category/delete', envelopeOk({ ...category({ id: 5, name: 'Tasas', state: 'deleted' }), products_unlinked: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la categoría Tasas' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Categoría Tasas eliminada')).toBeInTheDocument();
  });

  it("a refused action shows the host's reason above the list", async () => {
    const api = categoriesHost({ 'POST product/category/state': writeError('CONFLICT-000', 'Categoría está eliminada') });
    renderModule('/product/category/list/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar la categoría Cursos' }));
    expect(await screen.findByTestId('category-action-errors')).toHaveTextContent('Categoría está eliminada');
  });
});

describe('a category', () => {
  function viewHost(routes: Record<string, unknown> = {}) {
    return categoriesHost({ 'GET product/read': page([product(), pack()]), ...routes });
  }

  it('shows its data and its products (GET product/read?category_id=), each a link', async () => {
    const api = viewHost();
    renderModule('/product/category/view/3', api);
    expect(await screen.findByTestId('category-title')).toHaveTextContent('Cursos');
    expect(screen.getByTestId('category-status')).toHaveTextContent('Pública');
    expect(screen.getByTestId('category-count')).toHaveTextContent('2');
    const products = screen.getByTestId('category-products');
    const table = await within(products).findByRole('table', { name: 'Productos de la categoría' });
    expect((await within(table).findAllByTestId('product-name')).map((c) => [...c.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent?.replace(/\u00a0/g, ' ')))).toEqual([
      ['000001', 'Curso teórico B', '100,00 €', '121,00 €', 'Publicado'],
      ['000003', 'Pack B completoPack', '136,00 €', '164,56 €', 'Publicado'],
    ]);
    expect(within(table).getByRole('link', { name: 'Pack B completo' })).toHaveAttribute('href', '/product/view/20/1');
    expect(query(api.calls('GET product/read')[0])).toEqual({ category_id: '3', page: '1', per_page: '25' });
    const search = within(products).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'pack' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(query(api.calls('GET product/read').at(-1)!)).toEqual({ category_id: '3', search: 'pack', page: '1', per_page: '25' }));
  });

  it('saves only what changed, and the image is removed with null', async () => {
    const api = viewHost({
      'GET product/category/read': envelopeOk(category({ thumbnail_file_id: 50 })),
      'POST product/category/update': (req: MockRequest) => envelopeOk(category({ ...(req.body as object), thumbnail_file_id: null })),
    });
    renderModule('/product/category/view/3', api);
    const form = await screen.findByRole('form', { name: 'Datos de la categoría' });
    const image = within(form).getByRole('group', { name: 'Miniatura' });
    expect(within(image).getByRole('img')).toHaveAttribute('src', '/api/filesystem/file/read?file_id=50&token=test-token');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Estado' }), { target: { value: 'private' } });
    fireEvent.click(within(image).getByRole('button', { name: 'Quitar imagen' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.calls('POST product/category/update').map((r) => r.body)).toEqual([{ id: 3, status: 'private', thumbnail_file_id: null }]));
    expect(await screen.findByText('Categoría Cursos guardada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('category-status')).toHaveTextContent('Privada'));
  });

  it('"Desactivar" and "Eliminar" from its page; deleted, back to the list', async () => {
    const api = viewHost({
      'POST product/category/state': envelopeOk(category({ state: 'inactive' })),
      'POST product/category/delete': envelopeOk({ ...category({ state: 'deleted' }), products_unlinked: 1 }),
    });
    renderModule('/product/category/view/3', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(screen.getByTestId('record-state')).toHaveTextContent('Inactivo'));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Categoría Cursos eliminada: 1 producto ha dejado de estar en ella')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/category/list/0'));
  });

  it('a new one (0) is created and opened', async () => {
    const api = viewHost({
      'POST product/category/create': (req: MockRequest) => envelopeOk(category({ ...(req.body as object), id: 9, products: 0 })),
      'GET product/category/read': envelopeOk(category({ id: 9, name: 'Libros de texto', products: 0 })),
      'GET product/read': page([book()]),
    });
    renderModule('/product/category/view/0', api);
    const form = await screen.findByRole('form', { name: 'Nueva categoría' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), { target: { value: 'Libros de texto' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear categoría' }));
    await waitFor(() => expect(api.calls('POST product/category/create').map((r) => r.body)).toEqual([{ name: 'Libros de texto', description: '', status: 'publish' }]));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/product/category/view/9'));
    expect(await screen.findByTestId('category-title')).toHaveTextContent('Libros de texto');
  });

  it("a deleted category is read only; one that cannot be read shows the host's reason", async () => {
    const { unmount } = renderModule('/product/category/view/3', viewHost({ 'GET product/category/read': envelopeOk(category({ state: 'deleted' })) }));
    expect(await screen.findByText(/Esta categoría está eliminada/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Datos de la categoría' })).getByRole('textbox', { name: /^Nombre/ })).toBeDisabled();
    unmount();
    renderModule('/product/category/view/77', categoriesHost());
    expect(await screen.findByRole('alert')).toHaveTextContent('No se encuentra la categoría');
  });
});
