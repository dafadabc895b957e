import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './ConfirmProvider';
import { ConfirmDialog } from './ConfirmDialog';
import { createTestI18n } from '../testing/i18n';

function Asker({ options, onAnswer }: { options: ConfirmOptions; onAnswer(v: boolean): void }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={async () => onAnswer(await confirm(options))}>
      ask
    </button>
  );
}

function setup(options: ConfirmOptions) {
  const onAnswer = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ConfirmProvider>
        <Asker options={options} onAnswer={onAnswer} />
      </ConfirmProvider>
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByText('ask'));
  return onAnswer;
}

describe('confirm', () => {
  it('resolves true on Accept, with the default Spanish title and buttons', async () => {
    const onAnswer = setup({ message: '¿Borrar el contacto?' });
    expect(screen.getByRole('alertdialog', { name: '¿Está seguro?' })).toHaveTextContent('¿Borrar el contacto?');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Aceptar' })));
    expect(onAnswer).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on Cancel and on Escape', async () => {
    const onAnswer = setup({ message: 'x' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancelar' })));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
    fireEvent.click(screen.getByText('ask'));
    await act(async () => fireEvent.keyDown(document, { key: 'Escape' }));
    expect(onAnswer).toHaveBeenLastCalledWith(false);
  });

  it('two-step: asks again and resolves true only after the second Accept', async () => {
    const onAnswer = setup({ message: '¿Facturar el presupuesto?', second: { message: 'No se podrá deshacer.' }, tone: 'danger' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Aceptar' })));
    expect(onAnswer).not.toHaveBeenCalled();
    const second = screen.getByRole('alertdialog', { name: 'Confirme de nuevo' });
    expect(second).toHaveTextContent('No se podrá deshacer.');
    // Dangerous questions put the focus on Cancel.
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Aceptar' })));
    expect(onAnswer).toHaveBeenCalledWith(true);
  });

  it('two-step: cancelling the second question resolves false', async () => {
    const onAnswer = setup({ message: 'x', second: true });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Aceptar' })));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Esta acción no se puede deshacer');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancelar' })));
    expect(onAnswer).toHaveBeenCalledWith(false);
  });

  it('the controlled dialog renders nothing when closed', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <ConfirmDialog open={false} message="m" onConfirm={() => {}} onCancel={() => {}} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
