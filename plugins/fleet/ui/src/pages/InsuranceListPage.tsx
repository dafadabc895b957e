import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatDate, formatEuros, useApi, usePageLayout, useSession, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { fleetApi, type PolicyItem } from '../api';
import { INSURERS, POLICY_KINDS, POLICY_TABS, tabOf } from '../lists';
import { formatPlate } from '../format';
import { DaysLeft, PolicyBadge, StateBadge } from '../components/Badges';
import { INSURANCE_PERMISSION } from '../permissions';

/**
 * /insurance/list/:show_tab — the policies, in tabs that switch the path: "Vigentes" (in force
 * today), "Por vencer" (in force, ending within 30 days), "Vencidas", "Todas" (an unknown tab
 * shows "Vigentes"); search, insurer and kind filters, "Viendo x a y de z"; with
 * `fleet.insurance`, "Nueva póliza".
 */
export default function InsuranceListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => fleetApi(client), [client]);
  const navigate = useNavigate();
  const session = useSession();
  const tab = tabOf(useParams().show_tab);
  const [company, setCompany] = useState('');
  const [kind, setKind] = useState('');
  usePageLayout({ title: t('policies.title'), breadcrumbs: [{ label: t('policies.title'), to: '/insurance/list/vigentes' }, { label: t(`tabs.${tab}`) }] });

  const load = useCallback(
    (q: ListQuery) => api.policies.list({ tab, search: q.search, page: q.page, per_page: q.perPage, company_id: company, kind }),
    [api, tab, company, kind],
  );

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
    { key: 'kind', header: t('policies.columns.kind'), render: (p) => t(`policyKind.${p.kind}`) },
    {
      key: 'plate',
      header: t('policies.columns.plate'),
      render: (p) => (p.vehicle_id && p.plate ? <Link to={`/vehicle/view/${p.vehicle_id}`} className="fleet-nowrap">{formatPlate(p.plate)}</Link> : ''),
    },
    { key: 'coverage', header: t('policies.columns.coverage'), render: (p) => (p.coverage ? t(`coverage.${p.coverage}`) : '') },
    { key: 'start_date', header: t('policies.columns.start'), render: (p) => formatDate(p.start_date) },
    { key: 'end_date', header: t('policies.columns.end'), render: (p) => formatDate(p.end_date) },
    { key: 'days_left', header: t('policies.columns.daysLeft'), render: (p) => <DaysLeft days={p.days_left} /> },
    {
      key: 'status',
      header: t('policies.columns.status'),
      render: (p) => (
        <>
          <PolicyBadge status={p.status} /> {p.state !== 'active' && <StateBadge state={p.state} of="policy" />}
        </>
      ),
    },
    { key: 'premium_cents', header: t('policies.columns.premium'), className: 'fleet-num', render: (p) => formatEuros(p.premium_cents) },
  ];

  return (
    <div className="fleet-page" data-testid="policy-list">
      <div className="vk-tabs" role="tablist" aria-label={t('tabs.label')}>
        {POLICY_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`fleet-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="fleet-policies-panel"
            className={tab === id ? 'vk-tab is-active' : 'vk-tab'}
            onClick={() => tab !== id && navigate(`/insurance/list/${id}`)}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="fleet-policies-panel" aria-labelledby={`fleet-tab-${tab}`}>
        <FilteredList<PolicyItem>
          label={t('policies.table', { tab: t(`tabs.${tab}`) })}
          columns={columns}
          rowKey={(p) => p.id}
          load={load}
          filtersKey={`${tab}|${company}|${kind}`}
          searchPlaceholder={t('policies.search')}
          empty={t(`policies.empty.${tab}`)}
          filters={
            <>
              <FilterSelect
                label={t('policies.filters.company')}
                value={company}
                options={[{ value: '', label: t('policies.filters.allCompanies') }, ...INSURERS.map((i) => ({ value: String(i.id), label: i.name }))]}
                onChange={setCompany}
              />
              <FilterSelect
                label={t('policies.filters.kind')}
                value={kind}
                options={[{ value: '', label: t('policies.filters.allKinds') }, ...POLICY_KINDS.map((k) => ({ value: k, label: t(`policyKind.${k}`) }))]}
                onChange={setKind}
              />
            </>
          }
          actions={
            session.can(INSURANCE_PERMISSION) && (
              <Link className="vk-btn vk-btn--primary" to="/insurance/carrier/0">
                {t('policies.new')}
              </Link>
            )
          }
        />
      </div>
    </div>
  );
}
