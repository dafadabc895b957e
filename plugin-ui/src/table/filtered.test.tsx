import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { FilterSelect, FilteredList } from './FilteredList';
import { pageLocally, type ListQuery } from './page';
import { createTestI18n } from '../testing/i18n';

interface Row {
  id: number;
  name: string;
  state: 'active' | 'inactive';
}
const rows: Row[] = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Persona ${i + 1}`, state: i % 2 ? 'inactive' : 'active' }));

function setup(load = vi.fn((q: ListQuery, state: string) => Promise.resolve(pageLocally(rows.filter((r) => !state || r.state === state), q, (r) => r.name)))) {
  function Page() {
    const [state, setState] = useState('');
    return (
      <FilteredList<Row>
        label="Personas"
        columns={[{ key: 'name', header: 'Nombre' }]}
        rowKey={(r) => r.id}
        load={(q) => load(q, state)}
        filtersKey={state}
        filters={
          <FilterSelect
            label="Estado"
            value={state}
            options={[
              { value: '', label: 'Todos' },
              { value: 'active', label: 'Activos' },
              { value: 'inactive', label: 'Inactivos' },
            ]}
            onChange={setState}
          />
        }
        actions={<button type="button">Nuevo</button>}
        debounceMs={0}
      />
    );
  }
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <Page />
    </I18nextProvider>,
  );
  return { load, view };
}

describe('<FilteredList>', () => {
  it('draws search, filters and actions in the toolbar with the kit classes', async () => {
    const { view } = setup();
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 40'));
    const toolbar = view.container.querySelector('.vk-list__toolbar.vk-list__toolbar--filters');
    expect(toolbar).not.toBeNull();
    expect(toolbar!.querySelector('.vk-list__filters select[aria-label="Estado"]')).not.toBeNull();
    expect(toolbar!.querySelector('.vk-list__actions')).toHaveTextContent('Nuevo');
  });

  it('a filter change goes back to page 1 and keeps the search', async () => {
    const { load } = setup();
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 25 de 40'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'persona' } });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ search: 'persona', page: 1, perPage: 25 }, ''));
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 26 a 40 de 40'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'active' } });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ search: 'persona', page: 1, perPage: 25 }, 'active'));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 20 de 20'));
    // on page 1 already: the same page is read again with the new filter
    fireEvent.change(screen.getByRole('combobox', { name: 'Estado' }), { target: { value: 'inactive' } });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ search: 'persona', page: 1, perPage: 25 }, 'inactive'));
  });

  it("shows the host's error with the kit's retry", async () => {
    const load = vi.fn<(q: ListQuery, state: string) => Promise<ReturnType<typeof pageLocally<Row>>>>()
      .mockRejectedValueOnce([{ code: 'REQ-100', data: null, details: '' }])
      .mockResolvedValue({ items: [], total: 0, page: 1, per_page: 25 });
    setup(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha podido cargar la lista');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay registros')).toBeInTheDocument();
  });
});
