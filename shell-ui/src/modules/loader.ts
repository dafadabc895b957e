/**
 * Loads plugin remotes with the federation runtime (originjs dynamic remotes). A load is cached per
 * plugin and version; a failed one is logged and dropped from the cache, so the next attempt (a
 * later navigation) fetches again — under a new URL, because the runtime also remembers failed
 * imports by URL.
 */
import { findVolanteModule, type VolanteModule } from '@volante/plugin-ui';
import type { ModuleInfo } from './types';

/** The three functions of `virtual:__federation__` the loader uses. */
export interface FederationRuntime {
  setRemote(name: string, config: { url: () => Promise<string>; format: 'esm'; from: 'vite' }): void;
  getRemote(name: string, exposed: string): Promise<unknown>;
  unwrapDefault(module: unknown): unknown;
}

export interface ModuleLoader {
  load(info: ModuleInfo): Promise<VolanteModule>;
}

export const DEFAULT_EXPOSE = './Module';

export class ModuleLoadError extends Error {
  constructor(
    message: string,
    readonly pluginId: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ModuleLoadError';
  }
}

/** The remote entry's absolute URL, with the version (and the attempt after a failure) in the query. */
export function remoteUrl(info: ModuleInfo, attempt: number, origin = globalThis.location?.origin ?? 'http://localhost'): string {
  const url = new URL(info.url, origin);
  url.searchParams.set('v', info.version);
  if (attempt > 1) url.searchParams.set('attempt', String(attempt));
  return url.href;
}

export function createModuleLoader(runtime: FederationRuntime, options: { log?: (message: string, error: unknown) => void } = {}): ModuleLoader {
  const log = options.log ?? ((message, error) => console.warn(message, error));
  const cache = new Map<string, Promise<VolanteModule>>();
  const attempts = new Map<string, number>();

  return {
    load(info) {
      const key = `${info.plugin_id}@${info.version}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const name = info.remote || info.plugin_id;
      const exposed = info.exposes?.[0] ?? DEFAULT_EXPOSE;
      const url = remoteUrl(info, attempt);
      const loading = (async () => {
        let exported: unknown;
        try {
          runtime.setRemote(name, { url: () => Promise.resolve(url), format: 'esm', from: 'vite' });
          exported = runtime.unwrapDefault(await runtime.getRemote(name, exposed));
        } catch (cause) {
          throw new ModuleLoadError(`remote ${name} (${url}) did not load`, info.plugin_id, cause);
        }
        const module = findVolanteModule(exported);
        if (!module) throw new ModuleLoadError(`remote ${name} (${url}) is not a Volante module (no volanteModule marker)`, info.plugin_id);
        return module;
      })();
      cache.set(key, loading);
      loading.catch((error) => {
        cache.delete(key);
        log(`[modules] ${info.plugin_id} ${info.version} skipped: ${(error as Error).message}`, (error as ModuleLoadError).cause ?? error);
      });
      return loading;
    },
  };
}

/** A loader for builds and tests without federation: every module fails (and is skipped). */
export const unavailableLoader: ModuleLoader = {
  load: (info) => Promise.reject(new ModuleLoadError('no federation runtime', info.plugin_id)),
};
