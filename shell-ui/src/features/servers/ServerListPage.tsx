import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, useApi, useLoad, type Column } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { GroupsPanel } from '../provider/GroupsPanel';
import { REFRESH_MS, serverCalls } from './api';
import { ConnectionsCard } from './ConnectionsCard';
import { formatCount, formatDuration } from './format';
import { serverViewPath } from './paths';
import { Moment, ServerStateBadge } from './ServerState';
import type { Server, ThisServerState } from './types';
import { UpdatesCard } from './UpdatesCard';
import './servers.css';

/**
 * /servicio/tecnico/servers ("Servidores"): the counts per state and the connections
 * (`servidor/status/read`, the schools connected from `dashboard/socket/read`), the servers
 * (`servidor/read`: name opening its view, group, state, version, last beat, connections), the
 * host that answered this browser ("Este servidor", `facilauto/admin/serverstate`), the server
 * groups (create, delete: their servers stay, without group), "Actualizaciones" (UpdatesCard: the
 * servers behind the newest version, the plugins against the local registry) and "Conexiones"
 * (ConnectionsCard).
 * Everything is read again every 30 seconds while the page is open, and with "Actualizar".
 */
export default function ServerListPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => serverCalls(api), [api]);
  const servers = useLoad(calls.servers.list);
  const status = useLoad(calls.servers.status);
  const now = useLoad(calls.connections.now);
  const here = useLoad(calls.servers.thisOne);
  const groups = useLoad(calls.groups.list);
  const [refresh, setRefresh] = useState(0);
  usePageLayout({ title: t('servers.title'), breadcrumbs: [{ label: t('menu.provider') }, { label: t('menu.servers') }, { label: t('servers.title') }] });

  const { reload: reloadServers } = servers;
  const { reload: reloadStatus } = status;
  const { reload: reloadNow } = now;
  const { reload: reloadHere } = here;
  const { reload: reloadGroups } = groups;
  const readAgain = useCallback(() => {
    reloadServers();
    reloadStatus();
    reloadNow();
    reloadHere();
    reloadGroups();
    setRefresh((r) => r + 1);
  }, [reloadServers, reloadStatus, reloadNow, reloadHere, reloadGroups]);
  useEffect(() => {
    const timer = setInterval(readAgain, REFRESH_MS);
    return () => clearInterval(timer);
  }, [readAgain]);

  const hereId = here.data?.server_id ?? null;
  const columns: Column<Server>[] = [
    {
      key: 'name',
      header: t('servers.fields.name'),
      render: (s) => (
        <span className="servers-name">
          <Link to={serverViewPath(s.server_id)}>{s.name}</Link>
          {s.server_id === hereId && <span className="vk-badge level-badge--info">{t('servers.here.badge')}</span>}
          <small className="muted">{s.instance}</small>
        </span>
      ),
    },
    { key: 'group', header: t('servers.fields.group'), render: (s) => s.group?.name ?? <span className="muted">{t('servers.noGroup')}</span> },
    { key: 'state', header: t('servers.fields.state'), render: (s) => <ServerStateBadge state={s.state} /> },
    { key: 'version', header: t('servers.fields.version') },
    { key: 'last_seen_at', header: t('servers.fields.lastSeen'), render: (s) => <Moment at={s.last_seen_at} /> },
    { key: 'streams', header: t('servers.fields.streams'), render: (s) => formatCount(s.streams), className: 'servers-number' },
    { key: 'users', header: t('servers.fields.users'), render: (s) => formatCount(s.users), className: 'servers-number' },
  ];

  return (
    <div className="servers-page">
      <section className="card servers-summary" aria-labelledby="servers-summary-title">
        <div className="servers-card__head">
          <h2 id="servers-summary-title" className="card__title">
            {t('servers.summary.title')}
          </h2>
          <button type="button" className="vk-btn vk-btn--light" onClick={readAgain}>
            {t('servers.refresh')}
          </button>
        </div>
        {status.data ? <Summary summary={status.data.summary} businesses={now.data?.businesses ?? null} /> : <PageState error={status.failed} onRetry={status.reload} />}
      </section>
      <div className="provider-split">
        <section className="card" aria-labelledby="servers-list-title">
          <h2 id="servers-list-title" className="card__title">
            {t('servers.title')}
          </h2>
          {servers.data ? (
            <DataTable columns={columns} rows={servers.data} rowKey={(s) => s.server_id} label={t('servers.title')} empty={t('servers.none')} />
          ) : (
            <PageState error={servers.failed} onRetry={servers.reload} />
          )}
        </section>
        <div className="servers-side">
          <ThisServerCard here={here.data} failed={here.failed} onRetry={here.reload} />
          <GroupsPanel
            title={t('servers.groups.title')}
            testId="server-groups"
            groups={groups}
            countLabel={(g) => t('servers.groups.count', { count: g.count })}
            deleteMessage={(g) => t('servers.groups.deleteMessage', { name: g.name })}
            create={calls.groups.create}
            remove={calls.groups.remove}
            onChanged={(deleted) => {
              // A deleted group's servers are without group now.
              if (deleted !== undefined) reloadServers();
            }}
          />
        </div>
      </div>
      <UpdatesCard calls={calls} refresh={refresh} />
      <ConnectionsCard calls={calls} refresh={refresh} />
    </div>
  );
}

/** The counts per state, the open connections and the users and schools connected. */
function Summary({ summary, businesses }: { summary: { online: number; lost: number; stopped: number; streams: number; users: number }; businesses: number | null }) {
  const { t } = useTranslation();
  const items: [string, string, number | null, string][] = [
    ['online', t('servers.summary.online'), summary.online, 'servers-summary__item--online'],
    ['lost', t('servers.summary.lost'), summary.lost, summary.lost > 0 ? 'servers-summary__item--lost' : ''],
    ['stopped', t('servers.summary.stopped'), summary.stopped, ''],
    ['streams', t('servers.summary.streams'), summary.streams, ''],
    ['users', t('servers.summary.users'), summary.users, ''],
    ['businesses', t('servers.summary.businesses'), businesses, ''],
  ];
  return (
    <dl className="servers-summary__list" data-testid="servers-summary">
      {items.map(([key, label, value, tone]) => (
        <div key={key} className={`servers-summary__item ${tone}`.trim()} data-summary={key}>
          <dt>{label}</dt>
          <dd>{value === null ? '—' : formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Este servidor": the host that answered this browser, measured now. */
function ThisServerCard({ here, failed, onRetry }: { here: ThisServerState | null; failed: string | null; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="this-server-title" data-testid="this-server">
      <h2 id="this-server-title" className="card__title">
        {t('servers.here.title')}
      </h2>
      {here ? (
        <>
          <p className="muted">{t('servers.here.explain')}</p>
          <dl className="facts servers-here">
            <div className="facts__row">
              <dt>{t('servers.fields.name')}</dt>
              <dd data-testid="this-server-name">
                {here.server_id !== null ? <Link to={serverViewPath(here.server_id)}>{here.name ?? here.instance}</Link> : t('servers.here.unregistered')}
              </dd>
            </div>
            <div className="facts__row">
              <dt>{t('servers.fields.instance')}</dt>
              <dd>{here.instance ?? '—'}</dd>
            </div>
            <div className="facts__row">
              <dt>{t('servers.fields.version')}</dt>
              <dd data-testid="this-server-version">{here.version}</dd>
            </div>
            <div className="facts__row">
              <dt>{t('servers.status.uptime')}</dt>
              <dd>{formatDuration(here.status?.uptime_seconds) || '—'}</dd>
            </div>
            <div className="facts__row">
              <dt>{t('servers.status.connections')}</dt>
              <dd>{t('servers.status.connectionsText', { streams: formatCount(here.status?.streams ?? 0), users: formatCount(here.status?.users ?? 0) })}</dd>
            </div>
          </dl>
        </>
      ) : (
        <PageState error={failed} onRetry={onRetry} />
      )}
    </section>
  );
}
