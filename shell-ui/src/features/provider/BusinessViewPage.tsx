import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorList, formatDate, formatDateTime, useApi, useToast } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { Splash } from '../../components/Splash';
import type { Business, InstalledPlugin, ServiceRef } from './types';

type Tab = 'general' | 'modules';

/** /facilauto/business/view/:business_id — the business's data and, in "Módulos", its plugins' services. */
export default function BusinessViewPage() {
  const { t } = useTranslation();
  const api = useApi();
  const { business_id } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'modules' ? 'modules' : 'general';
  const [business, setBusiness] = useState<Business | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  usePageLayout({
    title: business?.name ?? t('provider.business.title'),
    breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.businesses.title'), to: '/facilauto/business/list' }, { label: business?.name ?? '' }],
    fiscalName: business?.fiscal_name ?? null,
  });

  useEffect(() => {
    let live = true;
    api.get<Business>('business/read', { business_id: Number(business_id) }).then(
      (b) => live && setBusiness(b),
      (e) => live && setFailed(errorList(e)[0]?.details || t('provider.business.loadError')),
    );
    return () => {
      live = false;
    };
  }, [api, business_id, t]);

  if (failed) return <p className="vk-alert vk-alert--danger" role="alert">{failed}</p>;
  if (!business) return <Splash inline />;

  const select = (next: Tab) => setParams(next === 'general' ? {} : { tab: next }, { replace: true });
  return (
    <div className="card business-view">
      <div className="vk-tabs" role="tablist" aria-label={t('provider.business.tabs')}>
        {(['general', 'modules'] as Tab[]).map((id) => (
          <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-controls={`panel-${id}`} className={tab === id ? 'vk-tab is-active' : 'vk-tab'} onClick={() => select(id)}>
            {t(`provider.business.tab.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="vk-tabpanel">
        {tab === 'general' ? <General business={business} /> : <Modules business={business} onServices={(services) => setBusiness({ ...business, services })} />}
      </div>
      <Link to="/facilauto/business/list" className="vk-btn vk-btn--light">
        {t('actions.back')}
      </Link>
    </div>
  );
}

function General({ business }: { business: Business }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('provider.businesses.name'), business.name],
    [t('provider.businesses.fiscalName'), business.fiscal_name],
    [t('provider.businesses.fiscalCode'), business.fiscal_code],
    [t('fields.email'), business.email],
    [t('provider.businesses.city'), business.city],
    [t('provider.businesses.status'), t(`provider.status.${business.status}`, { defaultValue: business.status })],
    [t('provider.business.branches'), String(business.branch_count ?? '')],
    [t('provider.businesses.created'), formatDate(business.created_at)],
  ];
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each installed plugin's services, switched on or off for the business (the full list is sent). */
function Modules({ business, onServices }: { business: Business; onServices(services: Business['services']): void }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const [plugins, setPlugins] = useState<InstalledPlugin[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const enabled = new Map((business.services ?? []).map((s) => [s.id, s]));

  useEffect(() => {
    let live = true;
    api.get<InstalledPlugin[]>('plugin/list').then(
      (list) => live && setPlugins(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function toggle(service: ServiceRef, on: boolean) {
    const current = (business.services ?? []).map((s) => s.id);
    const services = on ? [...new Set([...current, service.id])] : current.filter((id) => id !== service.id);
    setBusy(service.id);
    try {
      const updated = await api.post<Business['services']>('business/services/update', { business_id: business.business_id, services });
      onServices(updated);
      toast.success(t(on ? 'provider.modules.on' : 'provider.modules.off', { name: service.name }));
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('provider.modules.error'));
    } finally {
      setBusy(null);
    }
  }

  if (failed) return <p className="vk-alert vk-alert--danger" role="alert">{t('provider.modules.loadError')}</p>;
  if (!plugins) return <Splash inline />;
  if (plugins.length === 0) return <p className="muted">{t('provider.modules.none')}</p>;
  return (
    <table className="vk-table" aria-label={t('provider.business.tab.modules')}>
      <thead>
        <tr>
          <th scope="col">{t('provider.plugins.name')}</th>
          <th scope="col">{t('provider.plugins.version')}</th>
          <th scope="col">{t('provider.plugins.services')}</th>
        </tr>
      </thead>
      <tbody>
        {plugins.map((plugin) => (
          <tr key={plugin.plugin_id}>
            <td>{plugin.name}</td>
            <td>{plugin.version}</td>
            <td>
              {plugin.services.map((service) => {
                const on = enabled.get(service.id);
                return (
                  <label key={service.id} className="vk-switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={!!on}
                      disabled={busy !== null}
                      aria-label={t('provider.modules.toggle', { name: service.name })}
                      onChange={(e) => void toggle(service, e.target.checked)}
                    />
                    <span>{service.name}</span>
                    {on && <small className="muted">{t('provider.modules.since', { date: formatDateTime(on.enabled_at) })}</small>}
                  </label>
                );
              })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
