import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, readError, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { book, branches, fullBook, lucia, pablo, page, query, saved } from '../test/fixtures';
import { today } from '../format';

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);

function bookHost(record: object = book(), routes: Record<string, object> = {}) {
  return mockApi({
    'GET dgt/book/register/read': envelopeOk(record),
    'GET business/branch/list': envelopeOk(branches),
    'GET dgt/book/register/student/read': page([pablo(), lucia()]),
    ...routes,
  });
}

describe('the view of a register book', () => {
  it('shows the book, how full it is and its entries: number, names, DNI/NIE, licence, date, exams and status', async () => {
    const api = bookHost();
    renderModule('/dgt/book/register/view/4/0', api);
    expect(await screen.findByTestId('book-title')).toHaveTextContent('Libro n.º 3 · Libro 3');
    expect(query(api.calls('GET dgt/book/register/read')[0])).toEqual({ id: '4' });
    const head = screen.getByTestId('book-head');
    expect(head).toHaveTextContent('Código de centro 2301A');
    expect(await within(head).findByText('Autoescuela Linares')).toBeInTheDocument();
    expect(within(head).getByTestId('book-status')).toHaveTextContent('Abierto');
    expect(screen.getByTestId('book-opened')).toHaveTextContent('02/01/2026');
    expect(screen.getByTestId('book-fill')).toHaveTextContent('37 de 200');
    expect(screen.getByTestId('book-next')).toHaveTextContent('38');
    expect(screen.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute('href', '/dgt/book/register/list/0');
    // a book with entries is closed, never deleted
    expect(screen.queryByRole('button', { name: 'Eliminar libro' })).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Alumnos del libro' });
    const rows = (await within(table).findAllByTestId('entry-name')).map((a) => a.closest('tr')!);
    expect(rows.map(cells)).toEqual([
      ['36', 'Ruiz Gil, Pablo', 'X1234567L', 'A2', '02/11/2026', 'Apto', 'Apto', 'Permiso expedido'],
      ['37', 'García Pérez, Lucía', '12345678Z', 'B', '02/11/2026', 'Pendiente', 'Pendiente', 'En formación'],
    ]);
    expect(query(api.calls('GET dgt/book/register/student/read')[0])).toEqual({ book_id: '4', page: '1', per_page: '25' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'left' } });
    await waitFor(() => expect(query(api.calls('GET dgt/book/register/student/read').at(-1)!)).toEqual({ book_id: '4', page: '1', per_page: '25', status: 'left' }));
    expect(within(screen.getByRole('combobox', { name: 'Estado' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todos los alumnos', 'En formación', 'Permiso expedido', 'Baja',
    ]);
  });

  it('"Editar libro" sends only what changed; the host\'s field error goes under its field', async () => {
    const api = bookHost(book(), { 'POST dgt/book/register/update': writeError('REQ-102', 'El libro ya tiene el alumno número 37', { field: 'capacity' }) });
    renderModule('/dgt/book/register/view/4/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar libro' }));
    const form = await screen.findByRole('form', { name: 'Datos del libro' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('No hay cambios que guardar')).toBeInTheDocument();
    expect(api.calls('POST dgt/book/register/update')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Capacidad/), { target: { value: '30' } });
    fireEvent.change(within(form).getByLabelText('Notas'), { target: { value: ' Libro de la sede ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(form).findByTestId('error-capacity')).toHaveTextContent('El libro ya tiene el alumno número 37');
    expect(within(form).getByTestId('book-errors')).toHaveTextContent('Revise los campos marcados');
    expect(api.calls('POST dgt/book/register/update')[0].body).toEqual({ id: 4, capacity: 30, notes: 'Libro de la sede' });

    api.on('POST dgt/book/register/update', saved(book()));
    fireEvent.change(within(form).getByLabelText(/^Capacidad/), { target: { value: '300' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Datos del libro guardados')).toBeInTheDocument();
    expect(api.calls('POST dgt/book/register/update')[1].body).toEqual({ id: 4, capacity: 300, notes: 'Libro de la sede' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Datos del libro' })).not.toBeInTheDocument());
  });

  it('"Cerrar libro" sets closed_on to today and takes no more entries; "Reabrir libro" clears it', async () => {
    const api = bookHost(book(), { 'POST dgt/book/register/update': saved(book()) });
    renderModule('/dgt/book/register/view/4/0', api);
    expect(await screen.findByRole('button', { name: 'Inscribir alumno' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar libro' }));
    await waitFor(() => expect(screen.getByTestId('book-status')).toHaveTextContent('Cerrado'));
    expect(api.calls('POST dgt/book/register/update')[0].body).toEqual({ id: 4, closed_on: today() });
    expect(screen.queryByRole('button', { name: 'Inscribir alumno' })).not.toBeInTheDocument();
    expect(screen.getByTestId('enrol-closed')).toHaveTextContent('Libro cerrado');

    fireEvent.click(screen.getByRole('button', { name: 'Reabrir libro' }));
    await waitFor(() => expect(screen.getByTestId('book-status')).toHaveTextContent('Abierto'));
    expect(api.calls('POST dgt/book/register/update')[1].body).toEqual({ id: 4, closed_on: null });
    expect(screen.getByRole('button', { name: 'Inscribir alumno' })).toBeInTheDocument();
  });

  it('a full book says so, and new_student 1 explains why no form opens', async () => {
    renderModule('/dgt/book/register/view/2/1', bookHost({ ...fullBook(), closed_on: null }));
    expect(await screen.findByTestId('enrol-refused')).toHaveTextContent('El libro está completo: abra otro para seguir inscribiendo alumnos.');
    expect(screen.getByTestId('enrol-closed')).toHaveTextContent('Libro completo');
    expect(screen.getByTestId('book-full')).toHaveTextContent('Completo');
    expect(screen.getByTestId('book-next')).toHaveTextContent('Completo');
    expect(screen.queryByRole('form', { name: 'Inscribir alumno' })).not.toBeInTheDocument();
  });

  it('"Eliminar libro" only for a book without entries, asked first, then back to the list', async () => {
    const empty = book({ fill: { book_id: 4, capacity: 200, used: 0, last_number: 0, next_number: 1, full: false } });
    const api = bookHost(empty, {
      'GET dgt/book/register/student/read': page([]),
      'POST dgt/book/register/delete': (req: MockRequest) => envelopeOk({ ...empty, state: 'deleted', id: (req.body as { id: number }).id }),
    });
    api.on('GET dgt/book/register/read', (req: MockRequest) => (req.query.get('id') ? envelopeOk(empty) : page([])));
    renderModule('/dgt/book/register/view/4/0', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar libro' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST dgt/book/register/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar libro' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Eliminar el libro Libro 3?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar libro' }));
    await waitFor(() => expect(api.calls('POST dgt/book/register/delete').map((r) => r.body)).toEqual([{ id: 4 }]));
    expect(await screen.findByText('Libro Libro 3 eliminado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dgt/book/register/list/0'));
  });

  it('says so when the book cannot be read', async () => {
    renderModule('/dgt/book/register/view/99/0', bookHost(book(), { 'GET dgt/book/register/read': readError('NOT-FOUND-000', 'Libro de registro no encontrado') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Libro de registro no encontrado');
  });
});
