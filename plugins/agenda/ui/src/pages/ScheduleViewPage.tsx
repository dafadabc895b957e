import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, PageState, errorList, formatDate, useApi, useConfirm, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { agendaApi, type ScheduleEvent } from '../api';
import { changedFields, hours, today, withoutNulls } from '../format';
import { scheduleListPath, scheduleViewPath } from '../paths';
import { useStaff } from '../useStaff';
import { EventForm, reminderKey } from '../components/EventForm';
import { HeldBadge } from '../components/Badges';

/**
 * `/schedule/view/:schedule_id` — an event (`GET schedule/read?id=`), or a new one (0): the form
 * (`create`, or `update` with only what changed) and "Eliminar" (`delete`, asked first). A
 * deleted event stays readable, read only. Create leaves out empty hours but sends the reminder,
 * null for none.
 */
export default function ScheduleViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => agendaApi(client), [client]);
  const raw = useParams().schedule_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const { staff, failed: staffFailed } = useStaff(api.events.staff);
  const { record: event, show, failed, formKey, load } = useRecord<ScheduleEvent>(Math.max(id, 0), api.events.read);
  const [failures, setFailures] = useState<string[]>([]);
  const isNew = id === 0;
  const title = isNew ? t('events.create.title') : (event?.title ?? t('events.view.fallback'));
  usePageLayout({ title, breadcrumbs: [{ label: t('events.title'), to: scheduleListPath() }, { label: title }] });

  if (id < 0) return <PageState error={t('events.view.notFound')} />;
  if (isNew) {
    return (
      <div className="agenda-page" data-testid="event-view">
        <section className="card" aria-labelledby="agenda-event-create-title">
          <h2 id="agenda-event-create-title" className="card__title">
            {t('events.create.title')}
          </h2>
          <EventForm
            event={null}
            date={today()}
            staff={staff}
            staffFailed={staffFailed}
            label={t('events.create.title')}
            submitLabel={t('events.create.submit')}
            onSubmit={async (body) => {
              const created = await api.events.create({ ...withoutNulls(body), reminder_minutes: body.reminder_minutes });
              toast.success(t('events.create.created', { title: created.title }));
              navigate(scheduleViewPath(created.id), { replace: true });
            }}
            extra={
              <Link className="vk-btn vk-btn--light" to={scheduleListPath()}>
                {t('cancel')}
              </Link>
            }
          />
        </section>
      </div>
    );
  }
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!event) return <PageState error={null} />;

  const deleted = event.state === 'deleted';
  const reminder = event.reminder_minutes ?? null;

  async function remove() {
    if (!event) return;
    const ok = await confirm({ title: t('events.delete.title'), message: t('events.delete.question', { title: event.title }), confirmLabel: t('events.delete.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      await api.events.remove(event.id);
      toast.success(t('events.delete.done', { title: event.title }));
      navigate(scheduleListPath());
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  return (
    <div className="agenda-page" data-testid="event-view">
      <section className="card agenda-head">
        <div>
          <h2 className="agenda-head__title" data-testid="event-title">
            {event.title}
          </h2>
          <p className="muted" data-testid="event-when">
            {t('events.view.when', { date: formatDate(event.date), hours: hours(event) ?? t('events.allDay') })}
          </p>
          <p className="agenda-badges">
            <HeldBadge checked={event.checked} />
            {deleted && <DeletedBadge />}
          </p>
          <p className="muted" data-testid="event-reminder">
            {reminder === null ? t('events.reminder.none') : t('events.view.reminder', { reminder: t(reminderKey(reminder), { minutes: reminder }) })}
          </p>
          {event.created_by_name && <p className="muted">{t('events.view.createdBy', { name: event.created_by_name })}</p>}
        </div>
        <div className="agenda-actions">
          <Link className="vk-btn vk-btn--light" to={scheduleListPath()}>
            {t('back')}
          </Link>
          {!deleted && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
              {t('events.delete.action')}
            </button>
          )}
        </div>
        <ErrorList messages={failures} testId="event-action-errors" />
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status">
          {t('events.view.deletedNotice')}
        </p>
      )}
      <section className="card" aria-labelledby="agenda-event-edit-title">
        <h2 id="agenda-event-edit-title" className="card__title">
          {t('events.view.editTitle')}
        </h2>
        <EventForm
          key={formKey}
          event={event}
          date={event.date}
          staff={staff}
          staffFailed={staffFailed}
          disabled={deleted}
          label={t('events.view.editTitle')}
          submitLabel={t('save')}
          onSubmit={async (body) => {
            const changed = changedFields(body, event);
            if (Object.keys(changed).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            show(await api.events.update(event.id, changed));
            toast.success(t('events.view.saved', { title: body.title }));
          }}
        />
      </section>
    </div>
  );
}
