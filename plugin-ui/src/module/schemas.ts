/**
 * A plugin's published JSON Schemas, served by the host: `GET plugin/schemas?plugin_id=<id>` →
 * `{ "<schema name>": <JSON Schema>, … }` (exactly the manifest's `[schemas]`; NOT-FOUND-000 for a
 * caller without one of the plugin's services). The screens build their generic forms from them.
 *
 * Answers are cached per API client and plugin for the life of the page (the schemas only change
 * with the plugin's version); concurrent callers share one request, and a failure is not cached,
 * so the next call (or `reload`) asks again.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../api/client';
import { useApi } from '../api/ApiContext';
import type { JsonSchema } from '../form/schema';

/** Schema name → JSON Schema, as the plugin's manifest lists them. */
export type PluginSchemas = Record<string, JsonSchema>;

export const SCHEMAS_PATH = 'plugin/schemas';

interface Entry {
  promise: Promise<PluginSchemas>;
  value?: PluginSchemas;
}

const caches = new WeakMap<ApiClient, Map<string, Entry>>();

function cacheOf(api: ApiClient): Map<string, Entry> {
  let cache = caches.get(api);
  if (!cache) {
    cache = new Map();
    caches.set(api, cache);
  }
  return cache;
}

/** The schemas already loaded through `api` for `pluginId`, if any (no request). */
export function cachedSchemas(api: ApiClient, pluginId: string): PluginSchemas | undefined {
  return caches.get(api)?.get(pluginId)?.value;
}

/**
 * The plugin's schemas through `api`: from the cache, the request already under way, or a new
 * `GET plugin/schemas`. `refresh` skips the cache. Rejects with the client's error (the host's
 * `{code, data, details}`, or SESSION-000 / REQ-100 from the client).
 */
export function loadSchemas(api: ApiClient, pluginId: string, options: { refresh?: boolean } = {}): Promise<PluginSchemas> {
  const cache = cacheOf(api);
  const cached = cache.get(pluginId);
  if (cached && !options.refresh) return cached.promise;
  const entry: Entry = {
    promise: api.get<PluginSchemas>(SCHEMAS_PATH, { plugin_id: pluginId }).then(
      (data) => {
        const schemas = data && typeof data === 'object' && !Array.isArray(data) ? data : {};
        entry.value = schemas;
        return schemas;
      },
      (error: unknown) => {
        if (cache.get(pluginId) === entry) cache.delete(pluginId);
        throw error;
      },
    ),
  };
  cache.set(pluginId, entry);
  return entry.promise;
}

/** Forget the cached schemas (of one plugin, or all) loaded through `api`. */
export function clearSchemasCache(api: ApiClient, pluginId?: string): void {
  if (pluginId === undefined) caches.delete(api);
  else caches.get(api)?.delete(pluginId);
}

export interface SchemasState {
  /** The plugin's schemas once loaded (kept while a `reload` is under way). */
  schemas: PluginSchemas | null;
  loading: boolean;
  /** Why the last load failed (the client's rejection), else null. */
  error: unknown;
  /** Ask the host again, skipping the cache. */
  reload(): void;
}

/** The schemas of `pluginId` through the nearest API client, with loading and error states. */
export function useSchemas(pluginId: string): SchemasState {
  const api = useApi();
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ api: ApiClient; pluginId: string; schemas: PluginSchemas | null; error: unknown; loading: boolean }>(() => {
    const cached = cachedSchemas(api, pluginId);
    return { api, pluginId, schemas: cached ?? null, error: null, loading: !cached };
  });

  useEffect(() => {
    let live = true;
    const refresh = version > 0;
    const cached = refresh ? undefined : cachedSchemas(api, pluginId);
    if (cached) {
      setState({ api, pluginId, schemas: cached, error: null, loading: false });
      return;
    }
    setState((s) => ({ api, pluginId, schemas: s.api === api && s.pluginId === pluginId ? s.schemas : null, error: null, loading: true }));
    loadSchemas(api, pluginId, { refresh }).then(
      (schemas) => live && setState({ api, pluginId, schemas, error: null, loading: false }),
      (error: unknown) => live && setState((s) => ({ ...s, api, pluginId, error: error ?? new Error('schemas failed'), loading: false })),
    );
    return () => {
      live = false;
    };
  }, [api, pluginId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // Until the effect has caught up with a new client or plugin, report loading, not stale data.
  const current = state.api === api && state.pluginId === pluginId;
  return {
    schemas: current ? state.schemas : null,
    loading: current ? state.loading : true,
    error: current ? state.error : null,
    reload,
  };
}
