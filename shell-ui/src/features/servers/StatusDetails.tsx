import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, formatBytes, type Column } from '@volante/plugin-ui';
import { formatCount, formatDecimal, formatDuration, formatLoad } from './format';
import type { SchoolConnections, ServerStatus } from './types';

/** The database's engine by its name: "SQLite", "PostgreSQL" (another as it came). */
function engineName(t: TFunction, engine: string): string {
  switch (engine) {
    case 'sqlite':
      return t('servers.status.engine.sqlite');
    case 'postgres':
      return t('servers.status.engine.postgres');
    default:
      return engine;
  }
}

/** "PostgreSQL · 3,2 ms", or "SQLite · sin respuesta" when the database did not answer. */
export function databaseText(t: TFunction, database: ServerStatus['database'] | null | undefined): string {
  if (!database) return t('servers.status.unknown');
  const engine = engineName(t, database.engine);
  return database.latency_ms === null || database.latency_ms === undefined
    ? t('servers.status.noAnswer', { engine })
    : t('servers.status.latency', { engine, ms: formatDecimal(database.latency_ms) });
}

/**
 * A server's figures as a list of facts: uptime, processors, load, the process's memory, the
 * data disk, the database (engine and answer time, or "sin respuesta"), the mail queue and its
 * connections. What the system does not tell reads "No disponible".
 */
export function StatusFacts({ status, testId }: { status: ServerStatus; testId: string }) {
  const { t } = useTranslation();
  const unknown = t('servers.status.unknown');
  const rows: [string, string, string][] = [
    ['uptime', t('servers.status.uptime'), formatDuration(status.uptime_seconds) || unknown],
    ['cpus', t('servers.status.cpus'), formatCount(status.cpus) || unknown],
    ['load', t('servers.status.load'), status.load ? formatLoad(status.load) : unknown],
    ['memory', t('servers.status.memory'), formatBytes(status.memory_bytes) || unknown],
    ['disk', t('servers.status.disk'), status.disk ? t('servers.status.diskFree', { free: formatBytes(status.disk.free_bytes), total: formatBytes(status.disk.total_bytes) }) : unknown],
    ['database', t('servers.status.database'), databaseText(t, status.database)],
    ['mail', t('servers.status.mail'), t('servers.status.mailQueue', { queued: formatCount(status.mail?.queued ?? 0), failed: formatCount(status.mail?.failed ?? 0) })],
    ['connections', t('servers.status.connections'), t('servers.status.connectionsText', { streams: formatCount(status.streams ?? 0), users: formatCount(status.users ?? 0) })],
  ];
  return (
    <dl className="facts" data-testid={testId}>
      {rows.map(([key, label, value]) => (
        <div key={key} className="facts__row" data-fact={key}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The plugins the server runs, with their versions. */
export function PluginVersions({ plugins }: { plugins: ServerStatus['plugins'] }) {
  const { t } = useTranslation();
  const columns: Column<ServerStatus['plugins'][number]>[] = [
    { key: 'plugin_id', header: t('servers.status.plugin'), render: (p) => (p.name ? `${p.name} (${p.plugin_id})` : p.plugin_id) },
    { key: 'version', header: t('servers.status.pluginVersion') },
  ];
  return <DataTable columns={columns} rows={plugins ?? []} rowKey={(p) => p.plugin_id} label={t('servers.status.plugins')} empty={t('servers.status.noPlugins')} />;
}

/** A school's name, or "Autoescuela N" for one that no longer exists. */
export const schoolName = (t: TFunction, school: { business_id: number; name: string | null }) => school.name ?? t('servers.status.unknownSchool', { id: school.business_id });

/** The server's open connections per school, most first. */
export function ConnectionsBySchool({ connections }: { connections: SchoolConnections[] }) {
  const { t } = useTranslation();
  const rows = [...(connections ?? [])].sort((a, b) => b.streams - a.streams || a.business_id - b.business_id);
  const columns: Column<SchoolConnections>[] = [
    { key: 'name', header: t('servers.status.school'), render: (c) => schoolName(t, c) },
    { key: 'streams', header: t('servers.fields.streams'), render: (c) => formatCount(c.streams), className: 'servers-number' },
    { key: 'users', header: t('servers.fields.users'), render: (c) => formatCount(c.users), className: 'servers-number' },
  ];
  return <DataTable columns={columns} rows={rows} rowKey={(c) => c.business_id} label={t('servers.status.bySchool')} empty={t('servers.status.noConnections')} />;
}
