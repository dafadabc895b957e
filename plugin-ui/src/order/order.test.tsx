import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MoveButtons, type MoveButtonsProps } from './MoveButtons';
import { createTestI18n } from '../testing/i18n';

function renderButtons(props: Partial<MoveButtonsProps> = {}) {
  const onMove = vi.fn();
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MoveButtons index={1} count={3} busy={false} upLabel="Subir el bloque Señales" downLabel="Bajar el bloque Señales" onMove={onMove} testId="block" {...props} />
    </I18nextProvider>,
  );
  return {
    onMove,
    up: screen.getByTestId('block-up'),
    down: screen.getByTestId('block-down'),
  };
}

describe('<MoveButtons>', () => {
  it('names each button for the item, titles them "Subir" / "Bajar" and shows ↑ / ↓', () => {
    const { up, down } = renderButtons();
    expect(screen.getByRole('button', { name: 'Subir el bloque Señales' })).toBe(up);
    expect(screen.getByRole('button', { name: 'Bajar el bloque Señales' })).toBe(down);
    expect(up).toHaveAttribute('title', 'Subir');
    expect(down).toHaveAttribute('title', 'Bajar');
    expect(up).toHaveTextContent('↑');
    expect(down).toHaveTextContent('↓');
    expect(up).toHaveAttribute('type', 'button');
    expect(down).toHaveClass('vk-btn', 'vk-btn--light', 'vk-move');
  });

  it('moves up with -1 and down with 1', () => {
    const { onMove, up, down } = renderButtons();
    expect(up).toBeEnabled();
    expect(down).toBeEnabled();
    fireEvent.click(up);
    expect(onMove).toHaveBeenLastCalledWith(-1);
    fireEvent.click(down);
    expect(onMove).toHaveBeenLastCalledWith(1);
    expect(onMove).toHaveBeenCalledTimes(2);
  });

  it('the first item cannot move up', () => {
    const { onMove, up, down } = renderButtons({ index: 0 });
    expect(up).toBeDisabled();
    expect(down).toBeEnabled();
    fireEvent.click(up);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('the last item cannot move down', () => {
    const { onMove, up, down } = renderButtons({ index: 2 });
    expect(up).toBeEnabled();
    expect(down).toBeDisabled();
    fireEvent.click(down);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('a single item moves neither way', () => {
    const { up, down } = renderButtons({ index: 0, count: 1 });
    expect(up).toBeDisabled();
    expect(down).toBeDisabled();
  });

  it('both wait while busy', () => {
    const { onMove, up, down } = renderButtons({ busy: true });
    expect(up).toBeDisabled();
    expect(down).toBeDisabled();
    fireEvent.click(up);
    fireEvent.click(down);
    expect(onMove).not.toHaveBeenCalled();
  });
});
