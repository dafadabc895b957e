import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, errorList, useApi, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { clockApi, type ClockStatus, type Dashboard } from '../api';
import { dayMonthText, timeOnDay, weekday } from '../time';
import { EntriesTable } from './EntriesTable';
import { LoadState } from './LoadState';
import { useDuration } from './useDuration';

type Action = 'init' | 'pause' | 'finish';

/**
 * "Mi jornada": the caller's state (`clock/dashboard`), the buttons that make sense for it
 * (start or resume, pause, finish after confirming), today's worked and paused time and
 * intervals, and the week Monday to Sunday. The dashboard is asked again after every action.
 */
export function TodayTab() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => clockApi(client), [client]);
  const confirm = useConfirm();
  const toast = useToast();
  const duration = useDuration();
  const [dashboard, setDashboard] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      api.dashboard().then(
        (answer) => {
          setDashboard(answer);
          setFailed(null);
        },
        (e) => setFailed(errorList(e)[0]?.details ?? ''),
      ),
    [api],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (!dashboard) {
    return (
      <LoadState
        error={failed}
        testId="dashboard-state"
        onRetry={() => {
          setFailed(null);
          void load();
        }}
      />
    );
  }

  const { status, today, week } = dashboard;

  async function act(action: Action) {
    if (action === 'finish') {
      const ok = await confirm({ title: t('today.finishTitle'), message: t('today.finishQuestion'), confirmLabel: t('today.finish'), tone: 'danger' });
      if (!ok) return;
    }
    const resuming = action === 'init' && status.state === 'paused';
    setBusy(true);
    setErrors([]);
    try {
      await (action === 'init' ? api.init() : action === 'pause' ? api.pause() : api.finish());
      toast.success(t(resuming ? 'today.done.resume' : `today.done.${action}`));
    } catch (e) {
      setErrors(errorList(e).map((item) => item.details || t('actionError')));
    }
    await load();
    setBusy(false);
  }

  return (
    <div className="clock-today">
      <section className="card clock-status" aria-labelledby="clock-status-title">
        <h2 id="clock-status-title" className="card__title">
          {t('today.title')}
        </h2>
        <p className={`clock-state clock-state--${status.state}`} data-testid="clock-state" data-state={status.state}>
          <StatusText status={status} day={today.date} />
        </p>
        <ErrorList messages={failed === null ? errors : [...errors, failed || t('loadError')]} testId="clock-errors" />
        <div className="clock-actions">
          <button type="button" className="vk-btn vk-btn--primary" disabled={busy || status.state === 'working'} onClick={() => void act('init')}>
            {t(status.state === 'paused' ? 'today.resume' : 'today.start')}
          </button>
          <button type="button" className="vk-btn vk-btn--outline" disabled={busy || status.state !== 'working'} onClick={() => void act('pause')}>
            {t('today.pause')}
          </button>
          <button type="button" className="vk-btn vk-btn--danger" disabled={busy || status.state === 'closed'} onClick={() => void act('finish')}>
            {t('today.finish')}
          </button>
        </div>
        <dl className="clock-facts">
          <dt>{t('today.worked')}</dt>
          <dd data-testid="today-worked" data-minutes={today.worked_minutes}>
            {duration(today.worked_minutes)}
          </dd>
          <dt>{t('today.paused')}</dt>
          <dd data-testid="today-paused" data-minutes={today.paused_minutes}>
            {duration(today.paused_minutes)}
          </dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="clock-entries-title">
        <h2 id="clock-entries-title" className="card__title">
          {t('today.entries')}
        </h2>
        <EntriesTable entries={today.entries} day={today.date} label={t('today.entries')} />
      </section>

      <section className="card" aria-labelledby="clock-week-title">
        <h2 id="clock-week-title" className="card__title">
          {t('week.title')}
        </h2>
        <div className="vk-table-wrap">
          <table className="vk-table clock-week" aria-label={t('week.title')}>
            <thead>
              <tr>
                <th scope="col">{t('week.day')}</th>
                <th scope="col" className="clock-num">
                  {t('week.worked')}
                </th>
              </tr>
            </thead>
            <tbody>
              {week.days.map((d) => (
                <tr key={d.date} data-testid="week-day" data-date={d.date} aria-current={d.date === today.date ? 'date' : undefined} className={d.date === today.date ? 'clock-week__today' : undefined}>
                  <td>{t('week.dayName', { weekday: t(`weekday.${weekday(d.date)}`), date: dayMonthText(d.date) })}</td>
                  <td className="clock-num">{duration(d.worked_minutes)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('week.total')}</th>
                <td className="clock-num" data-testid="week-total" data-minutes={week.worked_minutes}>
                  {duration(week.worked_minutes)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
    </div>
  );
}

/** "Trabajando desde 09:00", "En pausa desde 13:00" or "Sin jornada abierta". */
function StatusText({ status, day }: { status: ClockStatus; day: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (status.state === 'closed') return <>{t('today.closed')}</>;
  const since = timeOnDay(status.since, day);
  if (!since) return <>{t(status.state === 'working' ? 'today.workingNow' : 'today.pausedNow')}</>;
  return <>{t(status.state === 'working' ? 'today.working' : 'today.pausedSince', { time: since })}</>;
}
