import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmStep {
  title?: ReactNode;
  message?: ReactNode;
  confirmLabel?: ReactNode;
}

export interface ConfirmOptions {
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  tone?: 'primary' | 'danger';
  /**
   * Two-step confirmation for what cannot be undone (e.g. billing a budget): after the first
   * Accept a second question is asked, and only a second Accept resolves `true`.
   * `true` uses the kit's default second question.
   */
  second?: ConfirmStep | true;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending {
  options: ConfirmOptions;
  step: 1 | 2;
  resolve(value: boolean): void;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  current.current = pending;

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        // A new question answers an unanswered one with "no".
        current.current?.resolve(false);
        setPending({ options, step: 1, resolve });
      }),
    [],
  );

  const onCancel = useCallback(() => {
    current.current?.resolve(false);
    setPending(null);
  }, []);

  const onConfirm = useCallback(() => {
    const p = current.current;
    if (!p) return;
    if (p.step === 1 && p.options.second) {
      setPending({ ...p, step: 2 });
      return;
    }
    p.resolve(true);
    setPending(null);
  }, []);

  const dialog = useMemo(() => {
    if (!pending) return null;
    const { options, step } = pending;
    const second: ConfirmStep = options.second === true ? {} : (options.second ?? {});
    const onSecond = step === 2;
    return (
      <ConfirmDialog
        key={step}
        open
        tone={options.tone}
        title={onSecond ? (second.title ?? t('confirm.secondTitle')) : options.title}
        message={onSecond ? (second.message ?? t('confirm.secondMessage')) : options.message}
        confirmLabel={onSecond ? (second.confirmLabel ?? options.confirmLabel) : options.confirmLabel}
        cancelLabel={options.cancelLabel}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    );
  }, [pending, onConfirm, onCancel, t]);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {dialog}
    </ConfirmContext.Provider>
  );
}

/** `await confirm({message})` → true when accepted (twice, with `second`). */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
