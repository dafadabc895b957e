import { useCallback, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView, errorList, pageLocally, useApi, useConfirm, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import type { InstalledPlugin } from './types';

/** What `POST plugin/install` answers. */
interface Installed {
  plugin_id: string;
  version: string;
  previous: string | null;
}

/**
 * /facilauto/plugins: the installed plugins with their versions (provider administrators), and
 * what the provider does with them: install or upgrade a signed package, grant (and take back)
 * the other modules' tables a plugin asks to read, remove a plugin (its businesses' data stays).
 */
export default function PluginListPage() {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const inputId = useId();
  const [reloadKey, setReloadKey] = useState(0);
  const [busy, setBusy] = useState(false);
  usePageLayout({ title: t('provider.plugins.title'), breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.plugins.title') }] });
  const load = useCallback(
    (query: ListQuery) =>
      api.get<InstalledPlugin[]>('plugin/list').then((list) => pageLocally(list, query, (p) => `${p.plugin_id} ${p.name} ${p.version}`)),
    [api],
  );

  /** Run one change; on success say so and load the list again, else show the host's reason. */
  async function change(run: () => Promise<string>, failed: string) {
    setBusy(true);
    try {
      toast.success(await run());
      setReloadKey((k) => k + 1);
    } catch (e) {
      toast.error(errorList(e)[0]?.details || failed);
    } finally {
      setBusy(false);
    }
  }

  async function install(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('package', file, file.name);
    await change(async () => {
      const done = await api.upload<Installed>('plugin/install', form);
      return done.previous && done.previous !== done.version
        ? t('provider.plugins.upgraded', { id: done.plugin_id, previous: done.previous, version: done.version })
        : t('provider.plugins.installed', { id: done.plugin_id, version: done.version });
    }, t('provider.plugins.installError'));
  }

  async function grant(plugin: InstalledPlugin, tables: string[]) {
    const ok = await confirm({
      title: t('provider.plugins.grantTitle', { name: plugin.name }),
      message: t('provider.plugins.grantMessage', { name: plugin.name, tables: tables.join(', ') }),
      confirmLabel: t('provider.plugins.grant'),
    });
    if (!ok) return;
    await change(async () => {
      await api.post('plugin/grant', { plugin_id: plugin.plugin_id, tables });
      return t('provider.plugins.granted', { name: plugin.name });
    }, t('provider.plugins.grantError'));
  }

  async function revoke(plugin: InstalledPlugin, table: string) {
    const ok = await confirm({
      title: t('provider.plugins.revokeTitle', { name: plugin.name }),
      message: t('provider.plugins.revokeMessage', { name: plugin.name, table }),
      confirmLabel: t('provider.plugins.revoke'),
      tone: 'danger',
    });
    if (!ok) return;
    await change(async () => {
      await api.post('plugin/revoke', { plugin_id: plugin.plugin_id, tables: [table] });
      return t('provider.plugins.revoked', { name: plugin.name, table });
    }, t('provider.plugins.revokeError'));
  }

  async function remove(plugin: InstalledPlugin) {
    const ok = await confirm({
      title: t('provider.plugins.removeTitle', { name: plugin.name }),
      message: t('provider.plugins.removeMessage', { name: plugin.name, count: plugin.businesses.length }),
      confirmLabel: t('provider.plugins.remove'),
      tone: 'danger',
    });
    if (!ok) return;
    await change(async () => {
      await api.post('plugin/remove', { plugin_id: plugin.plugin_id });
      return t('provider.plugins.removed', { name: plugin.name });
    }, t('provider.plugins.removeError'));
  }

  const columns: Column<InstalledPlugin>[] = [
    { key: 'name', header: t('provider.plugins.name') },
    { key: 'plugin_id', header: t('provider.plugins.id'), render: (p) => <code>{p.plugin_id}</code> },
    { key: 'version', header: t('provider.plugins.version'), render: (p) => <span data-testid={`plugin-version-${p.plugin_id}`}>{p.version}</span> },
    { key: 'api', header: t('provider.plugins.api') },
    { key: 'services', header: t('provider.plugins.services'), render: (p) => p.services.map((s) => s.name).join(', ') },
    { key: 'businesses', header: t('provider.plugins.businesses'), render: (p) => String(p.businesses.length) },
    {
      key: 'tables',
      header: t('provider.plugins.tables'),
      render: (p) => {
        if (p.tables_requested.length === 0) return <span className="muted">{t('provider.plugins.noTables')}</span>;
        const missing = p.tables_requested.filter((table) => !p.tables_granted.includes(table));
        return (
          <>
            <ul className="plugin-tables">
              {p.tables_requested.map((table) => (
                <li key={table}>
                  <code>{table}</code>{' '}
                  {p.tables_granted.includes(table) ? (
                    <>
                      {t('provider.plugins.tableGranted')}{' '}
                      <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('provider.plugins.revokeFor', { name: p.name, table })} onClick={() => void revoke(p, table)}>
                        {t('provider.plugins.revoke')}
                      </button>
                    </>
                  ) : (
                    <strong>{t('provider.plugins.tablePending')}</strong>
                  )}
                </li>
              ))}
            </ul>
            {missing.length > 0 && (
              <button type="button" className="vk-btn vk-btn--outline" disabled={busy} onClick={() => void grant(p, missing)}>
                {t('provider.plugins.grantFor', { name: p.name })}
              </button>
            )}
          </>
        );
      },
    },
    { key: 'digest', header: t('provider.plugins.digest'), render: (p) => <code title={p.digest}>{p.digest.replace(/^sha256:/, '').slice(0, 12)}</code> },
    {
      key: 'actions',
      header: <span className="vk-visually-hidden">{t('provider.plugins.actions')}</span>,
      render: (p) => (
        <button type="button" className="vk-btn vk-btn--danger" disabled={busy} aria-label={t('provider.plugins.removeFor', { name: p.name })} onClick={() => void remove(p)}>
          {t('provider.plugins.remove')}
        </button>
      ),
    },
  ];
  const actions = (
    <>
      <label className={busy ? 'vk-btn vk-btn--primary is-disabled' : 'vk-btn vk-btn--primary'} htmlFor={inputId}>
        {t('provider.plugins.install')}
      </label>
      <input id={inputId} type="file" className="vk-visually-hidden" accept=".vplugin" disabled={busy} aria-label={t('provider.plugins.package')} onChange={(e) => void install(e)} />
    </>
  );
  return <ListView columns={columns} rowKey={(p) => p.plugin_id} label={t('provider.plugins.title')} load={load} actions={actions} reloadKey={reloadKey} />;
}
