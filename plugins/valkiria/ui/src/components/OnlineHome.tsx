import { useTranslation } from 'react-i18next';
import { DataTable, formatDate, formatDateTime, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Enrolment, OnlineHome as Home, StudentTest } from '../api';
import { countOf } from '../format';
import { DaysLeft } from './Badges';
import { SummaryTab } from './StudentReports';

/**
 * What a student sees on their page at home (`GET valkiria/online/read`): their enrolments (the
 * licence, the last day, the days left or "Caducada"), their tests (questions, minutes and errors
 * allowed as the bank shows them; how often they took each, passed, their fewest errors and the
 * last time; an expired test or a licence whose enrolment expired marked) each with "Hacer el
 * test", and their figures and last attempts (the staff's summary).
 */
export function OnlineHome({ home, onTake }: { home: Home; onTake(test: StudentTest): void }) {
  const { t } = useTranslation(NAMESPACE);
  const enrolments = home.enrolments ?? [];
  const lapsed = new Set(enrolments.filter((e) => e.expired || e.days_left < 0).map((e) => e.licence));
  const paused = new Set(enrolments.filter((e) => e.state === 'inactive').map((e) => e.licence));

  const enrolmentColumns: Column<Enrolment>[] = [
    { key: 'licence', header: t('columns.licence'), render: (e) => <strong data-testid="online-enrolment-licence">{t('licenceNamed', { licence: e.licence })}</strong> },
    { key: 'expires_on', header: t('columns.until'), className: 'valkiria-nowrap', render: (e) => <span data-testid="online-enrolment-expires">{formatDate(e.expires_on)}</span> },
    {
      key: 'days',
      header: t('columns.daysLeft'),
      render: (e) =>
        e.state === 'inactive' ? (
          <span className="vk-badge vk-badge--warning" data-testid="online-enrolment-paused">
            {t('online.paused')}
          </span>
        ) : (
          <DaysLeft days={e.days_left} expired={e.expired} />
        ),
    },
  ];

  const testColumns: Column<StudentTest>[] = [
    {
      key: 'name',
      header: t('columns.test'),
      render: (s) => (
        <span className="valkiria-inline">
          <span data-testid="online-test-name">{s.name}</span>
          {s.expired && (
            <span className="vk-badge vk-badge--danger" data-testid="online-test-expired">
              {s.expires_on ? t('expiry.expiredOn', { date: formatDate(s.expires_on) }) : t('expiry.expired')}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'licence',
      header: t('columns.licence'),
      render: (s) => (
        <span className="valkiria-inline">
          {s.licence}
          {lapsed.has(s.licence) && (
            <span className="vk-badge vk-badge--danger" data-testid="online-test-lapsed">
              {t('online.lapsed')}
            </span>
          )}
          {!lapsed.has(s.licence) && paused.has(s.licence) && (
            <span className="vk-badge vk-badge--warning" data-testid="online-test-paused">
              {t('online.paused')}
            </span>
          )}
        </span>
      ),
    },
    { key: 'questions', header: t('columns.questions'), className: 'valkiria-num', render: (s) => countOf(s.questions) },
    { key: 'minutes', header: t('columns.minutes'), className: 'valkiria-num', render: (s) => s.minutes ?? t('none') },
    { key: 'max_errors', header: t('columns.maxErrors'), className: 'valkiria-num', render: (s) => s.max_errors ?? t('none') },
    { key: 'times', header: t('columns.times'), className: 'valkiria-num', render: (s) => s.times },
    { key: 'passed', header: t('columns.passed'), className: 'valkiria-num', render: (s) => s.passed },
    { key: 'best', header: t('columns.bestErrors'), className: 'valkiria-num', render: (s) => s.best_errors ?? t('none') },
    { key: 'last', header: t('columns.lastAttempt'), className: 'valkiria-nowrap', render: (s) => (s.last_at ? formatDateTime(s.last_at) : t('none')) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (s) => (
        <button type="button" className="vk-btn vk-btn--primary" aria-label={t('online.takeNamed', { name: s.name })} data-testid="online-take" onClick={() => onTake(s)}>
          {t('online.take')}
        </button>
      ),
    },
  ];

  return (
    <>
      <section className="card" aria-labelledby="valkiria-online-enrolments" data-testid="online-enrolments">
        <h2 id="valkiria-online-enrolments" className="card__title">
          {t('online.enrolments')}
        </h2>
        <DataTable columns={enrolmentColumns} rows={enrolments} rowKey={(e) => e.id} label={t('online.enrolments')} empty={t('online.noEnrolments')} />
      </section>
      <section className="card" aria-labelledby="valkiria-online-tests" data-testid="online-tests">
        <h2 id="valkiria-online-tests" className="card__title">
          {t('online.tests')}
        </h2>
        <DataTable columns={testColumns} rows={home.tests ?? []} rowKey={(s) => s.id} label={t('online.tests')} empty={t('online.noTests')} />
      </section>
      <section className="card" aria-labelledby="valkiria-online-results" data-testid="online-results">
        <h2 id="valkiria-online-results" className="card__title">
          {t('online.results')}
        </h2>
        {home.resume ? <SummaryTab summary={home.resume} /> : <p className="muted">{t('summary.noAttempts')}</p>}
      </section>
    </>
  );
}
