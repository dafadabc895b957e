import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ActionsMenu, type ActionsMenuProps } from './ActionsMenu';
import { createTestI18n } from '../testing/i18n';

function setup(props: Partial<ActionsMenuProps> = {}) {
  const edit = vi.fn();
  const remove = vi.fn();
  const items: ActionsMenuProps['items'] = [
    { label: 'Editar', ariaLabel: 'Editar el acceso de Ana', onSelect: edit, testId: 'menu-edit' },
    false,
    { label: 'Abrir', ariaLabel: 'Abrir la página de Ana', href: 'https://volante.test/formacion/ref-ana', newTab: true },
    null,
    { label: 'Quitar', ariaLabel: 'Quitar el contenido a Ana', onSelect: remove, danger: true },
  ];
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <button type="button">antes</button>
      <ActionsMenu items={items} name="Ana" {...props} />
      <button type="button">después</button>
    </I18nextProvider>,
  );
  const toggle = screen.getByRole('button', { name: props.label ?? 'Más acciones de Ana' });
  const menu = () => screen.queryByRole('menu');
  const entries = () => within(menu()!).getAllByRole('menuitem');
  return { edit, remove, toggle, menu, entries };
}

describe('<ActionsMenu>', () => {
  it('"Más", named for whose actions, opens a menu of its entries (those left out skipped) named by it', () => {
    const { toggle, menu, entries } = setup();
    expect(toggle).toHaveTextContent('Más');
    expect(toggle).toHaveAttribute('aria-haspopup', 'menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('data-testid', 'actions-menu');
    expect(menu()).toBeNull();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Más acciones de Ana' })).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
    expect(menu()).toHaveAttribute('data-testid', 'actions-menu-menu');
    expect(entries().map((e) => e.getAttribute('aria-label'))).toEqual(['Editar el acceso de Ana', 'Abrir la página de Ana', 'Quitar el contenido a Ana']);
    expect(entries().map((e) => e.textContent)).toEqual(['Editar', 'Abrir', 'Quitar']);
    expect(entries()[0]).toHaveAttribute('data-testid', 'menu-edit');
    expect(entries()[2]).toHaveClass('vk-menu__item', 'vk-menu__item--danger');
    // the focus on the first entry; the entries are reached with the arrows, not Tab
    expect(entries()[0]).toHaveFocus();
    expect(entries().map((e) => e.tabIndex)).toEqual([-1, -1, -1]);

    fireEvent.click(toggle);
    expect(menu()).toBeNull();
  });

  it('a link entry opens in a new tab', () => {
    const { toggle, entries } = setup();
    fireEvent.click(toggle);
    const link = entries()[1];
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', 'https://volante.test/formacion/ref-ana');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('choosing an entry closes the menu, gives the focus back to its button and runs the action', () => {
    const { toggle, menu, edit, remove } = setup();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Quitar el contenido a Ana' }));
    expect(menu()).toBeNull();
    expect(toggle).toHaveFocus();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(edit).not.toHaveBeenCalled();
  });

  it('by keyboard: ↓ opens on the first entry, ↑ on the last; ↑ ↓ Home End move round; Escape closes back to the button', () => {
    const { toggle, menu, entries, edit } = setup();
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    expect(entries()[0]).toHaveFocus();
    fireEvent.keyDown(entries()[0], { key: 'ArrowDown' });
    expect(entries()[1]).toHaveFocus();
    fireEvent.keyDown(entries()[1], { key: 'ArrowDown' });
    fireEvent.keyDown(entries()[2], { key: 'ArrowDown' });
    expect(entries()[0]).toHaveFocus();
    fireEvent.keyDown(entries()[0], { key: 'ArrowUp' });
    expect(entries()[2]).toHaveFocus();
    fireEvent.keyDown(entries()[2], { key: 'Home' });
    expect(entries()[0]).toHaveFocus();
    fireEvent.keyDown(entries()[0], { key: 'End' });
    expect(entries()[2]).toHaveFocus();
    fireEvent.keyDown(entries()[2], { key: 'Escape' });
    expect(menu()).toBeNull();
    expect(toggle).toHaveFocus();

    fireEvent.keyDown(toggle, { key: 'ArrowUp' });
    expect(entries()[2]).toHaveFocus();
    // Enter on an entry is its click (a button's own behaviour)
    fireEvent.keyDown(entries()[2], { key: 'ArrowUp' });
    fireEvent.keyDown(entries()[1], { key: 'ArrowUp' });
    fireEvent.click(entries()[0]);
    expect(edit).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
  });

  it('Space chooses a link entry as it does a button', () => {
    const { toggle, entries, menu } = setup();
    fireEvent.click(toggle);
    const link = entries()[1] as HTMLAnchorElement;
    const click = vi.fn((event: MouseEvent) => event.preventDefault());
    link.addEventListener('click', click);
    fireEvent.keyDown(link, { key: ' ' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
  });

  it('Tab or a press outside closes it', () => {
    const { toggle, menu, entries } = setup();
    fireEvent.click(toggle);
    fireEvent.keyDown(entries()[0], { key: 'Tab' });
    expect(menu()).toBeNull();
    fireEvent.click(toggle);
    fireEvent.mouseDown(within(menu()!).getAllByRole('menuitem')[0]);
    expect(menu()).not.toBeNull();
    fireEvent.mouseDown(screen.getByRole('button', { name: 'después' }));
    expect(menu()).toBeNull();
  });

  it('`label` names it instead; nothing at all without entries', () => {
    setup({ label: 'Acciones de la fila', testId: 'row-menu' });
    expect(screen.getByTestId('row-menu')).toHaveAccessibleName('Acciones de la fila');
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <div data-testid="empty">
          <ActionsMenu items={[false, null]} />
        </div>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('empty')).toBeEmptyDOMElement();
  });

  it('without a name the button says "Más acciones"', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <ActionsMenu items={[{ label: 'Editar', onSelect: () => {} }]} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: 'Más acciones' })).toHaveTextContent('Más');
  });
});
