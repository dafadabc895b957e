import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: ReactNode;
}

export interface ToastOptions {
  kind?: ToastKind;
  /** Milliseconds before it goes by itself; 0 keeps it until closed. */
  timeoutMs?: number;
}

export interface ToastApi {
  show(message: ReactNode, options?: ToastOptions): number;
  success(message: ReactNode, options?: Omit<ToastOptions, 'kind'>): number;
  error(message: ReactNode, options?: Omit<ToastOptions, 'kind'>): number;
  info(message: ReactNode, options?: Omit<ToastOptions, 'kind'>): number;
  dismiss(id: number): void;
}

export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children, timeoutMs = DEFAULT_TOAST_TIMEOUT_MS }: { children: ReactNode; timeoutMs?: number }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (message: ReactNode, options: ToastOptions = {}) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind: options.kind ?? 'info', message }]);
      const ms = options.timeoutMs ?? timeoutMs;
      if (ms > 0) timers.current.set(id, setTimeout(() => dismiss(id), ms));
      return id;
    },
    [timeoutMs, dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show(message, { ...options, kind: 'success' }),
      error: (message, options) => show(message, { ...options, kind: 'error' }),
      info: (message, options) => show(message, { ...options, kind: 'info' }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="vk-toasts" aria-label={t('toast.region')}>
        {toasts.map((toast) => (
          <div key={toast.id} className={`vk-toast vk-toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <div className="vk-toast__message">{toast.message}</div>
            <button type="button" className="vk-toast__close" aria-label={t('common.close')} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
