import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, formatDateTime, useLoad, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Report, ReportMeeting, RoomsApi } from '../api';
import { KindLabel } from './Badges';

type Person = Report['people'][number];
type Attendee = ReportMeeting['attendees'][number];

/**
 * "Informe": the room's attendance (`GET athena/reports/{id}`): the total per person (meetings
 * and minutes), then each meeting (when it started and ended, who opened it, how long) with who
 * attended, from when to when and for how many minutes. "Actualizar" reads it again.
 */
export function ReportTab({ api, roomId }: { api: RoomsApi; roomId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const read = useCallback(() => api.rooms.report(roomId), [api, roomId]);
  const report = useLoad(read);
  const minutes = (count: number) => t('report.minutes', { count });

  if (!report.data) return <PageState error={report.failed} onRetry={report.reload} />;
  const { people, meetings } = report.data;

  const personColumns: Column<Person>[] = [
    { key: 'name', header: t('report.columns.name'), render: (p) => <span data-testid="report-person">{p.name}</span> },
    { key: 'kind', header: t('report.columns.kind'), render: (p) => <KindLabel kind={p.kind} /> },
    { key: 'meetings', header: t('report.columns.meetings'), className: 'rooms-num', render: (p) => p.meetings },
    { key: 'minutes', header: t('report.columns.minutes'), className: 'rooms-num', render: (p) => minutes(p.minutes) },
  ];
  const attendeeColumns: Column<Attendee>[] = [
    { key: 'name', header: t('report.columns.name'), render: (a) => <span data-testid="report-attendee">{a.name}</span> },
    { key: 'kind', header: t('report.columns.kind'), render: (a) => <KindLabel kind={a.kind} /> },
    { key: 'joined_at', header: t('report.columns.joined_at'), className: 'rooms-nowrap', render: (a) => formatDateTime(a.joined_at) },
    { key: 'last_seen_at', header: t('report.columns.last_seen_at'), className: 'rooms-nowrap', render: (a) => formatDateTime(a.last_seen_at) },
    { key: 'minutes', header: t('report.columns.minutes'), className: 'rooms-num', render: (a) => minutes(a.minutes) },
  ];

  return (
    <div className="rooms-section" data-testid="report">
      <div className="rooms-toolbar">
        <p className="muted">{t('report.hint')}</p>
        <button type="button" className="vk-btn vk-btn--light" onClick={report.reload}>
          {t('report.refresh')}
        </button>
      </div>
      <section aria-labelledby="rooms-report-people">
        <h3 id="rooms-report-people" className="rooms-subtitle">
          {t('report.people')}
        </h3>
        <DataTable<Person> columns={personColumns} rows={people} rowKey={(p) => `${p.kind}-${p.name}`} label={t('report.people')} empty={t('report.noPeople')} />
      </section>
      <section aria-labelledby="rooms-report-meetings" className="rooms-section">
        <h3 id="rooms-report-meetings" className="rooms-subtitle">
          {t('report.meetings', { count: meetings.length })}
        </h3>
        {meetings.length === 0 && (
          <p className="muted" data-testid="no-meetings">
            {t('report.noMeetings')}
          </p>
        )}
        {meetings.map((m) => (
          <article key={m.id} className="rooms-meeting" data-testid="report-meeting">
            <h4 className="rooms-meeting__title" data-testid="report-meeting-title">
              {m.ended_at
                ? t('report.meeting', { start: formatDateTime(m.started_at), end: formatDateTime(m.ended_at) })
                : t('report.meetingOpen', { start: formatDateTime(m.started_at) })}
            </h4>
            <p className="muted" data-testid="report-meeting-facts">
              {t('report.meetingFacts', { name: m.started_by_name ?? t('none'), minutes: minutes(m.minutes) })}
            </p>
            <DataTable<Attendee>
              columns={attendeeColumns}
              rows={m.attendees}
              rowKey={(a) => `${a.kind}-${a.name}-${a.joined_at}`}
              label={t('report.attendees', { start: formatDateTime(m.started_at) })}
              empty={t('report.noAttendees')}
            />
          </article>
        ))}
      </section>
    </div>
  );
}
