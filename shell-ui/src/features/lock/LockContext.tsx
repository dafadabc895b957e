import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, useSession } from '@volante/plugin-ui';
import { useShellConfig } from '../../app/ShellConfig';
import { LockScreen } from './LockScreen';

interface LockContextValue {
  locked: boolean;
  lock(): void;
  unlock(): void;
}

const LockContext = createContext<LockContextValue | null>(null);

const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * The lock screen: after `lockIdleMs` without activity, or on demand. The lock is kept in storage,
 * so a reload (or another tab) does not get past it.
 */
export function LockProvider({ children }: { children: ReactNode }) {
  const { store } = useSession();
  const { lockIdleMs } = useShellConfig();
  const [locked, setLocked] = useState(() => store.isLocked());
  const lastActivity = useRef(Date.now());

  const lock = useCallback(() => {
    store.setLocked(true);
    setLocked(true);
  }, [store]);
  const unlock = useCallback(() => {
    store.setLocked(false);
    lastActivity.current = Date.now();
    setLocked(false);
  }, [store]);

  // Idle timer: one timeout, pushed back by activity (without a timer per mouse move).
  useEffect(() => {
    if (locked || !(lockIdleMs > 0)) return;
    lastActivity.current = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (ms: number) => {
      timer = setTimeout(() => {
        const idle = Date.now() - lastActivity.current;
        if (idle >= lockIdleMs) lock();
        else schedule(lockIdleMs - idle);
      }, ms);
    };
    const onActivity = () => {
      lastActivity.current = Date.now();
    };
    schedule(lockIdleMs);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [locked, lockIdleMs, lock]);

  // Another tab locked or unlocked.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.locked) setLocked(store.isLocked());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  const value = useMemo(() => ({ locked, lock, unlock }), [locked, lock, unlock]);
  return <LockContext.Provider value={value}>{locked ? <LockScreen /> : children}</LockContext.Provider>;
}

export function useLock(): LockContextValue {
  const value = useContext(LockContext);
  if (!value) throw new Error('useLock must be used inside <LockProvider>');
  return value;
}
