import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '@volante/plugin-ui';

/**
 * A modal window with the kit's look (`vk-modal`): its title, its content (a form), and "Cerrar"
 * in the corner; Escape closes it. The focus goes to its first field and back where it was after.
 */
export function Dialog({ title, onClose, children, testId }: { title: string; onClose(): void; children: ReactNode; testId?: string }) {
  const { t: ui } = useTranslation(UI_NAMESPACE);
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

  return createPortal(
    <div className="vk-modal-backdrop">
      <div ref={box} className="vk-modal rooms-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <div className="rooms-dialog__head">
          <h2 className="vk-modal__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {ui('common.close')}
          </button>
        </div>
        <div className="vk-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
