import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, formatDate, formatEuros, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { PolicyItem } from '../api';
import { DaysLeft, PolicyBadge, StateBadge } from './Badges';

/**
 * A vehicle's insurance policies (the view's `insurances`, latest ending first): insurer, number
 * (to the policy), cover, dates, where it stands, premium; with `fleet.insurance`, "Añadir póliza"
 * (the new-policy form with this vehicle chosen).
 */
export function VehiclePolicies({ vehicleId, policies, canAdd }: { vehicleId: number; policies: PolicyItem[]; canAdd: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const columns: Column<PolicyItem>[] = [
    { key: 'company', header: t('policies.columns.company') },
    {
      key: 'policy_number',
      header: t('policies.columns.number'),
      render: (p) => (
        <Link to={`/insurance/carrier/${p.id}`} className="fleet-nowrap" data-testid="policy-link">
          {p.policy_number}
        </Link>
      ),
    },
    { key: 'coverage', header: t('policies.columns.coverage'), render: (p) => (p.coverage ? t(`coverage.${p.coverage}`) : '') },
    { key: 'start_date', header: t('policies.columns.start'), render: (p) => formatDate(p.start_date) },
    { key: 'end_date', header: t('policies.columns.end'), render: (p) => formatDate(p.end_date) },
    {
      key: 'status',
      header: t('policies.columns.status'),
      render: (p) => (
        <>
          <PolicyBadge status={p.status} /> {p.state !== 'active' && <StateBadge state={p.state} of="policy" />}
          <small className="muted fleet-block">
            <DaysLeft days={p.days_left} />
          </small>
        </>
      ),
    },
    { key: 'premium_cents', header: t('policies.columns.premium'), className: 'fleet-num', render: (p) => formatEuros(p.premium_cents) },
  ];
  return (
    <section className="card fleet-section" aria-labelledby="fleet-vehicle-policies" data-testid="vehicle-policies">
      <div className="fleet-section__head">
        <h2 id="fleet-vehicle-policies" className="card__title">
          {t('vehicle.policies')}
        </h2>
        {canAdd && (
          <Link className="vk-btn vk-btn--primary" to={`/insurance/carrier/0?vehicle_id=${vehicleId}`}>
            {t('vehicle.addPolicy')}
          </Link>
        )}
      </div>
      <DataTable<PolicyItem> label={t('vehicle.policies')} columns={columns} rows={policies} rowKey={(p) => p.id} empty={t('vehicle.noPolicies')} />
    </section>
  );
}
