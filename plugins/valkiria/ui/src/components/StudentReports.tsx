import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart, DataTable, FilterSelect, PageState, formatDate, formatDateTime, useLoad, type Column, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Attempt, BlockProgress, EvolutionGroup, EvolutionPoint, FailedQuestion, StudentResume, StudentTest, ValkiriaApi } from '../api';
import { blockName, clock, decimal, letter, percent } from '../format';
import { EVOLUTION_GROUPS } from '../lists';
import { takePath } from '../paths';
import { Figure, NoRepetitions, PercentBar, ReadyBadge, ResultBadge, TimesLeft } from './Badges';

/**
 * How a student is doing (`POST valkiria/resume`): attempts, passed, pass rate, average errors,
 * "Preparado" (the last five passed) and the last ten attempts.
 */
export function SummaryTab({ summary }: { summary: StudentResume }) {
  const { t } = useTranslation(NAMESPACE);
  const columns: Column<Attempt>[] = [
    { key: 'taken_at', header: t('columns.date'), className: 'valkiria-nowrap', render: (a) => formatDateTime(a.taken_at) },
    { key: 'test', header: t('columns.test'), render: (a) => a.test_name || a.test || t('summary.testNumber', { id: a.test_id }) },
    { key: 'licence', header: t('columns.licence'), render: (a) => a.licence },
    { key: 'language', header: t('columns.language'), render: (a) => (a.language ? t(`languages.${a.language}`, { defaultValue: a.language }) : t('none')) },
    { key: 'errors', header: t('columns.errors'), className: 'valkiria-num', render: (a) => t('summary.errorsOf', { errors: a.errors, total: a.total }) },
    { key: 'seconds', header: t('columns.time'), className: 'valkiria-num', render: (a) => (a.seconds ? clock(a.seconds) : t('none')) },
    { key: 'result', header: t('columns.result'), render: (a) => <ResultBadge passed={a.passed} testId="attempt-result" /> },
  ];
  return (
    <div className="valkiria-page" data-testid="summary">
      <dl className="valkiria-figures">
        <Figure label={t('summary.attempts')} value={summary.attempts ?? 0} testId="summary-attempts" />
        <Figure label={t('summary.passed')} value={summary.passed ?? 0} testId="summary-passed" />
        <Figure label={t('summary.passRate')} value={percent(summary.pass_rate) || t('none')} testId="summary-pass-rate" />
        <Figure label={t('summary.averageErrors')} value={decimal(summary.average_errors) || t('none')} testId="summary-average-errors" />
        <Figure label={t('summary.readiness')} value={<ReadyBadge ready={summary.ready === true} />} testId="summary-ready" />
      </dl>
      <h3 className="valkiria-subtitle">{t('summary.last')}</h3>
      <DataTable columns={columns} rows={summary.last ?? []} rowKey={(a) => a.id} label={t('summary.last')} empty={t('summary.noAttempts')} />
    </div>
  );
}

/** A tab's list read when the tab opens: the table, or "Cargando…" and the host's error with a retry. */
function Loading<T>({ loaded, children }: { loaded: Loaded<T>; children(data: T): ReactNode }) {
  return loaded.data !== null ? <>{children(loaded.data)}</> : <PageState error={loaded.failed} onRetry={loaded.reload} />;
}

/**
 * The tests a student can take (`POST valkiria/vecestest`): how often (and, under the
 * enrolment's repetitions, how many more times: "Le quedan N"), passed, best, last, and "Hacer
 * test" — "Sin repeticiones" instead once they are used up, and nothing for a student `closed`
 * (inactive or deleted: the host would refuse), who is told why instead.
 */
export function TestsTab({ api, studentId, closed = null }: { api: ValkiriaApi; studentId: number; closed?: 'inactive' | 'deleted' | null }) {
  const { t } = useTranslation(NAMESPACE);
  const read = useCallback(() => api.students.tests(studentId), [api, studentId]);
  const tests = useLoad(read);
  const take: Column<StudentTest> = {
    key: 'actions',
    header: t('columns.actions'),
    className: 'vk-table__actions',
    render: (s) =>
      s.times_left === 0 ? (
        <NoRepetitions />
      ) : (
        <Link className="vk-btn vk-btn--primary" to={takePath(s.id, studentId)} aria-label={t('take.startNamed', { name: s.name })} data-testid="take-test">
          {t('take.start')}
        </Link>
      ),
  };
  const columns: Column<StudentTest>[] = [
    { key: 'name', header: t('columns.test'), render: (s) => <span data-testid="student-test-name">{s.name}</span> },
    { key: 'licence', header: t('columns.licence'), render: (s) => s.licence },
    {
      key: 'times',
      header: t('columns.times'),
      className: 'valkiria-num',
      render: (s) => (
        <>
          {s.times}
          <TimesLeft left={s.times_left} />
        </>
      ),
    },
    { key: 'passed', header: t('columns.passed'), className: 'valkiria-num', render: (s) => s.passed },
    { key: 'best', header: t('columns.bestErrors'), className: 'valkiria-num', render: (s) => (s.best_errors ?? t('none')) },
    { key: 'last', header: t('columns.lastAttempt'), className: 'valkiria-nowrap', render: (s) => (s.last_at ? formatDateTime(s.last_at) : t('none')) },
    ...(closed ? [] : [take]),
  ];
  return (
    <div data-testid="student-tests">
      {closed && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="student-tests-closed">
          {closed === 'deleted' ? t('studentTests.deleted') : t('studentTests.inactive')}
        </p>
      )}
      <Loading loaded={tests}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(s) => s.id} label={t('tabs.tests')} empty={t('studentTests.empty')} />}</Loading>
    </div>
  );
}

/** The evolution by day, week or month (`POST valkiria/report/evolution`): a bar chart and its table. */
export function EvolutionTab({ api, studentId }: { api: ValkiriaApi; studentId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [group, setGroup] = useState<EvolutionGroup>('week');
  const read = useCallback(() => api.students.evolution(studentId, group), [api, studentId, group]);
  const evolution = useLoad(read);
  const columns: Column<EvolutionPoint>[] = [
    { key: 'period', header: t(`evolution.periods.${group}`), className: 'valkiria-nowrap', render: (p) => <span data-testid="evolution-period">{formatDate(p.period)}</span> },
    { key: 'attempts', header: t('columns.attempts'), className: 'valkiria-num', render: (p) => p.attempts },
    { key: 'passed', header: t('columns.passed'), className: 'valkiria-num', render: (p) => p.passed },
    { key: 'average', header: t('columns.averageErrors'), className: 'valkiria-num', render: (p) => decimal(p.average_errors) || t('none') },
  ];
  return (
    <div className="valkiria-page" data-testid="evolution">
      <span data-testid="evolution-group">
        <FilterSelect label={t('evolution.group')} value={group} options={EVOLUTION_GROUPS.map((g) => ({ value: g, label: t(`evolution.groups.${g}`) }))} onChange={(value) => setGroup(value as EvolutionGroup)} />
      </span>
      <Loading loaded={evolution}>
        {(points) =>
          points.length === 0 ? (
            <p className="muted" data-testid="evolution-empty">
              {t('evolution.empty')}
            </p>
          ) : (
            <>
              <BarChart
                title={t('evolution.chart')}
                labels={points.map((p) => formatDate(p.period))}
                bars={[
                  { name: t('columns.attempts'), values: points.map((p) => p.attempts), tone: 'primary' },
                  { name: t('columns.passed'), values: points.map((p) => p.passed), tone: 'success' },
                ]}
                format={(v) => String(v)}
                height={220}
              />
              <DataTable columns={columns} rows={points} rowKey={(p) => p.period} label={t('evolution.table')} />
            </>
          )
        }
      </Loading>
    </div>
  );
}

/** Per block of the student's licences (`POST valkiria/temary/resume`): seen, answered, failed and the right answers' share. */
export function BlocksTab({ api, studentId }: { api: ValkiriaApi; studentId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const read = useCallback(() => api.students.blocks(studentId), [api, studentId]);
  const blocks = useLoad(read);
  const columns: Column<BlockProgress>[] = [
    { key: 'licence', header: t('columns.licence'), render: (b) => b.licence },
    { key: 'block', header: t('columns.block'), render: (b) => <span data-testid="progress-block">{b.block}</span> },
    { key: 'seen', header: t('columns.seen'), className: 'valkiria-num', render: (b) => (b.questions !== undefined ? t('progress.seenOf', { seen: b.seen ?? 0, questions: b.questions }) : (b.seen ?? t('none'))) },
    { key: 'answered', header: t('columns.answered'), className: 'valkiria-num', render: (b) => b.answered },
    { key: 'failed', header: t('columns.failed'), className: 'valkiria-num', render: (b) => b.failed },
    { key: 'right', header: t('columns.right'), render: (b) => <PercentBar value={b.percent_right} label={percent(b.percent_right) || t('none')} /> },
  ];
  return (
    <div data-testid="block-progress">
      <Loading loaded={blocks}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(b) => b.block_id} label={t('tabs.blocks')} empty={t('progress.empty')} />}</Loading>
    </div>
  );
}

/** The questions the student keeps failing (`GET valkiria/errortest`): how often, the right answer and their last one. */
export function FailedTab({ api, studentId }: { api: ValkiriaApi; studentId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const read = useCallback(() => api.students.failed(studentId), [api, studentId]);
  const failed = useLoad(read);
  const answer = (q: FailedQuestion, index: number | null) => (index === null || index === undefined ? t('take.blank') : `${letter(index)}) ${q.answers[index] ?? ''}`);
  const columns: Column<FailedQuestion>[] = [
    { key: 'reference', header: t('columns.reference'), className: 'valkiria-nowrap', render: (q) => q.reference ?? t('none') },
    { key: 'statement', header: t('columns.statement'), render: (q) => <span data-testid="failed-statement">{q.statement}</span> },
    { key: 'block', header: t('columns.block'), render: (q) => blockName(q.block) || t('none') },
    { key: 'failed', header: t('columns.failed'), className: 'valkiria-num', render: (q) => t('finder.failedOf', { failed: q.failed, answered: q.answered }) },
    { key: 'right', header: t('columns.rightAnswer'), render: (q) => answer(q, q.correct) },
    { key: 'last', header: t('columns.lastChosen'), render: (q) => answer(q, q.last_chosen) },
  ];
  return (
    <div data-testid="failed-questions">
      <Loading loaded={failed}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(q) => q.id} label={t('tabs.failed')} empty={t('failedQuestions.empty')} />}</Loading>
    </div>
  );
}
