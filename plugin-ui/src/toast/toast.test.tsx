import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider, useToast, type ToastApi } from './ToastProvider';
import { createTestI18n } from '../testing/i18n';

function setup() {
  let api!: ToastApi;
  function Grab() {
    api = useToast();
    return null;
  }
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastProvider timeoutMs={1000}>
        <Grab />
      </ToastProvider>
    </I18nextProvider>,
  );
  return () => api;
}

describe('toasts', () => {
  it('shows success as a status and errors as an alert, and closes on the button', () => {
    const api = setup();
    act(() => {
      api().success('Guardado');
      api().error('No se pudo guardar', { timeoutMs: 0 });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Guardado');
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo guardar');
    fireEvent.click(screen.getAllByRole('button', { name: 'Cerrar' })[1]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes away by itself after the timeout', () => {
    vi.useFakeTimers();
    try {
      const api = setup();
      act(() => void api().info('Hola'));
      expect(screen.getByText('Hola')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByText('Hola')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
