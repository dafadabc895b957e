import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { clerk, renderModule } from '../test/render';
import { book, branches, fullBook, page, query } from '../test/fixtures';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const options = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

/** `GET dgt/book/register/read`: the book with `?id=`, else the page. */
function booksHost(routes: Record<string, object> = {}) {
  return mockApi({
    'GET dgt/book/register/read': (req: MockRequest) => (req.query.get('id') ? envelopeOk(book()) : page([book(), fullBook()])),
    'GET business/branch/list': envelopeOk(branches),
    ...routes,
  });
}

describe('the register books', () => {
  it('lists number, name, branch, dates and how full each is, with "Completo" when full; a row opens the book', async () => {
    const api = booksHost();
    renderModule('/dgt/book/register/list/0', api);
    const table = await screen.findByRole('table', { name: 'Libros de registro' });
    // the branch column comes with the branches
    await within(table).findByRole('columnheader', { name: 'Sucursal' });
    const rows = within(table).getAllByTestId('book-number').map((a) => a.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['3', 'Libro 3', 'Autoescuela Linares', '02/01/2026', '', '37/200'],
      ['2', 'Libro 2', 'Autoescuela Jaén', '01/03/2024', '31/12/2025', '100/100 Completo'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Libro 3' })).toHaveAttribute('href', '/dgt/book/register/view/4/0');
    expect(within(rows[1]).getByRole('link', { name: '2' })).toHaveAttribute('href', '/dgt/book/register/view/2/0');
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 2 de 2');
    expect(query(api.calls('GET dgt/book/register/read')[0])).toEqual({ page: '1', per_page: '25' });
  });

  it('filters by open or closed and by branch, keeping the search', async () => {
    const api = booksHost();
    renderModule('/dgt/book/register/list/0', api);
    await screen.findAllByTestId('book-number');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: ' linares ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(query(api.calls('GET dgt/book/register/read').at(-1)!)).toEqual({ search: 'linares', page: '1', per_page: '25' }));

    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(options(status)).toEqual(['Abiertos y cerrados', 'Abiertos', 'Cerrados']);
    fireEvent.change(status, { target: { value: 'closed' } });
    const branch = await screen.findByRole('combobox', { name: 'Sucursal' });
    expect(options(branch)).toEqual(['Todas las sucursales', 'Autoescuela Linares', 'Autoescuela Jaén']);
    fireEvent.change(branch, { target: { value: '2' } });
    await waitFor(() =>
      expect(query(api.calls('GET dgt/book/register/read').at(-1)!)).toEqual({ search: 'linares', page: '1', per_page: '25', status: 'closed', branch_id: '2' }),
    );
  });

  it('a user limited to a branch gets neither the branch filter nor the column, and the branches are not asked', async () => {
    const api = mockApi({ 'GET dgt/book/register/read': page([book()]) });
    renderModule('/dgt/book/register/list/0', api, clerk);
    const table = await screen.findByRole('table', { name: 'Libros de registro' });
    await within(table).findByTestId('book-number');
    expect(within(table).queryByRole('columnheader', { name: 'Sucursal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Sucursal' })).not.toBeInTheDocument();
    expect(api.calls('GET business/branch/list')).toHaveLength(0);
  });
});

describe('"Nuevo libro"', () => {
  it('opens at once with new_book 1; needs a name; sends what is filled; shows the host\'s field error; then opens the new book', async () => {
    const api = booksHost({ 'POST dgt/book/register/create': writeError('CONFLICT-000', 'Ya existe el libro número 3 en la sucursal', { field: 'number' }) });
    renderModule('/dgt/book/register/list/1', api);
    const form = await screen.findByRole('form', { name: 'Nuevo libro' });
    // the form is open: no second "Nuevo libro"
    expect(screen.queryByRole('button', { name: 'Nuevo libro' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Crear libro' }));
    expect(await within(form).findByTestId('error-name')).toHaveTextContent('Este campo es obligatorio');
    expect(api.calls('POST dgt/book/register/create')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: ' Libro 4 - Jaén ' } });
    fireEvent.change(within(form).getByLabelText('Número'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Código de centro'), { target: { value: '2301A' } });
    fireEvent.change(within(form).getByLabelText('Abierto el'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText('Capacidad'), { target: { value: '150' } });
    fireEvent.change(await within(form).findByRole('combobox', { name: 'Sucursal' }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear libro' }));

    expect(await within(form).findByTestId('error-number')).toHaveTextContent('Ya existe el libro número 3 en la sucursal');
    expect(within(form).getByLabelText('Número')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST dgt/book/register/create')[0].body).toEqual({
      name: 'Libro 4 - Jaén', number: 3, capacity: 150, school_code: '2301A', opened_on: '2026-12-01', branch_id: 2,
    });

    // the number left empty: the next one of the branch
    api.on('POST dgt/book/register/create', envelopeOk(book({ id: 9, name: 'Libro 4 - Jaén', number: 4 })));
    api.on('GET dgt/book/register/read', envelopeOk(book({ id: 9, name: 'Libro 4 - Jaén', number: 4 })));
    api.on('GET dgt/book/register/student/read', page([]));
    fireEvent.change(within(form).getByLabelText('Número'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear libro' }));
    expect(await screen.findByText('Libro Libro 4 - Jaén creado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dgt/book/register/view/9/0'));
    expect(api.calls('POST dgt/book/register/create')[1].body).not.toHaveProperty('number');
    expect(await screen.findByTestId('book-title')).toHaveTextContent('Libro n.º 4 · Libro 4 - Jaén');
  });

  it('refuses a capacity that is not a whole number before asking the host', async () => {
    const api = booksHost();
    renderModule('/dgt/book/register/list/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo libro' }));
    const form = await screen.findByRole('form', { name: 'Nuevo libro' });
    fireEvent.change(within(form).getByLabelText(/^Nombre/), { target: { value: 'Libro 5' } });
    fireEvent.change(within(form).getByLabelText('Capacidad'), { target: { value: '2,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear libro' }));
    expect(await within(form).findByTestId('error-capacity')).toHaveTextContent('Introduzca un número entero');
    expect(api.calls('POST dgt/book/register/create')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: 'Nuevo libro' })).not.toBeInTheDocument();
  });
});
