import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, formatDate, formatEuros, useApi, usePageLayout, useRecord, useSession, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { fleetApi, type MaintenanceEntry, type WorkshopView } from '../api';
import { formatPlate } from '../format';
import { StateBadge } from '../components/Badges';
import { RecordActions } from '../components/RecordActions';
import { WorkshopForm } from '../components/WorkshopForm';
import { WORKSHOPS_PERMISSION } from '../permissions';

/**
 * /workshop/view/:workshop_id — a workshop (0: a new one): its data (save; with
 * `fleet.workshops`), deactivate / activate and delete (confirmed), and the latest jobs done
 * there (plate to the vehicle, date, kind, cost; with the vehicle service).
 */
export default function WorkshopViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => fleetApi(client), [client]);
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const id = Number(useParams().workshop_id) || 0;
  const { record: workshop, show, failed, formKey, load } = useRecord<WorkshopView>(id, api.workshops.read);
  const canEdit = session.can(WORKSHOPS_PERMISSION);
  const title = workshop?.name || (id ? t('workshop.title') : t('workshop.new'));
  usePageLayout({ title, breadcrumbs: [{ label: t('workshops.title'), to: '/workshop/list' }, { label: title }] });


  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (id && !workshop) return <PageState error={null} />;

  const back = (
    <Link className="vk-btn vk-btn--light" to="/workshop/list">
      {t('workshop.back')}
    </Link>
  );

  if (!workshop) {
    return (
      <div className="fleet-page" data-testid="workshop-view">
        <section className="card">
          <h2 className="card__title">{t('workshop.new')}</h2>
          <WorkshopForm
            workshop={null}
            readOnly={!canEdit}
            submitLabel={t('workshop.create')}
            onSubmit={async (fields) => {
              const created = await api.workshops.create(fields);
              toast.success(t('workshop.created', { name: created.name }));
              navigate(`/workshop/view/${created.id}`, { replace: true });
            }}
          />
          {!canEdit && <p className="muted">{t('noPermission')}</p>}
        </section>
        <div className="fleet-actions">{back}</div>
      </div>
    );
  }

  const deleted = workshop.state === 'deleted';
  const jobColumns: Column<MaintenanceEntry>[] = [
    {
      key: 'plate',
      header: t('workshop.jobs.plate'),
      render: (m) => (
        <Link to={`/vehicle/view/${m.vehicle_id}`} className="fleet-nowrap" data-testid="job-plate">
          {formatPlate(m.plate)}
        </Link>
      ),
    },
    { key: 'done_on', header: t('workshop.jobs.date'), render: (m) => formatDate(m.done_on) },
    { key: 'kind', header: t('workshop.jobs.kind'), render: (m) => (m.itv_result ? t('workshop.jobs.itvWith', { result: t(`itvResult.${m.itv_result}`) }) : t(`upkeepKind.${m.kind}`)) },
    { key: 'description', header: t('workshop.jobs.description'), className: 'fleet-text' },
    { key: 'cost_cents', header: t('workshop.jobs.cost'), className: 'fleet-num', render: (m) => formatEuros(m.cost_cents) },
  ];

  return (
    <div className="fleet-page" data-testid="workshop-view">
      <section className="card fleet-head">
        <div>
          <h2 className="fleet-head__name" data-testid="workshop-title">
            {workshop.name}
          </h2>
          <p className="muted">{[t(`category.${workshop.category}`), workshop.city].filter(Boolean).join(' · ')}</p>
          <StateBadge state={workshop.state} of="workshop" />
        </div>
        <div className="fleet-actions">
          {canEdit && (
            <RecordActions
              of="workshop"
              name={workshop.name}
              state={workshop.state}
              setState={(state) => api.workshops.setState(workshop.id, state)}
              remove={() => api.workshops.remove(workshop.id)}
              onChanged={load}
            />
          )}
          {back}
        </div>
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--danger" role="status">
          {t('workshop.deletedNotice')}
        </p>
      )}
      <section className="card">
        <h2 className="card__title">{t('workshop.data')}</h2>
        <WorkshopForm
          key={formKey}
          workshop={workshop}
          readOnly={!canEdit || deleted}
          submitLabel={t('workshop.save')}
          onSubmit={async (fields) => {
            const saved = await api.workshops.update(workshop.id, fields);
            // the form keeps what was typed (no redraw): only the header and the record change
            show({ ...workshop, ...saved }, { redraw: false });
            toast.success(t('workshop.saved'));
          }}
        />
      </section>
      {workshop.jobs !== null && (
        <section className="card fleet-section" aria-labelledby="fleet-workshop-jobs" data-testid="workshop-jobs">
          <h2 id="fleet-workshop-jobs" className="card__title">
            {t('workshop.jobs.title')}
          </h2>
          <DataTable<MaintenanceEntry> label={t('workshop.jobs.title')} columns={jobColumns} rows={workshop.jobs} rowKey={(m) => m.id} empty={t('workshop.jobs.empty')} />
        </section>
      )}
    </div>
  );
}
