import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PageState } from './PageState';
import { createTestI18n } from '../testing/i18n';

const renderState = (ui: React.ReactNode) => render(<I18nextProvider i18n={createTestI18n()}>{ui}</I18nextProvider>);

describe('<PageState>', () => {
  it('says "Cargando…" as a status while there is no error', () => {
    renderState(<PageState error={null} onRetry={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the host's message with a retry, or the kit's when it gave none", () => {
    const retry = vi.fn();
    const { rerender } = renderState(<PageState error="El vehículo no existe" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('El vehículo no existe');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender(
      <I18nextProvider i18n={createTestI18n()}>
        <PageState error="" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No se han podido cargar los datos');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
