import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, GroupChip, PageState, changedFields, errorList, useApi, useConfirm, useLoad, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { alarmsApi, type Alarm } from '../api';
import { formatMoment, today } from '../format';
import { alarmListPath, alarmViewPath } from '../paths';
import { AlarmForm, alarmFields, createBody } from '../components/AlarmForm';

/**
 * `/alarma/view/:alarma_id` — an alarm (`GET alarma/read?id=`), or a new one (0): when it goes
 * off next ("Sonará el …" or "No volverá a sonar") and last went off, the form (`create`, or
 * `update` with only what changed) and "Eliminar" (`delete`, asked first). A deleted alarm stays
 * readable, read only.
 */
export default function AlarmViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => alarmsApi(client), [client]);
  const raw = useParams().alarma_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const staff = useLoad(api.staff);
  const groups = useLoad(api.groups.list);
  const { record: alarm, show, failed, formKey, load } = useRecord<Alarm>(Math.max(id, 0), api.alarms.read);
  const [failures, setFailures] = useState<string[]>([]);
  const isNew = id === 0;
  const title = isNew ? t('create.title') : (alarm?.title ?? t('view.fallback'));
  usePageLayout({ title, breadcrumbs: [{ label: t('alarms.title'), to: alarmListPath('alarms') }, { label: title }] });

  const lists = { staff: staff.data, staffFailed: staff.failed !== null, groups: groups.data, groupsFailed: groups.failed !== null };

  if (id < 0) return <PageState error={t('view.notFound')} />;
  if (isNew) {
    return (
      <div className="alarms-page" data-testid="alarm-view">
        <section className="card" aria-labelledby="alarms-create-title">
          <h2 id="alarms-create-title" className="card__title">
            {t('create.title')}
          </h2>
          <AlarmForm
            alarm={null}
            day={today()}
            {...lists}
            label={t('create.title')}
            submitLabel={t('create.submit')}
            onSubmit={async (body) => {
              const created = await api.alarms.create(createBody(body));
              toast.success(t('create.created', { title: created.title }));
              navigate(alarmViewPath(created.id), { replace: true });
            }}
            extra={
              <Link className="vk-btn vk-btn--light" to={alarmListPath('alarms')}>
                {t('cancel')}
              </Link>
            }
          />
        </section>
      </div>
    );
  }
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!alarm) return <PageState error={null} />;

  const deleted = alarm.state === 'deleted';

  async function remove() {
    if (!alarm) return;
    const ok = await confirm({ title: t('delete.title'), message: t('delete.question', { title: alarm.title }), confirmLabel: t('delete.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      await api.alarms.remove(alarm.id);
      toast.success(t('delete.done', { title: alarm.title }));
      navigate(alarmListPath('alarms'));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  return (
    <div className="alarms-page" data-testid="alarm-view">
      <section className="card alarms-head">
        <div>
          <h2 className="alarms-head__title" data-testid="alarm-title">
            {alarm.title}
          </h2>
          <p className="alarms-badges">
            <GroupChip look="dot" name={alarm.group?.name} color={alarm.group?.color} />
            <span className="vk-badge" data-testid="alarm-repeat">
              {t(`repeat.${alarm.repeat}`, { defaultValue: alarm.repeat })}
            </span>
            {deleted && <DeletedBadge label={t('deleted')} />}
          </p>
          <p data-testid="alarm-next">{alarm.next_at ? t('view.next', { when: formatMoment(alarm.next_at) }) : t('view.never')}</p>
          <p className="muted" data-testid="alarm-last">
            {alarm.last_fired_at ? t('view.lastFired', { when: formatMoment(alarm.last_fired_at) }) : t('view.notFired')}
          </p>
          {alarm.created_by_name && <p className="muted">{t('view.createdBy', { name: alarm.created_by_name })}</p>}
        </div>
        <div className="alarms-actions">
          <Link className="vk-btn vk-btn--light" to={alarmListPath('alarms')}>
            {t('back')}
          </Link>
          {!deleted && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
              {t('delete.action')}
            </button>
          )}
        </div>
        <ErrorList messages={failures} testId="alarm-action-errors" />
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status">
          {t('view.deletedNotice')}
        </p>
      )}
      <section className="card" aria-labelledby="alarms-edit-title">
        <h2 id="alarms-edit-title" className="card__title">
          {t('view.editTitle')}
        </h2>
        <AlarmForm
          key={formKey}
          alarm={alarm}
          day={alarm.date}
          {...lists}
          disabled={deleted}
          label={t('view.editTitle')}
          submitLabel={t('save')}
          onSubmit={async (body) => {
            const changed = changedFields(body, alarmFields(alarm));
            if (Object.keys(changed).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            show(await api.alarms.update(alarm.id, changed));
            toast.success(t('view.saved', { title: body.title }));
          }}
        />
      </section>
    </div>
  );
}
