import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

/** An entry of an `<ActionsMenu>`: an action (`onSelect`) or a link (`href`). */
export interface ActionsMenuItem {
  /** What it shows ("Pausar"). */
  label: string;
  /** Its accessible name when the text alone does not say on what ("Pausar el acceso de Ana"). */
  ariaLabel?: string;
  /** Run when chosen (click, Enter, Space); the menu closes first and the focus goes back to its button. */
  onSelect?: () => void;
  /** A link instead of an action. */
  href?: string;
  /** The link opens in a new tab. */
  newTab?: boolean;
  /** In red: it deletes or takes something away ("Quitar"). */
  danger?: boolean;
  testId?: string;
}

export interface ActionsMenuProps {
  /** Its entries, in order; `false`, `null` and `undefined` are left out (an entry only sometimes there). */
  items: ReadonlyArray<ActionsMenuItem | false | null | undefined>;
  /** Whose actions: the button is named "Más acciones de <name>". */
  name?: string;
  /** The button's accessible name instead. */
  label?: string;
  /** The button `<testId>`, the menu `<testId>-menu`. */
  testId?: string;
}

/** Where the open menu goes: under its button, right-aligned, or above it when there is no room below. */
function placeUnder(button: HTMLElement, menu: HTMLElement): CSSProperties {
  const gap = 4;
  const box = button.getBoundingClientRect();
  const height = menu.offsetHeight;
  const below = box.bottom + gap;
  const above = box.top - gap - height;
  const top = below + height > window.innerHeight - gap && above >= gap ? above : below;
  return { top, right: Math.max(gap, document.documentElement.clientWidth - box.right) };
}

/**
 * "Más": a button that opens a menu of a row's less used actions (the WAI-ARIA menu button, as
 * the shell's user menu): `aria-haspopup="menu"`, `aria-expanded`, entries `role="menuitem"`
 * (buttons, or links for `href`). Enter, Space or ↓ open it on the first entry, ↑ on the last;
 * ↑ ↓ Home End move; Escape closes it back to its button; Tab or a click outside close it. The
 * menu is positioned fixed (a table's scrolling box does not clip it) and stays in the row's DOM.
 * Nothing is shown without entries.
 */
export function ActionsMenu({ items, name, label, testId = 'actions-menu' }: ActionsMenuProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [place, setPlace] = useState<CSSProperties>({});
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const entries = items.filter((item): item is ActionsMenuItem => Boolean(item));

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  const reposition = useCallback(() => {
    if (button.current && menu.current) setPlace(placeUnder(button.current, menu.current));
  }, []);

  // Placed before the browser paints it; again when the page scrolls or the window changes size.
  useLayoutEffect(() => {
    if (!open) return;
    reposition();
    window.addEventListener('scroll', reposition, true);
    window.addEventListener('resize', reposition);
    return () => {
      window.removeEventListener('scroll', reposition, true);
      window.removeEventListener('resize', reposition);
    };
  }, [open, reposition]);

  // Opened: the focus on its first (or last) entry; a press outside closes it.
  useEffect(() => {
    if (!open) return;
    const all = menuEntries(menu.current);
    (open === 'last' ? all[all.length - 1] : all[0])?.focus({ preventScroll: true });
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, close]);

  if (entries.length === 0) return null;

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuEntries(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return go(at + 1);
      case 'ArrowUp':
        return go(at < 0 ? -1 : at - 1);
      case 'Home':
        return go(0);
      case 'End':
        return go(-1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        // the focus moves on from the entry, as from the button: nothing is left open behind it
        return close(false);
      case ' ':
        // a link takes Enter only: Space chooses it as it does a button
        if (event.target instanceof HTMLAnchorElement) {
          event.preventDefault();
          event.target.click();
        }
        return;
    }
  }

  return (
    <span className="vk-menu" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="vk-btn vk-btn--light vk-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        aria-label={label ?? (name ? t('menu.moreNamed', { name }) : t('menu.moreActions'))}
        data-testid={testId}
        onClick={() => setOpen((was) => (was ? false : 'first'))}
        onKeyDown={onButtonKey}
      >
        {t('menu.more')}
      </button>
      {open && (
        <div ref={menu} id={menuId} className="vk-menu__panel" role="menu" aria-labelledby={buttonId} style={place} data-testid={`${testId}-menu`} onKeyDown={onMenuKey}>
          {entries.map((item, i) => {
            const classes = ['vk-menu__item', item.danger && 'vk-menu__item--danger'].filter(Boolean).join(' ');
            return item.href !== undefined ? (
              <a
                key={i}
                role="menuitem"
                tabIndex={-1}
                className={classes}
                href={item.href}
                target={item.newTab ? '_blank' : undefined}
                rel={item.newTab ? 'noopener noreferrer' : undefined}
                aria-label={item.ariaLabel}
                data-testid={item.testId}
                onClick={() => {
                  close(true);
                  item.onSelect?.();
                }}
              >
                {item.label}
              </a>
            ) : (
              <button
                key={i}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={classes}
                aria-label={item.ariaLabel}
                data-testid={item.testId}
                onClick={() => {
                  close(true);
                  item.onSelect?.();
                }}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </span>
  );
}

/** The menu's entries, in order. */
function menuEntries(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
