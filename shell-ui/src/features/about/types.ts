/** A module the signed-in user's shell loads, as `versiones/ultima` names it. */
export interface LoadedModule {
  plugin_id: string;
  name: string;
  version: string;
}

/** `GET versiones/ultima` (any signed-in user): what this host runs for this user. */
export interface LatestVersion {
  /** The host's version (`0.1.0`). */
  version: string;
  /**
   * A short fingerprint of the host's version and the packages of the modules this user's shell
   * loads: it changes after an upgrade, or when a module is installed, removed or switched for the
   * user. A page that loaded another one is out of date.
   */
  release: string;
  modules: LoadedModule[];
}
