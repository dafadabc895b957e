import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { BarChart, DataTable, Dialog, PageState, useLoad, type Column } from '@volante/plugin-ui';
import type { ServerCalls } from './api';
import { chartBars } from './chart';
import { formatCount, formatDecimal } from './format';
import { CHART_RANGES, type ChartRange, type ConnectionChart, type SchoolPeak } from './types';

/** A range in words: "24 h", "7 días", "14 días". */
function rangeLabel(t: TFunction, hours: ChartRange): string {
  switch (hours) {
    case 24:
      return t('servers.connections.ranges.day');
    case 168:
      return t('servers.connections.ranges.week');
    case 336:
      return t('servers.connections.ranges.fortnight');
  }
}

/**
 * The connections over time as bars (each the peak of an hour, or of a day over 7 and 14 days):
 * connections and users; a message when nothing was sampled in the range.
 */
function ConnectionsChart({ chart, title }: { chart: ConnectionChart; title(unit: 'hour' | 'day'): string }) {
  const { t } = useTranslation();
  const bars = chartBars(chart.points ?? [], chart.hours);
  if (bars.labels.length === 0) return <p className="muted">{t('servers.connections.noData')}</p>;
  return (
    <BarChart
      title={title(bars.unit)}
      labels={bars.labels}
      bars={[
        { name: t('servers.connections.streams'), values: bars.streams, tone: 'primary' },
        { name: t('servers.connections.users'), values: bars.users, tone: 'success' },
      ]}
      format={formatCount}
    />
  );
}

/**
 * "Conexiones": the chart of every server's connections over 24 h, 7 or 14 days
 * (`dashboard/socketchart/read`), and the schools ranked by their peak over the same range
 * (`dashboard/socketchartautoescuela/read`); a school's name opens its own chart. `refresh`
 * changing reads them again (the page's "Actualizar" and its 30-second refresh).
 */
export function ConnectionsCard({ calls, refresh }: { calls: ServerCalls; refresh: number }) {
  const { t } = useTranslation();
  const [hours, setHours] = useState<ChartRange>(24);
  const [school, setSchool] = useState<SchoolPeak | null>(null);
  const loadChart = useCallback(() => calls.connections.chart(hours), [calls, hours]);
  const loadSchools = useCallback(() => calls.connections.schools(hours), [calls, hours]);
  const chart = useLoad(loadChart);
  const schools = useLoad(loadSchools);
  const { reload: reloadChart } = chart;
  const { reload: reloadSchools } = schools;
  useEffect(() => {
    if (refresh === 0) return;
    reloadChart();
    reloadSchools();
  }, [refresh, reloadChart, reloadSchools]);

  const columns: Column<SchoolPeak>[] = [
    {
      key: 'name',
      header: t('servers.connections.school'),
      render: (s) => (
        <button type="button" className="link-button" onClick={() => setSchool(s)}>
          {s.name}
        </button>
      ),
    },
    { key: 'peak', header: t('servers.connections.peak'), render: (s) => formatCount(s.peak), className: 'servers-number' },
    { key: 'average', header: t('servers.connections.average'), render: (s) => formatDecimal(s.average), className: 'servers-number' },
    { key: 'last', header: t('servers.connections.last'), render: (s) => formatCount(s.last), className: 'servers-number' },
  ];

  return (
    <section className="card" aria-labelledby="servers-connections-title" data-testid="servers-connections">
      <div className="servers-card__head">
        <h2 id="servers-connections-title" className="card__title">
          {t('servers.connections.title')}
        </h2>
        <select className="vk-input servers-range" aria-label={t('servers.connections.range')} value={hours} onChange={(e) => setHours(Number(e.target.value) as ChartRange)}>
          {CHART_RANGES.map((range) => (
            <option key={range} value={range}>
              {rangeLabel(t, range)}
            </option>
          ))}
        </select>
      </div>
      {chart.data ? (
        <ConnectionsChart chart={chart.data} title={(unit) => (unit === 'hour' ? t('servers.connections.chartHour') : t('servers.connections.chartDay'))} />
      ) : (
        <PageState error={chart.failed} onRetry={chart.reload} />
      )}
      <h3 className="servers-subtitle">{t('servers.connections.schools')}</h3>
      {schools.data ? (
        <DataTable columns={columns} rows={schools.data.schools ?? []} rowKey={(s) => s.business_id} label={t('servers.connections.schools')} empty={t('servers.connections.noSchools')} />
      ) : (
        <PageState error={schools.failed} onRetry={schools.reload} />
      )}
      {school && <SchoolChartDialog calls={calls} school={school} hours={hours} onClose={() => setSchool(null)} />}
    </section>
  );
}

/** One school's connections over the chosen range, in a window. */
function SchoolChartDialog({ calls, school, hours, onClose }: { calls: ServerCalls; school: SchoolPeak; hours: ChartRange; onClose(): void }) {
  const { t } = useTranslation();
  const load = useCallback(() => calls.connections.school(school.business_id, hours), [calls, school.business_id, hours]);
  const chart = useLoad(load);
  const name = chart.data?.business?.name ?? school.name;
  return (
    <Dialog title={t('servers.connections.schoolTitle', { name })} onClose={onClose} wide testId="school-chart">
      <p className="muted">{t('servers.connections.schoolFigures', { peak: formatCount(school.peak), average: formatDecimal(school.average), last: formatCount(school.last), range: rangeLabel(t, hours) })}</p>
      {chart.data ? (
        <ConnectionsChart chart={chart.data} title={(unit) => (unit === 'hour' ? t('servers.connections.schoolChartHour', { name }) : t('servers.connections.schoolChartDay', { name }))} />
      ) : (
        <PageState error={chart.failed} onRetry={chart.reload} />
      )}
    </Dialog>
  );
}
