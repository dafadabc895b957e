import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, formatDate, useApi, usePageLayout, useRecord, useSession, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { fleetApi, type PolicyItem } from '../api';
import { formatPlate } from '../format';
import { DaysLeft, PolicyBadge, StateBadge } from '../components/Badges';
import { InsuranceForm } from '../components/InsuranceForm';
import { RecordActions } from '../components/RecordActions';
import { INSURANCE_PERMISSION } from '../permissions';

/**
 * /insurance/carrier/:insurance_id — a policy (0: a new one; `?vehicle_id=` chooses its vehicle):
 * where it stands (status, days left), its data (save; with `fleet.insurance`), deactivate /
 * activate and delete (confirmed).
 */
export default function InsuranceViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => fleetApi(client), [client]);
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const id = Number(useParams().insurance_id) || 0;
  const [search] = useSearchParams();
  const vehicleId = Number(search.get('vehicle_id')) || null;
  const { record: policy, failed, formKey, load, reload } = useRecord<PolicyItem>(id, api.policies.read);
  const canEdit = session.can(INSURANCE_PERMISSION);
  const title = policy ? t('policy.named', { company: policy.company ?? '', number: policy.policy_number }) : id ? t('policy.title') : t('policy.new');
  usePageLayout({ title, breadcrumbs: [{ label: t('policies.title'), to: '/insurance/list/vigentes' }, { label: title }] });


  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (id && !policy) return <PageState error={null} />;

  const back = (
    <Link className="vk-btn vk-btn--light" to="/insurance/list/vigentes">
      {t('policy.back')}
    </Link>
  );
  const toVehicle = (vehicle: number | null | undefined, plate?: string | null) =>
    vehicle ? (
      <Link className="vk-btn vk-btn--light" to={`/vehicle/view/${vehicle}`}>
        {plate ? t('policy.toVehicleNamed', { plate: formatPlate(plate) }) : t('policy.toVehicle')}
      </Link>
    ) : null;

  if (!policy) {
    return (
      <div className="fleet-page" data-testid="policy-view">
        <section className="card">
          <h2 className="card__title">{t('policy.new')}</h2>
          <InsuranceForm
            api={api}
            policy={null}
            vehicleId={vehicleId}
            readOnly={!canEdit}
            submitLabel={t('policy.create')}
            onSubmit={async (fields) => {
              const created = await api.policies.create(fields);
              toast.success(t('policy.created', { number: created.policy_number }));
              navigate(`/insurance/carrier/${created.id}`, { replace: true });
            }}
          />
          {!canEdit && <p className="muted">{t('noPermission')}</p>}
        </section>
        <div className="fleet-actions">
          {toVehicle(vehicleId)}
          {back}
        </div>
      </div>
    );
  }

  const deleted = policy.state === 'deleted';
  return (
    <div className="fleet-page" data-testid="policy-view">
      <section className="card fleet-head">
        <div>
          <h2 className="fleet-head__name" data-testid="policy-title">
            {title}
          </h2>
          <p className="muted">{[t(`policyKind.${policy.kind}`), policy.plate ? formatPlate(policy.plate) : null].filter(Boolean).join(' · ')}</p>
          <p className="fleet-head__badges">
            <PolicyBadge status={policy.status} /> <StateBadge state={policy.state} of="policy" />
          </p>
        </div>
        <dl className="fleet-facts">
          <dt>{t('fields.start_date')}</dt>
          <dd>{formatDate(policy.start_date)}</dd>
          <dt>{t('fields.end_date')}</dt>
          <dd>{formatDate(policy.end_date)}</dd>
          <dt>{t('policies.columns.daysLeft')}</dt>
          <dd data-testid="policy-days">
            <DaysLeft days={policy.days_left} />
          </dd>
        </dl>
        <div className="fleet-actions">
          {canEdit && (
            <RecordActions
              of="policy"
              name={policy.policy_number}
              state={policy.state}
              setState={(state) => api.policies.setState(policy.id, state)}
              remove={() => api.policies.remove(policy.id)}
              onChanged={reload}
            />
          )}
          {toVehicle(policy.vehicle_id, policy.plate)}
          {back}
        </div>
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--danger" role="status">
          {t('policy.deletedNotice')}
        </p>
      )}
      <section className="card">
        <h2 className="card__title">{t('policy.data')}</h2>
        <InsuranceForm
          key={formKey}
          api={api}
          policy={policy}
          vehicleId={null}
          readOnly={!canEdit || deleted}
          submitLabel={t('policy.save')}
          onSubmit={async (fields) => {
            await api.policies.update(policy.id, fields);
            toast.success(t('policy.saved'));
            reload();
          }}
        />
      </section>
    </div>
  );
}
