import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, SearchInput, errorList, formatDate, useApi, useLoad, usePageLayout, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { ALL_ROWS, agendaApi, type ScheduleEvent } from '../api';
import { addDays, byDay, dayHeading, hours, mondayOf, today, weekFrom } from '../format';
import { scheduleViewPath } from '../paths';

/**
 * `/schedule/list` — the events of a week, Monday to Sunday, grouped by day
 * (`GET schedule/read?from=&to=`): this week at first, the previous or next one, back to "Hoy";
 * "Solo los míos" sends `user_id=me`, and a search. Each event shows its hours ("Todo el día"
 * without them), title (a link to it), place and people, and "Celebrado" (`schedule/check`),
 * which shows what the host stored.
 */
export default function ScheduleListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => agendaApi(client), [client]);
  const toast = useToast();
  const headingId = useId();
  const [monday, setMonday] = useState(() => mondayOf(today()));
  const [mine, setMine] = useState(false);
  const [search, setSearch] = useState('');
  // the events the host answered to a check, until the week is read again
  const [stored, setStored] = useState<Record<number, ScheduleEvent>>({});
  const [checking, setChecking] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const title = t('events.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const week = weekFrom(monday);
  const load = useCallback(
    () => api.events.list({ ...weekFrom(monday), user_id: mine ? 'me' : undefined, search, per_page: ALL_ROWS }),
    [api, monday, mine, search],
  );
  const { data, failed, reload } = useLoad(load);
  useEffect(() => setStored({}), [data]);

  async function check(event: ScheduleEvent, checked: boolean) {
    setFailures([]);
    setChecking(event.id);
    try {
      const answer = await api.events.check(event.id, checked);
      setStored((s) => ({ ...s, [answer.id]: answer }));
      toast.success(t(answer.checked ? 'events.check.held' : 'events.check.notHeld', { title: answer.title }));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setChecking(null);
    }
  }

  const people = (e: ScheduleEvent) => e.users.map((u) => u.name || t('userNumber', { id: u.user_id })).join(', ');
  const columns: Column<ScheduleEvent>[] = [
    { key: 'hours', header: t('events.columns.hours'), className: 'agenda-nowrap', render: (e) => <span data-testid="event-hours">{hours(e) ?? t('events.allDay')}</span> },
    {
      key: 'title',
      header: t('events.columns.title'),
      render: (e) => (
        <Link to={scheduleViewPath(e.id)} data-testid="event-title">
          {e.title}
        </Link>
      ),
    },
    { key: 'place', header: t('events.columns.place'), render: (e) => e.place || t('none') },
    { key: 'people', header: t('events.columns.people'), render: (e) => people(e) || t('none') },
    {
      key: 'checked',
      header: t('events.columns.checked'),
      render: (e) => (
        <label className="agenda-toggle">
          <input
            type="checkbox"
            checked={e.checked}
            disabled={checking === e.id}
            aria-label={t('events.check.label', { title: e.title })}
            onChange={(ev) => void check(e, ev.target.checked)}
          />
          {t('events.held')}
        </label>
      ),
    },
  ];

  const events = (data?.items ?? []).map((e) => stored[e.id] ?? e);
  const days = byDay(events);
  return (
    <div className="agenda-page" data-testid="schedule-list">
      <section className="card agenda-toolbar" aria-labelledby={headingId}>
        <div className="agenda-week">
          <button type="button" className="vk-btn vk-btn--light" onClick={() => setMonday((m) => addDays(m, -7))}>
            {t('events.week.previous')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" onClick={() => setMonday(mondayOf(today()))}>
            {t('events.week.today')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" onClick={() => setMonday((m) => addDays(m, 7))}>
            {t('events.week.next')}
          </button>
          <h2 id={headingId} className="agenda-week__label" data-testid="week">
            {t('events.week.label', { from: formatDate(week.from), to: formatDate(week.to) })}
          </h2>
        </div>
        <div className="agenda-week">
          <SearchInput onSearch={setSearch} placeholder={t('events.search')} />
          <label className="agenda-toggle">
            <input type="checkbox" checked={mine} onChange={(ev) => setMine(ev.target.checked)} />
            {t('events.mine')}
          </label>
          <Link className="vk-btn vk-btn--primary" to={scheduleViewPath(0)}>
            {t('events.new')}
          </Link>
        </div>
      </section>
      {failed !== null && (
        <div className="vk-alert vk-alert--danger" role="alert">
          <span>{failed || t('events.loadError')}</span>{' '}
          <button type="button" className="vk-btn vk-btn--light" onClick={reload}>
            {t('retry')}
          </button>
        </div>
      )}
      <ErrorList messages={failures} testId="event-action-errors" />
      {data && data.total > data.items.length && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="events-more">
          {t('events.more', { shown: data.items.length, total: data.total })}
        </p>
      )}
      {data && days.length === 0 && (
        <p className="muted" role="status" data-testid="events-empty">
          {t('events.empty')}
        </p>
      )}
      {days.map((day) => (
        <section key={day.date} className="card agenda-section" aria-labelledby={`${headingId}-${day.date}`} data-testid="event-day">
          <div className="agenda-section__head">
            <h3 id={`${headingId}-${day.date}`} className="card__title agenda-day">
              {dayHeading(day.date)}
            </h3>
            <p className="muted">{t('events.count', { count: day.events.length })}</p>
          </div>
          <DataTable<ScheduleEvent> label={t('events.dayTable', { day: formatDate(day.date) })} columns={columns} rows={day.events} rowKey={(e) => e.id} />
        </section>
      ))}
    </div>
  );
}
