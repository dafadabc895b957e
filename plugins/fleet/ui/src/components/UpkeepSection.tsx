import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, errorList, formatDate, formatEuros, useConfirm, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FleetApi, MaintenanceEntry } from '../api';
import { formatKm } from '../format';
import { UpkeepForm } from './UpkeepForm';

/**
 * A vehicle's upkeep (`GET vehicle/maintenance/read`): the entries newest first (date, kind, ITV
 * verdict and next date, workshop, kilometres, cost, description) with the total cost; with
 * `fleet.vehicles` on a vehicle not deleted, "Anotar" and deleting an entry (confirmed). After a
 * change the page reads the vehicle again (its ITV date and kilometres may have moved).
 */
export function UpkeepSection({ api, vehicleId, canEdit, onChanged }: { api: FleetApi; vehicleId: number; canEdit: boolean; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [data, setData] = useState<{ items: MaintenanceEntry[]; total_cost_cents: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(() => {
    setFailed(null);
    api.maintenance.list(vehicleId).then(setData, (e) => setFailed(errorList(e)[0]?.details ?? ''));
  }, [api, vehicleId]);
  useEffect(load, [load]);

  async function remove(entry: MaintenanceEntry) {
    const what = t('upkeep.entryName', { kind: t(`upkeepKind.${entry.kind}`), date: formatDate(entry.done_on) });
    if (!(await confirm({ message: t('upkeep.deleteQuestion', { what }), confirmLabel: t('upkeep.delete'), tone: 'danger' }))) return;
    try {
      await api.maintenance.remove(entry.id);
      toast.success(t('upkeep.deleted'));
      load();
      onChanged();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  const columns: Column<MaintenanceEntry>[] = [
    { key: 'done_on', header: t('upkeep.columns.date'), render: (m) => formatDate(m.done_on) },
    { key: 'kind', header: t('upkeep.columns.kind'), render: (m) => <span data-testid="upkeep-kind">{t(`upkeepKind.${m.kind}`)}</span> },
    {
      key: 'itv_result',
      header: t('upkeep.columns.verdict'),
      render: (m) =>
        m.itv_result && (
          <>
            <span data-testid="upkeep-verdict">{t(`itvResult.${m.itv_result}`)}</span>
            {m.next_itv_due && <small className="muted fleet-block">{t('upkeep.nextItv', { date: formatDate(m.next_itv_due) })}</small>}
          </>
        ),
    },
    {
      key: 'workshop',
      header: t('upkeep.columns.workshop'),
      render: (m) => (m.workshop_id && m.workshop_name ? <Link to={`/workshop/view/${m.workshop_id}`}>{m.workshop_name}</Link> : ''),
    },
    { key: 'odometer_km', header: t('upkeep.columns.km'), className: 'fleet-num', render: (m) => formatKm(m.odometer_km) },
    { key: 'cost_cents', header: t('upkeep.columns.cost'), className: 'fleet-num', render: (m) => formatEuros(m.cost_cents) },
    { key: 'description', header: t('upkeep.columns.description'), className: 'fleet-text' },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (m) => (
        <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove(m)}>
          {t('upkeep.delete')}
        </button>
      ),
    });
  }

  return (
    <section className="card fleet-section" aria-labelledby="fleet-upkeep-title" data-testid="upkeep">
      <h2 id="fleet-upkeep-title" className="card__title">
        {t('upkeep.title')}
      </h2>
      {data ? (
        <>
          <DataTable<MaintenanceEntry> label={t('upkeep.table')} columns={columns} rows={data.items} rowKey={(m) => m.id} empty={t('upkeep.empty')} />
          <p className="fleet-total" data-testid="upkeep-total">
            {t('upkeep.total', { amount: formatEuros(data.total_cost_cents) })}
          </p>
        </>
      ) : (
        <PageState error={failed} onRetry={load} />
      )}
      {canEdit && (
        <UpkeepForm
          api={api}
          vehicleId={vehicleId}
          onSaved={() => {
            toast.success(t('upkeep.saved'));
            load();
            onChanged();
          }}
        />
      )}
    </section>
  );
}
