import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLayoutContext, type PageLayoutSetter } from '@volante/plugin-ui';

export interface Breadcrumb {
  label: string;
  to?: string;
}

/** What a page may set in the layout (spec general §2: breadcrumbs, title, header fiscal name). */
export interface LayoutConfig {
  title: string;
  breadcrumbs: Breadcrumb[];
  /** Shown in the header; null shows the signed-in user's business. */
  fiscalName: string | null;
  /** Toolbar 55px when shown, 0 when hidden. */
  toolbar: boolean;
}

export const defaultLayout: LayoutConfig = { title: '', breadcrumbs: [], fiscalName: null, toolbar: true };

interface LayoutContextValue {
  config: LayoutConfig;
  set(partial: Partial<LayoutConfig>): void;
}

const LayoutContext = createContext<LayoutContextValue | null>(null);

/**
 * Layout configuration, reset on every navigation: what a page sets is tagged with the location it
 * was set for, and any other location sees the defaults. (A parent effect resetting on navigation
 * would run after the new page's own effects and wipe them.)
 */
export function LayoutProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const currentKey = useRef(location.key);
  currentKey.current = location.key;
  const [state, setState] = useState<{ key: string; config: LayoutConfig }>({ key: location.key, config: defaultLayout });

  const set = useCallback((partial: Partial<LayoutConfig>) => {
    setState((previous) => {
      const base = previous.key === currentKey.current ? previous.config : defaultLayout;
      return { key: currentKey.current, config: { ...base, ...partial } };
    });
  }, []);

  const config = state.key === location.key ? state.config : defaultLayout;
  const value = useMemo(() => ({ config, set }), [config, set]);
  // Plugin pages set the same configuration through the kit's context (a federated singleton).
  const setter = useMemo<PageLayoutSetter>(() => ({ set }), [set]);
  return (
    <LayoutContext.Provider value={value}>
      <PageLayoutContext.Provider value={setter}>{children}</PageLayoutContext.Provider>
    </LayoutContext.Provider>
  );
}

export function useLayout(): LayoutContextValue {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout must be used inside <LayoutProvider>');
  return value;
}

/** A page's title, breadcrumbs, fiscal name or toolbar, set for as long as the page is shown. */
export function usePageLayout(partial: Partial<LayoutConfig>): void {
  const { set } = useLayout();
  const serialised = JSON.stringify(partial);
  useEffect(() => {
    set(JSON.parse(serialised) as Partial<LayoutConfig>);
  }, [set, serialised]);
}
