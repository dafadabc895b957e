import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, useLoad, type Column } from '@volante/plugin-ui';
import type { ServerCalls } from './api';
import { formatCount } from './format';
import { serverViewPath } from './paths';
import { ServerStateBadge } from './ServerState';
import type { PluginUpdate, ServerVersion, UpdateState } from './types';

/**
 * "Actualizaciones" (`actualizacion/estado`): the newest host version a server runs, the servers
 * that do not run it (name opening the server, state, version), and each installed plugin: its
 * version, the newest in the local registry with "Actualización disponible" when it is newer, and
 * the schools using it. Without a local registry it says so instead of the available versions.
 * `refresh` changing reads it again (the page's "Actualizar" and its 30-second refresh).
 */
export function UpdatesCard({ calls, refresh }: { calls: ServerCalls; refresh: number }) {
  const { t } = useTranslation();
  const updates = useLoad(calls.updates);
  const { reload } = updates;
  useEffect(() => {
    if (refresh === 0) return;
    reload();
  }, [refresh, reload]);

  return (
    <section className="card" aria-labelledby="servers-updates-title" data-testid="servers-updates">
      <h2 id="servers-updates-title" className="card__title">
        {t('servers.updates.title')}
      </h2>
      {updates.data ? <Updates state={updates.data} /> : <PageState error={updates.failed} onRetry={updates.reload} />}
    </section>
  );
}

function Updates({ state }: { state: UpdateState }) {
  const { t } = useTranslation();
  const behind = (state.host?.servers ?? []).filter((s) => !s.current);
  const plugins = state.plugins ?? [];
  const pending = plugins.filter((p) => p.update).length;

  const serverColumns: Column<ServerVersion>[] = [
    { key: 'name', header: t('servers.fields.name'), render: (s) => <Link to={serverViewPath(s.server_id)}>{s.name}</Link> },
    { key: 'state', header: t('servers.fields.state'), render: (s) => <ServerStateBadge state={s.state} /> },
    { key: 'version', header: t('servers.fields.version') },
  ];
  const pluginColumns: Column<PluginUpdate>[] = [
    {
      key: 'name',
      header: t('servers.updates.plugin'),
      render: (p) => (
        <span className="servers-name">
          {p.name || p.plugin_id}
          <small className="muted">{p.plugin_id}</small>
        </span>
      ),
    },
    { key: 'installed', header: t('servers.updates.installed') },
    ...(state.registry
      ? [
          {
            key: 'available',
            header: t('servers.updates.available'),
            render: (p: PluginUpdate) => (
              <span className="servers-update">
                {p.available ?? <span className="muted">{t('servers.updates.notInRegistry')}</span>}
                {p.update && <span className="vk-badge vk-badge--warning">{t('servers.updates.updateAvailable')}</span>}
              </span>
            ),
          },
        ]
      : []),
    { key: 'businesses', header: t('servers.updates.businesses'), render: (p) => formatCount(p.businesses), className: 'servers-number' },
  ];

  return (
    <>
      <dl className="facts servers-updates__host">
        <div className="facts__row">
          <dt>{t('servers.updates.latest')}</dt>
          <dd data-testid="updates-latest">{state.host?.latest ?? <span className="muted">{t('servers.updates.noLatest')}</span>}</dd>
        </div>
      </dl>
      <h3 className="servers-subtitle">{t('servers.updates.servers')}</h3>
      {behind.length === 0 ? (
        <p className="muted" data-testid="updates-servers-current">
          {t('servers.updates.allCurrent')}
        </p>
      ) : (
        <>
          <p>{t('servers.updates.behind', { count: behind.length })}</p>
          <DataTable columns={serverColumns} rows={behind} rowKey={(s) => s.server_id} label={t('servers.updates.behindTable')} />
        </>
      )}
      <h3 className="servers-subtitle">{t('servers.updates.plugins')}</h3>
      {state.registry ? (
        pending > 0 && <p data-testid="updates-pending">{t('servers.updates.pending', { count: pending })}</p>
      ) : (
        <p className="vk-alert vk-alert--info" data-testid="updates-no-registry">
          {t('servers.updates.noRegistry')}
        </p>
      )}
      <DataTable columns={pluginColumns} rows={plugins} rowKey={(p) => p.plugin_id} label={t('servers.updates.pluginsTable')} empty={t('servers.updates.noPlugins')} />
    </>
  );
}
