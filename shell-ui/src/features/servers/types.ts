/** A server's state: `online` (beating), `lost` (stopped beating without a clean stop), `stopped`. */
export type ServerState = 'online' | 'lost' | 'stopped';
export const SERVER_STATES: ServerState[] = ['online', 'lost', 'stopped'];

export interface ServerGroupRef {
  group_id: number;
  name: string;
}

/** Open realtime connections (browsers) and distinct users, of one school. */
export interface SchoolConnections {
  business_id: number;
  /** null when the school no longer exists. */
  name: string | null;
  streams: number;
  users: number;
}

/** A server's figures, as of its last beat (`facilauto/admin/serverstate`: measured now). */
export interface ServerStatus {
  uptime_seconds: number;
  cpus: number;
  /** Load averages over 1, 5 and 15 minutes; null where the system does not tell them. */
  load: [number, number, number] | null;
  /** The host process's resident memory. */
  memory_bytes: number | null;
  /** The file system holding the data directory. */
  disk: { free_bytes: number; total_bytes: number } | null;
  /** `latency_ms` null: the database did not answer. */
  database: { engine: 'sqlite' | 'postgres' | string; latency_ms: number | null };
  /** `name`: absent in the beats of hosts older than the field. */
  plugins: { plugin_id: string; name?: string; version: string }[];
  mail: { queued: number; failed: number };
  streams: number;
  users: number;
  connections: SchoolConnections[];
}

/** `GET servidor/read`: one running Volante host (ordered by group, then name). */
export interface Server {
  server_id: number;
  name: string;
  /** The host's key: machine name and port. */
  instance: string;
  group: ServerGroupRef | null;
  version: string;
  public_url: string;
  started_at: string;
  last_seen_at: string;
  stopped_at: string | null;
  state: ServerState;
  /** Open realtime connections (0 unless online). */
  streams: number;
  /** Distinct users connected (0 unless online). */
  users: number;
}

/** `GET servidor/read?id=N` (and what `servidor/update` answers): with its notes and last figures. */
export interface ServerDetail extends Server {
  notes: string;
  status: ServerStatus | null;
}

/** What `servidor/update` takes besides the id (only what changes; `group_id` null: no group). */
export interface ServerFields {
  name: string;
  notes: string;
  group_id: number | null;
}

/** One server's state and figures (`servidor/status/read`). */
export interface ServerStatusEntry {
  server_id: number;
  name: string;
  state: ServerState;
  last_seen_at: string;
  status: ServerStatus | null;
}

/** `GET servidor/status/read`: the counts per state and the connections of the running ones. */
export interface ServersStatus {
  summary: { online: number; lost: number; stopped: number; streams: number; users: number };
  servers: ServerStatusEntry[];
}

/** `GET servidor/group/read`. */
export interface ServerGroup {
  group_id: number;
  name: string;
  servers: number;
}

/** `GET facilauto/admin/serverstate`: the host that answered, measured now. */
export interface ThisServerState {
  /** null while it is not registered yet. */
  server_id: number | null;
  name: string | null;
  instance: string | null;
  version: string;
  started_at: string | null;
  state: 'online';
  status: ServerStatus;
}

/** `GET dashboard/socket/read`: the connections now. */
export interface SocketsNow {
  streams: number;
  users: number;
  /** Schools with a connection. */
  businesses: number;
  servers: { server_id: number; name: string; state: ServerState; streams: number; users: number }[];
  /** The 20 with most connections. */
  schools: SchoolConnections[];
}

/** A sampling period: open connections and distinct users, all servers summed. */
export interface ConnectionPoint {
  at: string;
  streams: number;
  users: number;
}

/** `GET dashboard/socketchart/read?hours=` (oldest first; only the periods that were sampled). */
export interface ConnectionChart {
  hours: number;
  period_seconds: number;
  points: ConnectionPoint[];
}

/** A school's connections over the chart's hours. */
export interface SchoolPeak {
  business_id: number;
  name: string;
  peak: number;
  average: number;
  last: number;
}

/** `GET dashboard/socketchartautoescuela/read?hours=`: the schools ranked by their peak. */
export interface SchoolPeaks {
  hours: number;
  schools: SchoolPeak[];
}

/** `…socketchartautoescuela/read?hours=&business_id=`: one school's chart. */
export interface SchoolChart extends ConnectionChart {
  business: { business_id: number; name: string };
}

/** A server as `actualizacion/estado` weighs it: `current` when it runs the newest version. */
export interface ServerVersion {
  server_id: number;
  name: string;
  state: ServerState;
  version: string;
  /** It runs `latest` (or no server is running: nothing to compare). */
  current: boolean;
}

/** An installed plugin against the newest version in the local registry. */
export interface PluginUpdate {
  plugin_id: string;
  name: string;
  installed: string;
  /** The registry's newest version; null without a registry, or when the registry lacks it. */
  available: string | null;
  /** `available` is newer than `installed`. */
  update: boolean;
  /** Schools with one of its services switched on. */
  businesses: number;
}

/** `GET actualizacion/estado` (provider administrators): what is behind. */
export interface UpdateState {
  host: {
    /** The newest version a server that is not stopped runs; null with none. */
    latest: string | null;
    servers: ServerVersion[];
  };
  /** A local registry is configured (`plugins.registry_dir`). */
  registry: boolean;
  plugins: PluginUpdate[];
}

/** The ranges the charts offer, in hours: 24 h, 7 days, 14 days. */
export const CHART_RANGES = [24, 168, 336] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export const MAX_NAME = 100;
export const MAX_NOTES = 2000;
