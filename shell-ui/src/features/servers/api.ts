import type { ApiClient } from '@volante/plugin-ui';
import type { PanelGroup } from '../provider/GroupsPanel';
import type {
  ConnectionChart,
  Server,
  ServerDetail,
  ServerFields,
  ServerGroup,
  ServersStatus,
  ServerStatusEntry,
  SchoolChart,
  SchoolPeaks,
  SocketsNow,
  ThisServerState,
  UpdateState,
} from './types';

/**
 * The host's technical service calls (provider administrators only): the servers, their groups,
 * the answering host's own state, the realtime connections and what is behind (updates).
 * Memoise it per client (`useMemo(() => serverCalls(api), [api])`): its methods are stable, as
 * `useLoad` / `useRecord` need.
 */
export function serverCalls(api: ApiClient) {
  return {
    servers: {
      /** Every server, by group then name. */
      list: () => api.get<Server[]>('servidor/read'),
      /** One, with its notes and its figures as of its last beat. */
      read: (id: number) => api.get<ServerDetail>('servidor/read', { id }),
      /** Sends only what changed; the server as `read` answers it. */
      update: (id: number, changed: Partial<ServerFields>) => api.post<ServerDetail>('servidor/update', { server_id: id, ...changed }),
      /** A server that is not online (an online one is refused with CONFLICT-000). */
      remove: (id: number) => api.post<{ server_id: number }>('servidor/delete', { server_id: id }),
      /** The counts per state and every server's last figures. */
      status: () => api.get<ServersStatus>('servidor/status/read'),
      /** One server's state and last figures. */
      statusOf: (id: number) => api.get<ServerStatusEntry>('servidor/status/read', { id }),
      /** The host that answers this browser, measured now. */
      thisOne: () => api.get<ThisServerState>('facilauto/admin/serverstate'),
    },
    groups: {
      /** As the groups panel (and the selects) show them. */
      list: () => api.get<ServerGroup[]>('servidor/group/read').then(serverPanelGroups),
      create: (name: string) => api.post<ServerGroup>('servidor/group/create', { name }),
      /** Its servers stay, without group. */
      remove: (groupId: number) => api.post<{ group_id: number }>('servidor/group/delete', { group_id: groupId }),
    },
    connections: {
      /** The open connections now: totals, per server and the 20 schools with most. */
      now: () => api.get<SocketsNow>('dashboard/socket/read'),
      /** Every server summed per sampling period over the last `hours`. */
      chart: (hours: number) => api.get<ConnectionChart>('dashboard/socketchart/read', { hours }),
      /** The schools ranked by their peak over the last `hours`. */
      schools: (hours: number) => api.get<SchoolPeaks>('dashboard/socketchartautoescuela/read', { hours }),
      /** One school's connections over the last `hours`. */
      school: (businessId: number, hours: number) => api.get<SchoolChart>('dashboard/socketchartautoescuela/read', { hours, business_id: businessId }),
    },
    /** The servers not on the newest host version, and each plugin against the local registry. */
    updates: () => api.get<UpdateState>('actualizacion/estado'),
  };
}

export type ServerCalls = ReturnType<typeof serverCalls>;

/** Server groups as the groups panel shows them. */
export const serverPanelGroups = (groups: ServerGroup[]): PanelGroup[] => groups.map((g) => ({ group_id: g.group_id, name: g.name, count: g.servers }));

/** How often the technical service's screens read the servers and the connections again. */
export const REFRESH_MS = 30_000;
