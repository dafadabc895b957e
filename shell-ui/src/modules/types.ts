/**
 * What `GET plugin/modules` lists: the caller's enabled modules (service on, menu filtered).
 * Without a session it lists only the modules that have public screens, with `routes` =
 * `public_routes` and no menu.
 */
export interface ModuleMenuEntry {
  /** An i18n key in the plugin's namespace, `contacts:menu.contacts`. */
  label: string;
  path: string;
  permission?: string | null;
  icon?: string | null;
  /** Manifest `[ui.menu.badge]`: a count beside the entry. Absent without one (and from older hosts). */
  badge?: ModuleMenuBadge | null;
}

/**
 * `GET <call>` (one of the plugin's GET routes, path after `/api/`) answers a number at the dotted
 * `field` of its `data`; the shell shows it when above zero and reads it again on navigation, when
 * the realtime stream (re)opens and on each event `<plugin_id>.<topic>` for `topic` in `refresh`.
 */
export interface ModuleMenuBadge {
  call: string;
  field: string;
  refresh?: string[];
}

export interface ModuleInfo {
  plugin_id: string;
  name: string;
  version: string;
  /** The remote's federation name. */
  remote: string;
  /** `/plugins/<id>/remoteEntry.js`, same origin. */
  url: string;
  exposes: string[];
  menu: ModuleMenuEntry[];
  /** Paths the module serves, `{param}` style (`/contact/view/{contact_id}/{back_dgt_folder}`). */
  routes: string[];
  /**
   * The routes among them that need no session (manifest `[ui] public_routes`: a signing page):
   * shown in the public layout, whether or not the visitor is signed in. Older hosts leave it out.
   */
  public_routes?: string[];
}
