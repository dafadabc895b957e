import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Dialog } from './Dialog';
import { createTestI18n } from '../testing/i18n';

function Opener({ onClose, wide, className }: { onClose?: () => void; wide?: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        abrir
      </button>
      {open && (
        <Dialog
          title="Nueva sala"
          testId="room-create"
          wide={wide}
          className={className}
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <form>
            <p>texto</p>
            <label>
              Nombre
              <input name="name" />
            </label>
            <select name="kind" aria-label="Tipo" />
          </form>
        </Dialog>
      )}
    </>
  );
}

function setup(props: { wide?: boolean; className?: string } = {}) {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Opener onClose={onClose} {...props} />
    </I18nextProvider>,
  );
  const opener = screen.getByRole('button', { name: 'abrir' });
  opener.focus();
  fireEvent.click(opener);
  return { onClose, opener };
}

describe('<Dialog>', () => {
  it('renders a modal named by its title, with its content and the kit look', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Nueva sala' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-testid', 'room-create');
    expect(dialog).toHaveClass('vk-modal', 'vk-dialog');
    expect(dialog).not.toHaveClass('vk-dialog--wide');
    expect(dialog).toHaveTextContent('texto');
    // In a portal on the body, over the page.
    expect(dialog.parentElement).toHaveClass('vk-modal-backdrop');
    expect(dialog.parentElement?.parentElement).toBe(document.body);
  });

  it('puts the focus on its first field, and back where it was once closed', () => {
    const { opener } = setup();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(opener).toHaveFocus();
  });

  it('"Cerrar" closes it', () => {
    const { onClose } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes it; other keys do not', () => {
    const { onClose } = setup();
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Closed: Escape no longer reaches it.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes a wider size and the caller’s classes', () => {
    setup({ wide: true, className: 'rooms-form' });
    expect(screen.getByRole('dialog')).toHaveClass('vk-modal', 'vk-dialog', 'vk-dialog--wide', 'rooms-form');
  });
});
