import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListView, pageLocally, useApi, type Column, type ListQuery } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import type { InstalledPlugin } from './types';

/** /facilauto/plugins: the installed plugins with their versions (provider administrators). */
export default function PluginListPage() {
  const { t } = useTranslation();
  const api = useApi();
  usePageLayout({ title: t('provider.plugins.title'), breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.plugins.title') }] });
  const load = useCallback(
    (query: ListQuery) =>
      api.get<InstalledPlugin[]>('plugin/list').then((list) => pageLocally(list, query, (p) => `${p.plugin_id} ${p.name} ${p.version}`)),
    [api],
  );
  const columns: Column<InstalledPlugin>[] = [
    { key: 'name', header: t('provider.plugins.name') },
    { key: 'plugin_id', header: t('provider.plugins.id'), render: (p) => <code>{p.plugin_id}</code> },
    { key: 'version', header: t('provider.plugins.version'), render: (p) => <span data-testid={`plugin-version-${p.plugin_id}`}>{p.version}</span> },
    { key: 'api', header: t('provider.plugins.api') },
    { key: 'services', header: t('provider.plugins.services'), render: (p) => p.services.map((s) => s.name).join(', ') },
    { key: 'businesses', header: t('provider.plugins.businesses'), render: (p) => String(p.businesses.length) },
    { key: 'digest', header: t('provider.plugins.digest'), render: (p) => <code title={p.digest}>{p.digest.replace(/^sha256:/, '').slice(0, 12)}</code> },
  ];
  return <ListView columns={columns} rowKey={(p) => p.plugin_id} label={t('provider.plugins.title')} load={load} />;
}
