import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, useApi, useLoad, type Column } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { versionCalls } from './api';
import type { LoadedModule } from './types';

/**
 * /about/version ("Acerca de Volante", any signed-in user, from the user menu): the version the
 * host runs, the release fingerprint (host and module packages: what the new-version notice
 * compares) and the modules this user's shell loads, with their versions (`versiones/ultima`).
 */
export default function AboutVersionPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => versionCalls(api), [api]);
  const latest = useLoad(calls.latest);
  usePageLayout({ title: t('about.title'), breadcrumbs: [{ label: t('about.title') }] });

  const columns: Column<LoadedModule>[] = [
    { key: 'name', header: t('about.module'), render: (m) => m.name || m.plugin_id },
    { key: 'plugin_id', header: t('about.id'), render: (m) => <code>{m.plugin_id}</code> },
    { key: 'version', header: t('about.moduleVersion') },
  ];

  if (!latest.data) {
    return (
      <section className="card">
        <PageState error={latest.failed} onRetry={latest.reload} />
      </section>
    );
  }
  const { version, release, modules } = latest.data;
  return (
    <div className="about-version">
      <section className="card" aria-labelledby="about-version-title" data-testid="about-version">
        <h2 id="about-version-title" className="card__title">
          {t('app.name')}
        </h2>
        <dl className="facts">
          <div className="facts__row">
            <dt>{t('about.version')}</dt>
            <dd data-testid="about-version-number">{version}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('about.release')}</dt>
            <dd>
              <code data-testid="about-release">{release}</code>
            </dd>
          </div>
        </dl>
        <p className="muted">{t('about.releaseHint')}</p>
      </section>
      <section className="card" aria-labelledby="about-modules-title">
        <h2 id="about-modules-title" className="card__title">
          {t('about.modules')}
        </h2>
        <DataTable columns={columns} rows={modules ?? []} rowKey={(m) => m.plugin_id} label={t('about.modules')} empty={t('about.noModules')} />
      </section>
    </div>
  );
}
