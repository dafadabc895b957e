import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

export interface ConfirmDialogProps {
  open: boolean;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** `danger` paints the confirm button red and puts the focus on Cancel. */
  tone?: 'primary' | 'danger';
  onConfirm(): void;
  onCancel(): void;
}

/** A modal question with Accept / Cancel; Escape and the backdrop cancel. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, tone = 'primary', onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const titleId = useId();
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    (tone === 'danger' ? cancelRef : confirmRef).current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, tone, onCancel]);

  if (!open) return null;
  return createPortal(
    <div className="vk-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCancel()}>
      <div className="vk-modal" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId}>
        <h2 className="vk-modal__title" id={titleId}>
          {title ?? t('confirm.title')}
        </h2>
        <div className="vk-modal__body" id={messageId}>
          {message}
        </div>
        <div className="vk-modal__actions">
          <button type="button" ref={cancelRef} className="vk-btn vk-btn--light" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button type="button" ref={confirmRef} className={tone === 'danger' ? 'vk-btn vk-btn--danger' : 'vk-btn vk-btn--primary'} onClick={onConfirm}>
            {confirmLabel ?? t('common.accept')}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
