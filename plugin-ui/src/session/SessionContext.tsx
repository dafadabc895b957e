import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { hasPermission, hasService, type SessionUser } from './guards';
import { sessionStore, type SessionStore } from './storage';

export interface SessionContextValue {
  store: SessionStore;
  /** The signed-in user, once a verify, refresh or login has told who it is. */
  user: SessionUser | null;
  setUser(user: SessionUser | null): void;
  /** Purge the stored session and forget the user. */
  purge(): void;
  can(permission: string): boolean;
  hasService(serviceId: string): boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({
  children,
  store = sessionStore,
  initialUser = null,
}: {
  children: ReactNode;
  store?: SessionStore;
  initialUser?: SessionUser | null;
}) {
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  // A purge from anywhere (the API client's forced logout included) forgets the user.
  useEffect(() => store.onPurge(() => setUser(null)), [store]);
  const purge = useCallback(() => store.purge(), [store]);
  const value = useMemo<SessionContextValue>(
    () => ({
      store,
      user,
      setUser,
      purge,
      can: (permission) => hasPermission(user, permission),
      hasService: (serviceId) => hasService(user, serviceId),
    }),
    [store, user, purge],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** Renders its children only if the user has the permission and/or the service. */
export function Guard({
  permission,
  service,
  fallback = null,
  children,
}: {
  permission?: string;
  service?: string;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const session = useSession();
  const allowed = (!permission || session.can(permission)) && (!service || session.hasService(service));
  return <>{allowed ? children : fallback}</>;
}
