import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../toast/ToastProvider';
import { createTestI18n } from '../testing/i18n';
import { useRecord, type RecordState } from './useRecord';

interface Thing {
  id: number;
  name: string;
}

function setup(id: number, read: (id: number) => Promise<Thing>) {
  const seen: RecordState<Thing>[] = [];
  function Probe() {
    const state = useRecord<Thing>(id, read);
    seen.push(state);
    return <p data-testid="probe">{`${state.record?.name ?? '-'} ${state.failed ?? '-'} ${state.formKey}`}</p>;
  }
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastProvider>
        <Probe />
      </ToastProvider>
    </I18nextProvider>,
  );
  return { last: () => seen[seen.length - 1], probe: () => screen.getByTestId('probe').textContent };
}

describe('useRecord', () => {
  it('reads nothing for a new record (id 0)', () => {
    const read = vi.fn(() => Promise.resolve({ id: 1, name: 'Ana' }));
    const { probe } = setup(0, read);
    expect(read).not.toHaveBeenCalled();
    expect(probe()).toBe('- - 0');
  });

  it('reads on opening and draws the forms again whenever a record arrives', async () => {
    const read = vi.fn((id: number) => Promise.resolve({ id, name: 'Ana' }));
    const { last, probe } = setup(7, read);
    await waitFor(() => expect(probe()).toBe('Ana - 1'));
    expect(read).toHaveBeenCalledWith(7);
    read.mockResolvedValueOnce({ id: 7, name: 'Ana María' });
    act(() => last().reload());
    await waitFor(() => expect(probe()).toBe('Ana María - 2'));
    act(() => last().show({ id: 7, name: 'Guardada' }));
    expect(probe()).toBe('Guardada - 3');
    act(() => last().show({ id: 7, name: 'Sin redibujar' }, { redraw: false }));
    expect(probe()).toBe('Sin redibujar - 3');
  });

  it("holds the host's message when it cannot be read, and load starts again", async () => {
    const read = vi.fn<(id: number) => Promise<Thing>>().mockRejectedValueOnce({ code: 'NOT-FOUND-000', data: null, details: 'No existe' }).mockResolvedValue({ id: 3, name: 'Luis' });
    const { last, probe } = setup(3, read);
    await waitFor(() => expect(probe()).toBe('- No existe 0'));
    act(() => last().load());
    await waitFor(() => expect(probe()).toBe('Luis - 1'));
  });

  it("a failed reload keeps the record and says so in a toast (the kit's message when the host gave none)", async () => {
    const read = vi.fn<(id: number) => Promise<Thing>>().mockResolvedValueOnce({ id: 3, name: 'Luis' }).mockRejectedValueOnce({ code: 'X', data: null, details: '' });
    const { last, probe } = setup(3, read);
    await waitFor(() => expect(probe()).toBe('Luis - 1'));
    act(() => last().reload());
    expect(await screen.findByRole('alert')).toHaveTextContent('No se han podido cargar los datos');
    expect(probe()).toBe('Luis - 1');
  });
});
