import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

export interface DialogProps {
  /** The window's title: its accessible name. */
  title: ReactNode;
  /** "Cerrar" and Escape call it; the caller unmounts the dialog. */
  onClose(): void;
  /** Its content: usually a form with its own buttons. */
  children: ReactNode;
  /** 48rem wide instead of 40rem (forms in two columns). */
  wide?: boolean;
  /** Classes added to the window (`vk-modal vk-dialog`). */
  className?: string;
  testId?: string;
}

/**
 * A modal window with the kit's look (`vk-modal`): its title, its content (a form), and "Cerrar"
 * in the corner; Escape closes it. The focus goes to its first field and back where it was after.
 * Rendered while open: the caller mounts it to open it and unmounts it in `onClose`.
 */
export function Dialog({ title, onClose, children, wide = false, className, testId }: DialogProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  const classes = ['vk-modal', 'vk-dialog', wide && 'vk-dialog--wide', className].filter(Boolean).join(' ');
  return createPortal(
    <div className="vk-modal-backdrop">
      <div ref={box} className={classes} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <div className="vk-dialog__head">
          <h2 className="vk-modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
        <div className="vk-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
