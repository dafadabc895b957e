import type { ApiClient } from '@volante/plugin-ui';
import type { LatestVersion } from './types';

/**
 * The host's version calls (any signed-in user). Memoise it per client
 * (`useMemo(() => versionCalls(api), [api])`): its methods are stable, as `useLoad` needs.
 */
export function versionCalls(api: ApiClient) {
  return {
    /** The host's version, the release fingerprint and the modules this user's shell loads. */
    latest: () => api.get<LatestVersion>('versiones/ultima'),
  };
}

/** How often a signed-in shell asks whether a new version is out (and when its tab shows again). */
export const VERSION_CHECK_MS = 5 * 60_000;
