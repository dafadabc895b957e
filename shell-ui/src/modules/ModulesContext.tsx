import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApi, useSession, type VolanteModule } from '@volante/plugin-ui';
import { unavailableLoader, type ModuleLoader } from './loader';
import type { ModuleInfo } from './types';

/** Besides every navigation, the modules list is asked for again this often (a service switched
 *  off by the provider disappears without a navigation too). */
export const MODULES_REFRESH_MS = 60_000;

export type ModuleStatus = 'loading' | 'ready' | 'failed';

export interface ModuleEntry {
  info: ModuleInfo;
  status: ModuleStatus;
  module?: VolanteModule;
}

export interface ModulesValue {
  /**
   * False until the first `plugin/modules` answer (or failure) for this session; signed out,
   * until the public modules were listed (after `requestPublic`).
   */
  listed: boolean;
  /** The latest `plugin/modules` call failed (offline, the host refused): what was listed stays. */
  listFailed: boolean;
  entries: ModuleEntry[];
  /** Ask the host again (and retry remotes that failed). */
  refresh(): void;
  /**
   * Signed out: list the modules with public screens (`plugin/modules` without a token). Asked by
   * a path no shell route knows; the shell's own pages ask nothing of the host.
   */
  requestPublic(): void;
}

const LoaderContext = createContext<ModuleLoader>(unavailableLoader);
export const ModuleLoaderProvider = LoaderContext.Provider;

const ModulesContext = createContext<ModulesValue>({ listed: true, listFailed: false, entries: [], refresh: () => {}, requestPublic: () => {} });

const keyOf = (info: ModuleInfo) => `${info.plugin_id}@${info.version}`;

/**
 * The signed-in user's modules: `GET plugin/modules` on every navigation and every
 * MODULES_REFRESH_MS, each remote loaded once per version. A remote that fails is logged and
 * skipped (its menu entries and routes stay out) and tried again on the next navigation.
 * Signed out, once a path no shell route knows asks for them (`requestPublic`), the modules
 * with public screens (the same call without a token: only their `public_routes`).
 */
export function ModulesProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const session = useSession();
  const loader = useContext(LoaderContext);
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const token = session.store.getToken();
  const [infos, setInfos] = useState<ModuleInfo[]>([]);
  const [listed, setListed] = useState(false);
  const [listFailed, setListFailed] = useState(false);
  const [loads, setLoads] = useState<Record<string, { status: ModuleStatus; module?: VolanteModule }>>({});
  const loadsRef = useRef(loads);
  loadsRef.current = loads;
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const [publicWanted, setPublicWanted] = useState(false);
  const requestPublic = useCallback(() => setPublicWanted(true), []);

  // A new session, or none: what was listed belongs to the other one.
  useEffect(() => {
    setInfos([]);
    setListed(false);
    setListFailed(false);
  }, [token]);

  useEffect(() => {
    if (!token) return;
    const timer = setInterval(() => setTick((n) => n + 1), MODULES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [token]);

  // Signed in: on every navigation (and tick). Signed out: once asked, and on refresh.
  const asked = token ? pathname : publicWanted;
  useEffect(() => {
    if (!token && !asked) return;
    let live = true;
    api.get<ModuleInfo[]>('plugin/modules', undefined, { auth: !!token }).then(
      (list) => {
        if (!live) return;
        setInfos(Array.isArray(list) ? list : []);
        setListed(true);
        setListFailed(false);
      },
      () => {
        // Offline or refused: keep what was listed; the guard deals with the session.
        if (!live) return;
        setListed(true);
        setListFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [api, token, asked, tick]);

  // Load the remotes not loaded yet (or that failed before) of the current list.
  useEffect(() => {
    for (const info of infos) {
      const key = keyOf(info);
      const current = loadsRef.current[key];
      if (current && current.status !== 'failed') continue;
      setLoads((all) => ({ ...all, [key]: { status: 'loading' } }));
      loader.load(info).then(
        (module) => {
          for (const [lng, bundle] of Object.entries(module.resources)) {
            i18n.addResourceBundle(lng, module.namespace, bundle, true, true);
          }
          setLoads((all) => ({ ...all, [key]: { status: 'ready', module } }));
        },
        () => setLoads((all) => ({ ...all, [key]: { status: 'failed' } })),
      );
    }
  }, [infos, loader, i18n]);

  const entries = useMemo<ModuleEntry[]>(
    () => infos.map((info) => ({ info, status: loads[keyOf(info)]?.status ?? 'loading', module: loads[keyOf(info)]?.module })),
    [infos, loads],
  );
  const value = useMemo<ModulesValue>(() => ({ listed, listFailed, entries, refresh, requestPublic }), [listed, listFailed, entries, refresh, requestPublic]);
  return <ModulesContext.Provider value={value}>{children}</ModulesContext.Provider>;
}

export function useModules(): ModulesValue {
  return useContext(ModulesContext);
}

/** `/contact/view/{contact_id}/{x}` → `/contact/view/:contact_id/:x`. */
export function routerPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** The listed module that declares `pathname` among its routes, if any. */
export function moduleForPath(entries: ModuleEntry[], pathname: string): ModuleEntry | undefined {
  return entries.find((entry) => entry.info.routes?.some((route) => matchPath({ path: routerPath(route), end: true }, pathname)));
}

/** Whether `route` (a module's react-router path) is one of the module's public routes. */
export function isPublicRoute(info: ModuleInfo, route: string): boolean {
  return (info.public_routes ?? []).some((path) => routerPath(path) === route);
}
