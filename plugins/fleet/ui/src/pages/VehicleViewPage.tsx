import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, errorList, formatDate, useApi, usePageLayout, useRecord, useSession, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { fleetApi, type Brand, type VehicleView } from '../api';
import { formatKm, formatPlate } from '../format';
import { ItvBadge, StateBadge } from '../components/Badges';
import { RecordActions } from '../components/RecordActions';
import { UpkeepSection } from '../components/UpkeepSection';
import { VehicleForm } from '../components/VehicleForm';
import { VehiclePolicies } from '../components/VehiclePolicies';
import { INSURANCE_PERMISSION, VEHICLES_PERMISSION } from '../permissions';

/**
 * /vehicle/view/:vehicle_id — a vehicle (0: a new one): its data (save; with `fleet.vehicles`),
 * out of service / back in service and delete (confirmed); below, its upkeep (with the total and
 * "Anotar") and, with the insurance service, its policies.
 */
export default function VehicleViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => fleetApi(client), [client]);
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const id = Number(useParams().vehicle_id) || 0;
  const { record: vehicle, failed, formKey, load, reload } = useRecord<VehicleView>(id, api.vehicles.read);
  const [brands, setBrands] = useState<Brand[] | null>(null);
  const [brandsFailed, setBrandsFailed] = useState<string | null>(null);
  const canEdit = session.can(VEHICLES_PERMISSION);
  const title = vehicle ? formatPlate(vehicle.plate) : id ? t('vehicle.title') : t('vehicle.new');
  usePageLayout({ title, breadcrumbs: [{ label: t('vehicles.title'), to: '/vehicle/list' }, { label: title }] });

  const loadBrands = useCallback(() => {
    setBrandsFailed(null);
    api.vehicles.brands().then(setBrands, (e) => setBrandsFailed(errorList(e)[0]?.details ?? ''));
  }, [api]);
  useEffect(loadBrands, [loadBrands]);

  if (failed !== null || brandsFailed !== null) {
    return (
      <PageState
        error={failed ?? brandsFailed}
        onRetry={() => {
          load();
          loadBrands();
        }}
      />
    );
  }
  if (!brands || (id && !vehicle)) return <PageState error={null} />;

  const back = (
    <Link className="vk-btn vk-btn--light" to="/vehicle/list">
      {t('vehicle.back')}
    </Link>
  );

  if (!vehicle) {
    return (
      <div className="fleet-page" data-testid="vehicle-view">
        <section className="card">
          <h2 className="card__title">{t('vehicle.new')}</h2>
          <VehicleForm
            api={api}
            vehicle={null}
            brands={brands}
            readOnly={!canEdit}
            submitLabel={t('vehicle.create')}
            onSubmit={async (fields) => {
              const created = await api.vehicles.create(fields);
              toast.success(t('vehicle.created', { plate: formatPlate(created.plate) }));
              navigate(`/vehicle/view/${created.id}`, { replace: true });
            }}
          />
          {!canEdit && <p className="muted">{t('noPermission')}</p>}
        </section>
        <div className="fleet-actions">{back}</div>
      </div>
    );
  }

  const deleted = vehicle.state === 'deleted';
  const plate = formatPlate(vehicle.plate);
  return (
    <div className="fleet-page" data-testid="vehicle-view">
      <section className="card fleet-head">
        <div>
          <h2 className="fleet-head__name" data-testid="vehicle-name">
            {plate}
          </h2>
          <p className="muted">{[vehicle.brand, vehicle.model, t(`kind.${vehicle.kind}`)].filter(Boolean).join(' · ')}</p>
          <p className="fleet-head__badges">
            <StateBadge state={vehicle.state} of="vehicle" /> <ItvBadge state={vehicle.itv.state} />
          </p>
        </div>
        <dl className="fleet-facts">
          <dt>{t('fields.itv_due')}</dt>
          <dd data-testid="vehicle-itv">{vehicle.itv_due ? formatDate(vehicle.itv_due) : t('itv.unknown')}</dd>
          <dt>{t('fields.odometer_km')}</dt>
          <dd data-testid="vehicle-km">{formatKm(vehicle.odometer_km)}</dd>
          <dt>{t('fields.teacher')}</dt>
          <dd>{vehicle.teacher?.name ?? t('vehicle.noTeacher')}</dd>
        </dl>
        <div className="fleet-actions">
          {canEdit && (
            <RecordActions
              of="vehicle"
              name={plate}
              state={vehicle.state}
              setState={(state) => api.vehicles.setState(vehicle.id, state)}
              remove={() => api.vehicles.remove(vehicle.id)}
              onChanged={reload}
            />
          )}
          {back}
        </div>
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--danger" role="status">
          {t('vehicle.deletedNotice')}
        </p>
      )}
      <section className="card">
        <h2 className="card__title">{t('vehicle.data')}</h2>
        <VehicleForm
          key={formKey}
          api={api}
          vehicle={vehicle}
          brands={brands}
          readOnly={!canEdit || deleted}
          submitLabel={t('vehicle.save')}
          onSubmit={async (fields) => {
            await api.vehicles.update(vehicle.id, fields);
            toast.success(t('vehicle.saved'));
            reload();
          }}
        />
      </section>
      <UpkeepSection api={api} vehicleId={vehicle.id} canEdit={canEdit && !deleted} onChanged={reload} />
      {vehicle.insurances !== null && <VehiclePolicies vehicleId={vehicle.id} policies={vehicle.insurances} canAdd={session.can(INSURANCE_PERMISSION) && !deleted} />}
    </div>
  );
}
