import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatDate, useApi, usePageLayout, useSession, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { fleetApi, type StateFilter, type VehicleItem } from '../api';
import { FUELS, LICENCE_CLASSES, STATE_FILTERS, VEHICLE_KINDS } from '../lists';
import { formatKm, formatPlate } from '../format';
import { AlertsBanner } from '../components/AlertsBanner';
import { ItvBadge, StateBadge } from '../components/Badges';
import { VEHICLES_PERMISSION } from '../permissions';

interface Filters {
  kind: string;
  fuel: string;
  licence: string;
  state: StateFilter;
  /** "ITV pendiente": overdue or due within 30 days (`due=itv`). */
  itvDue: boolean;
}
const NO_FILTERS: Filters = { kind: '', fuel: '', licence: '', state: '', itvDue: false };

/**
 * /vehicle/list — the fleet: search, filters (kind, fuel, licence class, state, ITV pendiente),
 * the table (plate, brand and model, kind, licence classes, ITV date with its standing,
 * kilometres, state), "Viendo x a y de z", the alerts banner and, with `fleet.vehicles`,
 * "Nuevo vehículo".
 */
export default function VehicleListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => fleetApi(client), [client]);
  const session = useSession();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  usePageLayout({ title: t('vehicles.title'), breadcrumbs: [{ label: t('title') }, { label: t('vehicles.title') }] });

  const load = useCallback(
    (q: ListQuery) =>
      api.vehicles.list({
        search: q.search,
        page: q.page,
        per_page: q.perPage,
        state: filters.state,
        kind: filters.kind,
        fuel: filters.fuel,
        licence: filters.licence,
        due: filters.itvDue ? 'itv' : '',
      }),
    [api, filters],
  );
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  const columns: Column<VehicleItem>[] = [
    {
      key: 'plate',
      header: t('vehicles.columns.plate'),
      render: (v) => (
        <Link to={`/vehicle/view/${v.id}`} className="fleet-plate" data-testid="vehicle-plate">
          {formatPlate(v.plate)}
        </Link>
      ),
    },
    { key: 'model', header: t('vehicles.columns.model'), render: (v) => [v.brand, v.model].filter(Boolean).join(' ') },
    { key: 'kind', header: t('vehicles.columns.kind'), render: (v) => t(`kind.${v.kind}`) },
    { key: 'licence_classes', header: t('vehicles.columns.licences'), render: (v) => v.licence_classes.join(', ') },
    {
      key: 'itv_due',
      header: t('vehicles.columns.itv'),
      render: (v) => (
        <span className="fleet-itv">
          {v.itv_due && <span className="fleet-itv__date">{formatDate(v.itv_due)}</span>}
          <ItvBadge state={v.itv.state} />
        </span>
      ),
    },
    { key: 'odometer_km', header: t('vehicles.columns.km'), className: 'fleet-num', render: (v) => formatKm(v.odometer_km) },
    { key: 'state', header: t('vehicles.columns.state'), render: (v) => <StateBadge state={v.state} of="vehicle" /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (v) => (
        <Link className="vk-btn vk-btn--light" to={`/vehicle/view/${v.id}`} aria-label={t('vehicles.openNamed', { plate: formatPlate(v.plate) })}>
          {t('open')}
        </Link>
      ),
    },
  ];

  return (
    <div className="fleet-page" data-testid="vehicle-list">
      <AlertsBanner api={api} />
      <FilteredList<VehicleItem>
        label={t('vehicles.table')}
        columns={columns}
        rowKey={(v) => v.id}
        load={load}
        filtersKey={JSON.stringify(filters)}
        searchPlaceholder={t('vehicles.search')}
        empty={t('vehicles.empty')}
        filters={
          <>
            <FilterSelect
              label={t('vehicles.filters.kind')}
              value={filters.kind}
              options={[{ value: '', label: t('vehicles.filters.allKinds') }, ...VEHICLE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))]}
              onChange={(kind) => set({ kind })}
            />
            <FilterSelect
              label={t('vehicles.filters.fuel')}
              value={filters.fuel}
              options={[{ value: '', label: t('vehicles.filters.allFuels') }, ...FUELS.map((f) => ({ value: f, label: t(`fuel.${f}`) }))]}
              onChange={(fuel) => set({ fuel })}
            />
            <FilterSelect
              label={t('vehicles.filters.licence')}
              value={filters.licence}
              options={[{ value: '', label: t('vehicles.filters.allLicences') }, ...LICENCE_CLASSES.map((l) => ({ value: l, label: t('vehicles.filters.licenceClass', { licence: l }) }))]}
              onChange={(licence) => set({ licence })}
            />
            <FilterSelect
              label={t('filters.state')}
              value={filters.state}
              options={STATE_FILTERS.map((s) => ({ value: s, label: t(`filters.vehicle.${s || 'open'}`) }))}
              onChange={(state) => set({ state: state as StateFilter })}
            />
            <label className="vk-check fleet-check">
              <input type="checkbox" checked={filters.itvDue} onChange={(e) => set({ itvDue: e.target.checked })} />
              <span>{t('vehicles.filters.itvDue')}</span>
            </label>
          </>
        }
        actions={
          session.can(VEHICLES_PERMISSION) && (
            <Link className="vk-btn vk-btn--primary" to="/vehicle/view/0">
              {t('vehicles.new')}
            </Link>
          )
        }
      />
    </div>
  );
}
