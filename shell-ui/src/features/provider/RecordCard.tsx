import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, PageState, formatBytes, formatDate, formatDateTime, useApi, useLoad, type Column } from '@volante/plugin-ui';
import { providerCalls } from './api';
import type { BusinessRecord, EnabledService, RecordBranch, RoleUsers } from './types';
import './record.css';

/**
 * A branch's DGT school code as written on its papers: provincial number, control digit and
 * sequential number (`28-3-0456`); '' when it has none.
 */
export function dgtCode(branch: Pick<RecordBranch, 'driving_school'>): string {
  const block = branch.driving_school ?? {};
  return [block.provincial_number, block.control_digit, block.sequential_number]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join('-');
}

/** A storage plan in words: "Básico", "Estándar", "Premium", "A medida" (an unknown one as it came). */
function planName(t: TFunction, plan: string): string {
  switch (plan) {
    case 'basic':
      return t('provider.record.plans.basic');
    case 'standard':
      return t('provider.record.plans.standard');
    case 'premium':
      return t('provider.record.plans.premium');
    case 'custom':
      return t('provider.record.plans.custom');
    default:
      return plan;
  }
}

/** The share of the quota used, whole percent ("0 %" without a quota). */
const usedShare = (used: number, quota: number) => (quota > 0 ? Math.round((used / quota) * 100) : 0);

/**
 * The "Ficha" tab of a business (`business/ficha/read`): on one sheet, the school (names, NIF,
 * contact, status, group, since when), its users (total, active, by role), its storage (plan,
 * used of the quota, files), its activity (last sign-in, open sessions), its services with the
 * date each was switched on, and its branches with their DGT code and town. "Imprimir ficha"
 * prints the sheet alone (the kit's `vk-printable`; the button itself is outside it).
 */
export function RecordCard({ businessId }: { businessId: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  const load = useCallback(() => calls.business.record(businessId), [calls, businessId]);
  const record = useLoad(load);
  if (!record.data) return <PageState error={record.failed} onRetry={record.reload} />;
  return (
    <>
      <div className="record-card__tools">
        <button type="button" className="vk-btn vk-btn--primary" onClick={() => window.print()}>
          {t('provider.record.print')}
        </button>
      </div>
      <RecordSheet record={record.data} />
    </>
  );
}

function RecordSheet({ record }: { record: BusinessRecord }) {
  const { t } = useTranslation();
  const titleId = useId();
  // When it was read: what a printed sheet says it shows.
  const readAt = useMemo(() => formatDateTime(new Date()), [record]);
  const { business, users, storage, activity } = record;
  const branches = record.branches ?? [];
  const services = record.services ?? [];
  const byRole = users?.by_role ?? [];
  const none = '—';
  const address = [business.address?.trim(), [business.postal_code?.trim(), business.city?.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const facts: [string, string, string][] = [
    ['fiscal_name', t('provider.businesses.fiscalName'), business.fiscal_name],
    ['fiscal_code', t('provider.businesses.fiscalCode'), business.fiscal_code],
    ['status', t('provider.businesses.status'), t(`provider.status.${business.status}`, { defaultValue: business.status })],
    ['group', t('provider.businesses.group'), business.group_name ?? t('provider.businesses.noGroup')],
    ['email', t('fields.email'), business.email],
    ['phone', t('provider.record.phone'), business.phone],
    ['address', t('provider.record.address'), address],
    ['created_at', t('provider.businesses.created'), formatDate(business.created_at)],
  ];

  const roleColumns: Column<RoleUsers>[] = [
    { key: 'role', header: t('provider.record.role'), render: (r) => r.role || <span className="muted">{t('provider.record.noRole')}</span> },
    { key: 'users', header: t('provider.record.roleUsers'), render: (r) => String(r.users), className: 'record-card__number' },
    { key: 'active', header: t('provider.record.roleActive'), render: (r) => String(r.active), className: 'record-card__number' },
  ];
  const serviceColumns: Column<EnabledService>[] = [
    { key: 'name', header: t('provider.record.service'), render: (s) => s.name || s.id },
    { key: 'enabled_at', header: t('provider.record.enabledAt'), render: (s) => formatDate(s.enabled_at) },
  ];
  const branchColumns: Column<RecordBranch>[] = [
    { key: 'trade_name', header: t('provider.record.branch') },
    { key: 'dgt_code', header: t('provider.record.dgtCode'), render: (b) => dgtCode(b) || <span className="muted">{none}</span> },
    { key: 'city', header: t('provider.businesses.city'), render: (b) => b.city || <span className="muted">{none}</span> },
  ];

  return (
    <article className="vk-printable record-card" aria-labelledby={titleId} data-testid="record-card">
      <header className="record-card__head">
        <h2 id={titleId}>{t('provider.record.title', { name: business.name })}</h2>
        <p className="muted">{t('provider.record.readAt', { date: readAt })}</p>
      </header>
      <dl className="facts record-card__facts" data-testid="record-business">
        {facts.map(([key, label, value]) => (
          <div key={key} className="facts__row" data-fact={key}>
            <dt>{label}</dt>
            <dd>{value || none}</dd>
          </div>
        ))}
      </dl>

      <div className="record-card__grid">
        <section className="record-card__section" aria-labelledby={`${titleId}-users`} data-testid="record-users">
          <h3 id={`${titleId}-users`}>{t('provider.record.users')}</h3>
          <p data-testid="record-users-total">{t('provider.record.usersTotal', { count: users?.total ?? 0, active: users?.active ?? 0 })}</p>
          {byRole.length > 0 && <DataTable columns={roleColumns} rows={byRole} rowKey={(r) => r.role} label={t('provider.record.byRole')} />}
        </section>
        <section className="record-card__section" aria-labelledby={`${titleId}-storage`} data-testid="record-storage">
          <h3 id={`${titleId}-storage`}>{t('provider.record.storage')}</h3>
          <dl className="record-card__pairs">
            <div>
              <dt>{t('provider.record.plan')}</dt>
              <dd>{planName(t, storage.plan)}</dd>
            </div>
            <div>
              <dt>{t('provider.record.used')}</dt>
              <dd data-testid="record-storage-used">
                {t('provider.record.usedOf', { used: formatBytes(storage.used_bytes), quota: formatBytes(storage.quota_bytes), share: usedShare(storage.used_bytes, storage.quota_bytes) })}
              </dd>
            </div>
            <div>
              <dt>{t('provider.record.files')}</dt>
              <dd>{String(storage.files)}</dd>
            </div>
          </dl>
        </section>
        <section className="record-card__section" aria-labelledby={`${titleId}-activity`} data-testid="record-activity">
          <h3 id={`${titleId}-activity`}>{t('provider.record.activity')}</h3>
          <dl className="record-card__pairs">
            <div>
              <dt>{t('provider.record.lastSignIn')}</dt>
              <dd data-testid="record-last-sign-in">{activity.last_sign_in_at ? formatDateTime(activity.last_sign_in_at) : t('provider.record.never')}</dd>
            </div>
            <div>
              <dt>{t('provider.record.openSessions')}</dt>
              <dd data-testid="record-open-sessions">{String(activity.open_sessions)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section className="record-card__section" aria-labelledby={`${titleId}-services`}>
        <h3 id={`${titleId}-services`}>{t('provider.record.services')}</h3>
        <DataTable columns={serviceColumns} rows={services} rowKey={(s) => s.id} label={t('provider.record.services')} empty={t('provider.record.noServices')} />
      </section>
      <section className="record-card__section" aria-labelledby={`${titleId}-branches`}>
        <h3 id={`${titleId}-branches`}>{t('provider.record.branches')}</h3>
        <DataTable columns={branchColumns} rows={branches} rowKey={(b) => b.branch_id} label={t('provider.record.branches')} empty={t('provider.record.noBranches')} />
      </section>
    </article>
  );
}
