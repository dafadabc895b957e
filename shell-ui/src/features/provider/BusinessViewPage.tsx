import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { InputField, errorList, formatDate, formatDateTime, namedField, useApi, useConfirm, useFieldErrors, useLoad, useToast, type FormContext } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { Splash } from '../../components/Splash';
import { providerCalls } from './api';
import { BUSINESS_LIST_PATH } from './paths';
import { ContentCopy } from './ContentCopy';
import { ProviderReports } from './ProviderReports';
import { RecordCard } from './RecordCard';
import { BUSINESS_STATUSES, type Business, type BusinessStatus, type InstalledPlugin, type ServiceRef } from './types';

type Tab = 'general' | 'record' | 'modules' | 'content' | 'reports';
const TABS: Tab[] = ['general', 'record', 'modules', 'content', 'reports'];

/**
 * /facilauto/business/view/:business_id — the business's data; in "Ficha" (`?tab=record`) its
 * printable record card (RecordCard); in "Módulos" (`?tab=modules`) its plugins' services; in
 * "Contenido" (`?tab=content`) the content copied into it from another business and its default
 * positions (ContentCopy); in "Informes" (`?tab=reports`) a user's sessions and time-clock record
 * over a period (ProviderReports).
 */
export default function BusinessViewPage() {
  const { t } = useTranslation();
  const api = useApi();
  const { business_id } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((id) => id === params.get('tab')) ?? 'general';
  const [business, setBusiness] = useState<Business | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  // The tab is in the breadcrumbs: choosing one is a navigation (`?tab=`), after which the page
  // sets its title again (the layout forgets what the previous location set).
  usePageLayout({
    title: business?.name ?? t('provider.business.title'),
    breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.businesses.title'), to: BUSINESS_LIST_PATH }, { label: business?.name ?? '' }, { label: t(`provider.business.tab.${tab}`) }],
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
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-controls={`panel-${id}`} className={tab === id ? 'vk-tab is-active' : 'vk-tab'} onClick={() => select(id)}>
            {t(`provider.business.tab.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="vk-tabpanel">
        {tab === 'general' && (
          <>
            <General business={business} />
            <Administration business={business} onChange={(answer) => setBusiness((current) => ({ ...current, ...answer }))} />
            <RemoveCompletely business={business} />
          </>
        )}
        {tab === 'record' && <RecordCard businessId={business.business_id} />}
        {tab === 'modules' && <Modules business={business} onServices={(services) => setBusiness({ ...business, services })} />}
        {tab === 'content' && <ContentCopy key={business.business_id} business={business} />}
        {tab === 'reports' && <ProviderReports key={business.business_id} business={business} />}
      </div>
      <Link to={BUSINESS_LIST_PATH} className="vk-btn vk-btn--light">
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

/** The action that takes a business to each status. */
const STATUS_ACTION: Record<BusinessStatus, string> = {
  active: 'provider.business.activate',
  suspended: 'provider.business.suspend',
  trial: 'provider.business.trial',
};

/**
 * What the provider changes of a business: its business group (`business/assign/group/update`,
 * "Sin grupo" sends null) and its status (`business/status`: "Activar", "Suspender" — asked first,
 * its staff cannot sign in meanwhile —, "Periodo de prueba"). The provider's own business is never
 * offered "Suspender" (the host refuses it). `onChange` gets the business the host answers.
 */
function Administration({ business, onChange }: { business: Business; onChange(answer: Business): void }) {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  const toast = useToast();
  const confirm = useConfirm();
  const groups = useLoad(calls.businessGroups.list);
  const selectId = useId();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<Business>, done: (answer: Business) => string, failed: string) {
    setBusy(true);
    try {
      const answer = await action();
      onChange(answer);
      toast.success(done(answer));
    } catch (e) {
      toast.error(errorList(e)[0]?.details || failed);
    } finally {
      setBusy(false);
    }
  }

  function assign(value: string) {
    const groupId = value ? Number(value) : null;
    void run(
      () => calls.business.assignGroup(business.business_id, groupId),
      (answer) => (answer.group_name ? t('provider.business.groupSet', { name: business.name, group: answer.group_name }) : t('provider.business.groupCleared', { name: business.name })),
      t('provider.business.groupError'),
    );
  }

  async function setStatus(status: BusinessStatus) {
    if (status === 'suspended') {
      const ok = await confirm({
        title: t('provider.business.suspendTitle', { name: business.name }),
        message: t('provider.business.suspendMessage'),
        confirmLabel: t('provider.business.suspend'),
        tone: 'danger',
      });
      if (!ok) return;
    }
    await run(
      () => calls.business.setStatus(business.business_id, status),
      (answer) => t('provider.business.statusSet', { name: business.name, status: t(`provider.status.${answer.status ?? status}`, { defaultValue: answer.status ?? status }) }),
      t('provider.business.statusError'),
    );
  }

  const options = (groups.data ?? []).map((g) => ({ value: String(g.group_id), label: g.name }));
  if (business.group_id != null && !options.some((o) => o.value === String(business.group_id))) {
    options.push({ value: String(business.group_id), label: business.group_name ?? String(business.group_id) });
  }
  const actions = BUSINESS_STATUSES.filter((status) => status !== business.status && !(status === 'suspended' && business.is_provider));
  return (
    <div className="business-admin">
      <div className="vk-field business-admin__group">
        <label className="vk-label" htmlFor={selectId}>
          {t('provider.business.group')}
        </label>
        <select id={selectId} className="vk-input" value={business.group_id == null ? '' : String(business.group_id)} disabled={busy} onChange={(e) => assign(e.target.value)}>
          <option value="">{t('provider.businesses.noGroup')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {groups.failed !== null && <small className="vk-error">{t('provider.business.groupsLoadError')}</small>}
      </div>
      <div className="business-admin__status" role="group" aria-label={t('provider.business.statusActions')}>
        {actions.map((status) => (
          <button key={status} type="button" className={status === 'suspended' ? 'vk-btn vk-btn--danger' : 'vk-btn vk-btn--outline'} disabled={busy} onClick={() => void setStatus(status)}>
            {t(STATUS_ACTION[status])}
          </button>
        ))}
      </div>
    </div>
  );
}

const REMOVE_FIELDS = ['confirm'] as const;

/** Whether `typed` is the business's name (as the host compares: case and surrounding spaces ignored). */
const namesMatch = (typed: string, name: string) => typed.trim().toLowerCase() === name.trim().toLowerCase() && typed.trim() !== '';

/**
 * "Eliminar la empresa por completo" (`business/removecomplete`), for a school that has been
 * suspended: everything it has goes, irreversibly (when its contract ends, RGPD). Its name must be
 * typed again, then it is asked once more; done, it goes back to the list. An active school or
 * one in trial only gets a line saying it has to be suspended first; the provider's own business,
 * nothing. The host's error about the typed name shows under the field, the others as a toast.
 */
function RemoveCompletely({ business }: { business: Business }) {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const formId = useId();
  const errors = useFieldErrors(formId, REMOVE_FIELDS);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);

  if (business.is_provider) return null;
  if (business.status !== 'suspended') {
    return (
      <p className="muted business-remove__hint" data-testid="business-remove-suspend-first">
        {t('provider.business.removeSuspendFirst')}
      </p>
    );
  }

  const ctx: FormContext = { formId, errors, disabled: busy };
  const matches = namesMatch(typed, business.name);

  async function remove(event: FormEvent) {
    event.preventDefault();
    if (!matches || busy) return;
    const ok = await confirm({
      title: t('provider.business.removeTitle', { name: business.name }),
      message: t('provider.business.removeMessage', { name: business.name }),
      confirmLabel: t('provider.business.removeAction'),
      tone: 'danger',
    });
    if (!ok) return;
    errors.reset();
    setBusy(true);
    try {
      const removed = await calls.business.removeComplete(business.business_id, typed.trim());
      toast.success(
        t('provider.business.removed', {
          name: removed.name || business.name,
          users: t('provider.business.removedUsers', { count: removed.users ?? 0 }),
          files: t('provider.business.removedFiles', { count: removed.files ?? 0 }),
        }),
      );
      navigate(BUSINESS_LIST_PATH);
    } catch (failure) {
      const items = errorList(failure);
      const onField = items.find((item) => namedField(item) === 'confirm');
      if (onField) errors.setErrors({ confirm: onField.details || t('provider.business.removeError') });
      const rest = items.filter((item) => item !== onField);
      if (rest.length > 0) toast.error(rest[0].details || rest[0].code || t('provider.business.removeError'));
      setBusy(false);
    }
  }

  return (
    <section className="business-remove" aria-labelledby={`${formId}-title`} data-testid="business-remove">
      <h2 id={`${formId}-title`} className="business-remove__title">
        {t('provider.business.removeHeading')}
      </h2>
      <p>{t('provider.business.removeExplain')}</p>
      <p className="muted">{t('provider.business.removeAudit')}</p>
      <form className="vk-form business-remove__form" noValidate onSubmit={(e) => void remove(e)} aria-label={t('provider.business.removeHeading')} aria-busy={busy}>
        <InputField
          ctx={ctx}
          field="confirm"
          label={t('provider.business.removeConfirmLabel')}
          hint={t('provider.business.removeConfirmHint', { name: business.name })}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            if (errors.errors.confirm) errors.reset();
          }}
        />
        <button type="submit" className="vk-btn vk-btn--danger" disabled={busy || !matches}>
          {t('provider.business.removeAction')}
        </button>
      </form>
    </section>
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
