import { envelopeOk, mockApi, type MockRequest } from '@volante/plugin-ui/testing';
import type { SessionUser } from '@volante/plugin-ui';
import { demoUser } from '../../test/renderApp';
import type { Server } from './types';

/** The provider's administrator (the demo's admin@volante.local). */
export const admin: SessionUser = {
  ...demoUser,
  user_id: 1,
  email: 'admin@volante.local',
  first_name: 'Administración',
  business: { business_id: 1, name: 'Volante', fiscal_name: 'Volante Servicios SL', is_provider: true },
};

/** A moment `seconds` ago, as the host writes it. */
export const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

export const status = {
  uptime_seconds: 3 * 86_400 + 4 * 3_600 + 125,
  cpus: 4,
  load: [0.52, 0.48, 0.4],
  memory_bytes: 512 * 1024 * 1024,
  disk: { free_bytes: 12.5 * 1024 ** 3, total_bytes: 100 * 1024 ** 3 },
  database: { engine: 'postgres', latency_ms: 3.25 },
  plugins: [
    { plugin_id: 'contacts', name: 'Contactos', version: '0.3.1' },
    { plugin_id: 'billing', version: '1.2.0' },
  ],
  mail: { queued: 2, failed: 1 },
  streams: 12,
  users: 8,
  connections: [
    { business_id: 5, name: 'Autoescuela Norte', streams: 3, users: 2 },
    { business_id: 2, name: 'Autoescuela Demo', streams: 9, users: 6 },
  ],
};

const production = { group_id: 7, name: 'Producción' };

export const web1: Server = {
  server_id: 1,
  name: 'web-1',
  instance: 'web-1:8080',
  group: production,
  version: '0.9.0',
  public_url: 'https://app.volante.es',
  started_at: ago(3 * 86_400 + 4 * 3_600 + 140),
  last_seen_at: ago(12),
  stopped_at: null,
  state: 'online',
  streams: 12,
  users: 8,
};
export const web2: Server = { ...web1, server_id: 2, name: 'web-2', instance: 'web-2:8080', last_seen_at: '2026-03-02T09:05:00.000Z', state: 'lost', streams: 0, users: 0 };
export const retired: Server = {
  ...web1,
  server_id: 3,
  name: 'antiguo',
  instance: 'antiguo:8080',
  group: null,
  version: '0.8.2',
  last_seen_at: '2026-02-20T17:30:00.000Z',
  stopped_at: '2026-02-20T17:30:00.000Z',
  state: 'stopped',
  streams: 0,
  users: 0,
};

export const detail = (server: Server, extra: object = {}) => ({ ...server, notes: 'Rack 2, Madrid', status, ...extra });

export const groups = [
  { group_id: 7, name: 'Producción', servers: 2 },
  { group_id: 8, name: 'Pruebas', servers: 0 },
];

/** Samples of the last 24 hours (10:05, 10:10 and 11:00 in Madrid on 2 March 2026). */
export const chart24 = {
  hours: 24,
  period_seconds: 300,
  points: [
    { at: '2026-03-02T09:05:00.000Z', streams: 4, users: 3 },
    { at: '2026-03-02T09:10:00.000Z', streams: 7, users: 5 },
    { at: '2026-03-02T10:00:00.000Z', streams: 2, users: 2 },
  ],
};
/** Samples of a week: two days. */
export const chart168 = {
  hours: 168,
  period_seconds: 300,
  points: [
    { at: '2026-02-27T10:00:00.000Z', streams: 5, users: 4 },
    { at: '2026-02-27T18:00:00.000Z', streams: 11, users: 7 },
    { at: '2026-03-02T09:05:00.000Z', streams: 4, users: 3 },
  ],
};

export const schools = {
  hours: 24,
  schools: [
    { business_id: 2, name: 'Autoescuela Demo', peak: 9, average: 4.25, last: 3 },
    { business_id: 5, name: 'Autoescuela Norte', peak: 3, average: 1, last: 0 },
  ],
};

export const summary = { online: 1, lost: 1, stopped: 1, streams: 12, users: 8 };

/** What is behind: web-2 and the retired server run older versions; billing has a newer package. */
export const updates = {
  host: {
    latest: '0.9.0',
    servers: [
      { server_id: 1, name: 'web-1', state: 'online', version: '0.9.0', current: true },
      { server_id: 2, name: 'web-2', state: 'lost', version: '0.8.9', current: false },
      { server_id: 3, name: 'antiguo', state: 'stopped', version: '0.8.2', current: false },
    ],
  },
  registry: true,
  plugins: [
    { plugin_id: 'billing', name: 'Facturación', installed: '1.2.0', available: '1.3.0', update: true, businesses: 3 },
    { plugin_id: 'contacts', name: 'Contactos', installed: '0.3.1', available: '0.3.1', update: false, businesses: 12 },
    { plugin_id: 'notes', name: 'Cuadernos', installed: '0.1.0', available: null, update: false, businesses: 0 },
  ],
};

/** The host of the technical service's screens, as a provider administrator sees it. */
export function serversApi() {
  return mockApi({
    'GET user/verify': envelopeOk({ user: admin }),
    'GET user/update': envelopeOk({ user: admin }),
    'GET servidor/read': (req: MockRequest) => {
      const id = req.query.get('id');
      if (id === null) return envelopeOk([web1, web2, retired]);
      const server = [web1, web2, retired].find((s) => String(s.server_id) === id);
      return server ? envelopeOk(detail(server)) : { success: false, error: { code: 'NOT-FOUND-000', data: null, details: 'Servidor no encontrado' } };
    },
    'GET servidor/status/read': (req: MockRequest) => {
      const id = req.query.get('id');
      const entry = (s: Server) => ({ server_id: s.server_id, name: s.name, state: s.state, last_seen_at: s.last_seen_at, status });
      if (id !== null) return envelopeOk(entry([web1, web2, retired].find((s) => String(s.server_id) === id) ?? web1));
      return envelopeOk({ summary, servers: [web1, web2, retired].map(entry) });
    },
    'GET servidor/group/read': envelopeOk(groups),
    'GET facilauto/admin/serverstate': envelopeOk({ server_id: 1, name: 'web-1', instance: 'web-1:8080', version: '0.9.0', started_at: web1.started_at, state: 'online', status }),
    'GET actualizacion/estado': envelopeOk(updates),
    'GET dashboard/socket/read': envelopeOk({ streams: 12, users: 8, businesses: 2, servers: [{ server_id: 1, name: 'web-1', state: 'online', streams: 12, users: 8 }], schools: status.connections }),
    'GET dashboard/socketchart/read': (req: MockRequest) => envelopeOk(req.query.get('hours') === '168' ? chart168 : chart24),
    'GET dashboard/socketchartautoescuela/read': (req: MockRequest) => {
      const hours = Number(req.query.get('hours'));
      const business = req.query.get('business_id');
      if (business === '2')
        return envelopeOk({ hours, period_seconds: 300, business: { business_id: 2, name: 'Autoescuela Demo' }, points: [{ at: '2026-03-02T09:05:00.000Z', streams: 9, users: 6 }] });
      return envelopeOk({ ...schools, hours });
    },
  });
}
