import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ListView } from './ListView';
import { fold, pageLocally, type ListQuery } from './page';
import { createTestI18n } from '../testing/i18n';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: i % 3 === 0 ? `Martínez ${i + 1}` : `García ${i + 1}` }));

describe('pageLocally', () => {
  it('searches every word without accents or case and pages the result', () => {
    expect(fold('Martínez GARCÍA')).toBe('martinez garcia');
    const page = pageLocally(rows, { search: 'martinez', page: 2, perPage: 10 }, (r) => r.name);
    expect(page).toMatchObject({ total: 20, page: 2, from: 11, to: 20 });
    expect(pageLocally(rows, { search: '', page: 99, perPage: 25 }, (r) => r.name)).toMatchObject({ page: 3, from: 51, to: 60 });
    expect(pageLocally([], { search: '', page: 1, perPage: 25 }, () => '')).toMatchObject({ total: 0, from: 0, to: 0 });
  });
});

function setup(load = vi.fn((q: ListQuery) => Promise.resolve(pageLocally(rows, q, (r) => r.name)))) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ListView<Row>
        label="Personas"
        columns={[
          { key: 'id', header: 'N' },
          { key: 'name', header: 'Nombre', render: (r) => <strong>{r.name}</strong> },
        ]}
        rowKey={(r) => r.id}
        load={load}
        perPage={10}
        debounceMs={0}
      />
    </I18nextProvider>,
  );
  return { load, search: screen.getByRole('searchbox', { name: 'Buscar' }) };
}

describe('<ListView>', () => {
  it('loads page 1 and shows "Viendo x a y de z"; the paginator moves pages', async () => {
    const { load } = setup();
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 10 de 60'));
    expect(within(screen.getByRole('table', { name: 'Personas' })).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 21 a 30 de 60'));
    expect(load).toHaveBeenLastCalledWith({ search: '', page: 3, perPage: 10 });
  });

  it('searches trimmed from 2 characters, on typing and Enter, back to page 1, and clears when emptied', async () => {
    const { load, search } = setup();
    await screen.findByText('García 2');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    fireEvent.change(search, { target: { value: 'm' } });
    expect(load).toHaveBeenCalledTimes(2);
    fireEvent.change(search, { target: { value: ' mar ' } });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ search: 'mar', page: 1, perPage: 10 }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 10 de 20'));
    fireEvent.change(search, { target: { value: 'martinez 10' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 1 de 1'));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ search: '', page: 1, perPage: 10 }));
    await waitFor(() => expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 1 a 10 de 60'));
  });

  it('shows "no records" for an empty answer and the error with a retry when the host fails', async () => {
    const load = vi.fn<(q: ListQuery) => Promise<ReturnType<typeof pageLocally<Row>>>>()
      .mockRejectedValueOnce({ code: 'REQ-100', data: null, details: 'Sin conexión' })
      .mockResolvedValue({ items: [], total: 0, page: 1, per_page: 10 });
    setup(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sin conexión');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No hay registros')).toBeInTheDocument();
    expect(screen.getByTestId('paginator-text')).toHaveTextContent('Viendo 0 a 0 de 0');
  });
});
