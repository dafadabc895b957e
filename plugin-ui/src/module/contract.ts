/**
 * The contract between the shell and a plugin's federated remote. A remote exposes one module
 * (the first of the manifest's `[ui] exposes`, e.g. `./routes`) whose default export is made with
 * `defineModule`: the marker `volanteModule: 1`, its i18n namespace and resources, and its routes.
 * The shell adds the resources to its i18next instance, mounts the routes under its layout (each
 * behind its permission) and shows the menu entries the host lists for the module.
 */
import type { ComponentType } from 'react';

export const VOLANTE_MODULE_MARKER = 1 as const;

export interface ModuleRoute {
  /** A react-router path, absolute (`/contact/view/:contact_id/:back_dgt_folder`). */
  path: string;
  Component: ComponentType;
  /** The permission the page needs (the shell shows "no permission" without it). */
  permission?: string;
}

/** i18n resources by language: `{ es: {...}, en: {} }`, all in the module's namespace. */
export type ModuleResources = Record<string, Record<string, unknown>>;

export interface VolanteModule {
  volanteModule: typeof VOLANTE_MODULE_MARKER;
  /** The plugin id (`contacts`). */
  id: string;
  /** The i18n namespace of its texts and menu labels (`contacts`). */
  namespace: string;
  resources: ModuleResources;
  routes: ModuleRoute[];
}

export function defineModule(module: Omit<VolanteModule, 'volanteModule'>): VolanteModule {
  return { volanteModule: VOLANTE_MODULE_MARKER, ...module };
}

/** Whether `value` honours the contract (marker, namespace, resources, routes with components). */
export function isVolanteModule(value: unknown): value is VolanteModule {
  if (!value || typeof value !== 'object') return false;
  const m = value as Partial<VolanteModule>;
  return (
    m.volanteModule === VOLANTE_MODULE_MARKER &&
    typeof m.id === 'string' &&
    typeof m.namespace === 'string' &&
    m.namespace.length > 0 &&
    !!m.resources &&
    typeof m.resources === 'object' &&
    Array.isArray(m.routes) &&
    m.routes.every((r) => r && typeof r.path === 'string' && r.path.startsWith('/') && (typeof r.Component === 'function' || (typeof r.Component === 'object' && r.Component !== null)))
  );
}

/**
 * The contract from what a remote's exposed module gave: its default export, a named `module`
 * export, or the module itself. Null when none honours the contract.
 */
export function findVolanteModule(exported: unknown): VolanteModule | null {
  if (isVolanteModule(exported)) return exported;
  if (exported && typeof exported === 'object') {
    const record = exported as Record<string, unknown>;
    for (const candidate of [record.default, record.module]) {
      if (isVolanteModule(candidate)) return candidate;
    }
  }
  return null;
}
