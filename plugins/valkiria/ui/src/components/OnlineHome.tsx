import { useTranslation } from 'react-i18next';
import { DataTable, formatDate, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Enrolment, OnlineHome as Home, StudentTest } from '../api';
import { countOf } from '../format';
import { DaysLeft, NoRepetitions, TimesLeft } from './Badges';
import { SummaryTab } from './StudentReports';

/**
 * What a student sees on their page at home (`GET valkiria/online/read`): their enrolments (the
 * licence, the last day, the days left or "Caducada"), their tests (the licence, questions, minutes
 * and errors allowed as the bank shows them under the name; how often they took each, passed, their
 * fewest errors and the last day, or "Sin hacer"; under the enrolment's repetitions, "Le quedan
 * N"; an expired test or a licence whose enrolment expired marked) each with "Hacer el test" ("Sin
 * repeticiones" instead once they are used up), and their figures and last attempts (the staff's
 * summary).
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

  /** "Permiso B · 3 preguntas · 20 min · 0 errores permitidos": the test as the bank shows it. */
  const detail = (s: StudentTest) =>
    [
      t('licenceNamed', { licence: s.licence }),
      t('online.questions', { count: countOf(s.questions) }),
      s.minutes === null || s.minutes === undefined ? null : t('online.minutes', { count: s.minutes }),
      s.max_errors === null || s.max_errors === undefined ? null : t('online.errorsAllowed', { count: s.max_errors }),
    ]
      .filter(Boolean)
      .join(' · ');
  /** "1 vez · 0 aprobados · mejor: 1 error · último 27/11/2026", or "Sin hacer". */
  const record = (s: StudentTest) =>
    s.times > 0
      ? [
          t('online.times', { count: s.times }),
          t('online.passed', { count: s.passed }),
          s.best_errors === null || s.best_errors === undefined ? null : t('online.best', { count: s.best_errors }),
          s.last_at ? t('online.last', { date: formatDate(s.last_at) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : t('online.notTaken');

  // Three cells, so that "Hacer el test" is in sight in the public page's column (and, on a
  // phone, each test a card: valkiria.css).
  const testColumns: Column<StudentTest>[] = [
    {
      key: 'name',
      header: t('columns.test'),
      render: (s) => (
        <div className="valkiria-test">
          <span className="valkiria-inline">
            <strong data-testid="online-test-name">{s.name}</strong>
            {s.expired && (
              <span className="vk-badge vk-badge--danger" data-testid="online-test-expired">
                {s.expires_on ? t('expiry.expiredOn', { date: formatDate(s.expires_on) }) : t('expiry.expired')}
              </span>
            )}
          </span>
          <span className="valkiria-inline valkiria-test__detail">
            <span className="muted" data-testid="online-test-detail">
              {detail(s)}
            </span>
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
        </div>
      ),
    },
    {
      key: 'record',
      header: t('online.record'),
      className: 'valkiria-test__record',
      render: (s) => (
        <>
          <span className={s.times > 0 ? undefined : 'muted'} data-testid="online-test-record">
            {record(s)}
          </span>
          <TimesLeft left={s.times_left} testId="online-test-left" />
        </>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (s) =>
        s.times_left === 0 ? (
          <NoRepetitions testId="online-no-repetitions" />
        ) : (
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
        <div className="valkiria-tests">
          <DataTable columns={testColumns} rows={home.tests ?? []} rowKey={(s) => s.id} label={t('online.tests')} empty={t('online.noTests')} />
        </div>
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
