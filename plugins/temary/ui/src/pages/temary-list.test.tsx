import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelopeOk, mockApi, writeError, type MockRequest } from '@volante/plugin-ui/testing';
import { renderModule } from '../test/render';
import { body, page, query, rows, temary } from '../test/fixtures';

/** The list, and the syllabi it opens. */
function listHost(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET temary/list': page(rows()),
    'GET temary/read/99': envelopeOk(temary({ id: 99, name: 'Copia de Permiso B' })),
    ...(routes as Record<string, object>),
  });
}

const asked = (api: ReturnType<typeof listHost>) => api.calls('GET temary/list').map(query);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);
const rowOf = (name: string) => screen.getByText(name, { selector: '[data-testid="temary-name"]' }).closest('tr')!;

describe('the syllabi', () => {
  it('lists name (a link to it), category, status and how many themes', async () => {
    const api = listHost();
    renderModule('/temary/list', api);
    const table = await screen.findByRole('table', { name: 'Temarios' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Categoría', 'Estado', 'Temas', 'Acciones']);
    expect((await within(table).findAllByTestId('temary-name')).map((link) => cells(link.closest('tr')!))).toEqual([
      ['CAP inicial', 'CAP', 'Desarrollo', '0'],
      ['Permiso B', 'B', 'Publicado', '3'],
      ['Repaso general', '—', 'Desarrollo', '1'],
    ]);
    expect(screen.getByRole('link', { name: 'Permiso B' })).toHaveAttribute('href', '/temary/create/5');
    expect(within(rowOf('Permiso B')).getByTestId('temary-status')).toHaveAttribute('data-status', 'publish');
    expect(screen.getByRole('link', { name: 'Nuevo temario' })).toHaveAttribute('href', '/temary/create/0');
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 3 de 3');
    expect(asked(api)).toEqual([{ page: '1', per_page: '25' }]);
  });

  it('filters by status ("Desarrollo", "Publicado") and state, keeping the search', async () => {
    const api = listHost();
    renderModule('/temary/list', api);
    await screen.findAllByTestId('temary-name');
    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos los estados', 'Desarrollo', 'Publicado']);
    fireEvent.change(status, { target: { value: 'publish' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ status: 'publish', page: '1', per_page: '25' }));

    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: '  permiso ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'permiso', status: 'publish', page: '1', per_page: '25' }));

    const state = screen.getByRole('combobox', { name: 'Situación' });
    expect(within(state).getAllByRole('option').map((o) => o.textContent)).toEqual(['Activos', 'Eliminados', 'Todos']);
    fireEvent.change(state, { target: { value: 'deleted' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'permiso', status: 'publish', state: 'deleted', page: '1', per_page: '25' }));
    fireEvent.change(status, { target: { value: '' } });
    fireEvent.change(state, { target: { value: 'all' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'permiso', state: 'all', page: '1', per_page: '25' }));
  });

  it('searches from 2 characters while typing, and clears the search when emptied', async () => {
    const api = listHost();
    renderModule('/temary/list', api);
    await screen.findAllByTestId('temary-name');
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'c' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 350));
    expect(asked(api)).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'ca' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ search: 'ca', page: '1', per_page: '25' }));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ page: '1', per_page: '25' }));
  });

  it('pages: "Viendo 1 a 25 de 27", then page 2; a filter goes back to page 1', async () => {
    const make = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ ...rows()[0], id: 100 + from + i, name: `Temario ${from + i}` }));
    const api = listHost({
      'GET temary/list': (req: MockRequest) => (req.query.get('page') === '2' ? page(make(26, 2), { total: 27, page: 2, from: 26, to: 27 }) : page(make(1, 25), { total: 27, from: 1, to: 25 })),
    });
    renderModule('/temary/list', api);
    expect(await screen.findAllByTestId('temary-name')).toHaveLength(25);
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 27');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 27 de 27'));
    expect(asked(api).at(-1)).toEqual({ page: '2', per_page: '25' });
    expect(screen.getAllByTestId('temary-name').map((c) => c.textContent)).toEqual(['Temario 26', 'Temario 27']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'developing' } });
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ status: 'developing', page: '1', per_page: '25' }));
  });

  it('"Copiar" sends temary/clon and opens the copy', async () => {
    const api = listHost({ 'POST temary/clon': (req: MockRequest) => envelopeOk(temary({ id: 99, name: `Copia de ${body(req).id === 5 ? 'Permiso B' : '?'}` })) });
    renderModule('/temary/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar el temario Permiso B' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/temary/create/99'));
    expect(api.calls('POST temary/clon').map(body)).toEqual([{ id: 5 }]);
    expect(await screen.findByText('Copia creada: Copia de Permiso B')).toBeInTheDocument();
    expect(await screen.findByTestId('view-title')).toHaveTextContent('Copia de Permiso B');
  });

  it('a copy refused because the syllabus was deleted meanwhile says so, and the list stays', async () => {
    const api = listHost({ 'POST temary/clon': writeError('CONFLICT-000', 'El temario está eliminado') });
    renderModule('/temary/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar el temario Permiso B' }));
    const errors = await screen.findByTestId('temary-action-errors');
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'El temario está eliminado',
      'Se ha eliminado mientras lo tenía abierto: ya no se puede modificar.',
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/temary/list');
  });

  it('"Eliminar" asks first; cancelled, nothing is sent; accepted, temary/delete and the list again', async () => {
    const api = listHost({ 'POST temary/delete': (req: MockRequest) => envelopeOk(temary({ id: body(req).id, state: 'deleted' })) });
    renderModule('/temary/list', api);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar el temario Permiso B' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el temario' });
    expect(dialog).toHaveTextContent('¿Eliminar el temario «Permiso B»?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST temary/delete')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar el temario Permiso B' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Eliminar el temario' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Temario Permiso B eliminado')).toBeInTheDocument();
    expect(api.calls('POST temary/delete').map(body)).toEqual([{ id: 5 }]);
    await waitFor(() => expect(asked(api)).toHaveLength(2));
  });

  it('a deleted syllabus is marked, and offers neither copy nor delete', async () => {
    const api = listHost({ 'GET temary/list': page([{ ...rows()[1], state: 'deleted' }]) });
    renderModule('/temary/list', api);
    const row = (await screen.findByTestId('temary-name')).closest('tr')!;
    expect(within(row).getByTestId('deleted')).toHaveTextContent('Eliminado');
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });
});
