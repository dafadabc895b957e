import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, FilterSelect, PageState, TabPanel, Tabs, namedField, useApi, usePageLayout, type ApiErrorItem } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { dgtApi, type ReportFilters } from '../api';
import { EXAM_KINDS, LICENCES, REPORT_TABS, reportTabOf } from '../lists';
import { reportPath } from '../paths';
import { useAnswer, type Answer } from '../useAnswer';
import { useBranches } from '../useBranches';
import { FilterDate } from '../components/FilterDate';
import { CentresTable, KindNumbersTable, SessionsTable } from '../components/ReportTables';

/** The filters the page keeps in its query string (they stay when the tab changes). */
const FILTERS = ['from', 'to', 'licence', 'exam_kind', 'branch_id', 'center'] as const;
type Filter = (typeof FILTERS)[number];
/** The filters the host's errors may name (`data.field`): their messages go under the bar. */
const NAMED_FILTERS: readonly string[] = ['from', 'to', 'licence', 'exam_kind'];
const TABS_ID = 'dgt-report';
const errorId = (field: string) => `${TABS_ID}-error-${field}`;

/** The errors of every call, once each: those naming a filter by it, the others apart. */
function sortErrors(answers: Answer<unknown>[]): { byFilter: Record<string, string>; general: ApiErrorItem[] } {
  const byFilter: Record<string, string> = {};
  const general: ApiErrorItem[] = [];
  for (const item of answers.flatMap((a) => a.errors)) {
    const field = namedField(item);
    if (field && NAMED_FILTERS.includes(field)) {
      if (!(field in byFilter)) byFilter[field] = item.details;
    } else if (!general.some((g) => g.code === item.code && g.details === item.details)) general.push(item);
  }
  return { byFilter, general };
}

/**
 * `/dgt/convocatoriasreport/:show_tab` — the exam report, from the school's folders. Filters
 * (exam dates, licence, exam kind, branch when the user sees several) in the query string, for
 * both tabs; the tabs switch the path (an unknown one shows "Centros"):
 * - "Centros" (`centros`): the results by exam kind at every centre (`dgt/state_numbers`), the
 *   centres the folders name (`dgt/center`), and, for the centre chosen, its results by kind;
 * - "Convocatorias" (`convocatorias`): the exam sessions (`POST dgt/convocatoria`), newest first,
 *   with their folders and results and the total, and a centre filter.
 */
export default function ReportPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => dgtApi(client), [client]);
  const navigate = useNavigate();
  const tab = reportTabOf(useParams().show_tab);
  const [params, setParams] = useSearchParams();
  const branches = useBranches(api);
  const title = t('report.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title, to: reportPath() }, { label: t(`report.tabs.${tab}`) }] });

  const value = (name: Filter) => params.get(name) ?? '';
  const [from, to, licence, examKind, branchId, center] = FILTERS.map(value);
  const set = (name: Filter, next: string) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        if (next) after.set(name, next);
        else after.delete(name);
        return after;
      },
      { replace: true },
    );
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const filtered = FILTERS.some((name) => params.get(name));

  // Memoised on the filters' values: a call is asked again when one of its filters changes.
  const filters = useMemo<ReportFilters>(() => ({ from, to, licence, exam_kind: examKind, branch_id: branchId }), [from, to, licence, examKind, branchId]);
  const centres = useAnswer(useCallback(() => api.report.centres(filters), [api, filters]));
  const overall = useAnswer(useMemo(() => (tab === 'centros' ? () => api.report.numbers(filters) : null), [api, filters, tab]));
  const atCentre = useAnswer(useMemo(() => (tab === 'centros' && center ? () => api.report.numbers({ ...filters, center }) : null), [api, filters, tab, center]));
  const sessions = useAnswer(useMemo(() => (tab === 'convocatorias' ? () => api.report.sessions({ ...filters, center }) : null), [api, filters, tab, center]));

  const { byFilter, general } = sortErrors([centres, overall, atCentre, sessions]);
  const filterLabels: Record<string, string> = {
    from: t('report.filters.from'),
    to: t('report.filters.to'),
    licence: t('report.filters.licence'),
    exam_kind: t('report.filters.exam_kind'),
  };
  const all = (key: string) => ({ value: '', label: t(key) });
  // The centre chosen stays offered even when the other filters leave it out of the list.
  const centreNames = (centres.data ?? []).map((c) => c.name);
  if (center && !centreNames.some((name) => name.toLowerCase() === center.toLowerCase())) centreNames.push(center);

  return (
    <div className="dgt-page dgt-report" data-testid="report">
      <Tabs
        id={TABS_ID}
        label={t('report.tabsLabel')}
        tabs={REPORT_TABS.map((key) => ({ key, label: t(`report.tabs.${key}`) }))}
        selected={tab}
        onSelect={(key) => navigate(reportPath(key, params.toString()))}
      />
      <TabPanel id={TABS_ID} tab={tab} selected={tab} className="dgt-page">
        <section className="card" aria-label={t('report.filters.label')} data-testid="report-filters">
          <div className="vk-list__filters">
            <FilterDate label={filterLabels.from} value={from} onChange={(v) => set('from', v)} error={byFilter.from ? errorId('from') : undefined} />
            <FilterDate label={filterLabels.to} value={to} onChange={(v) => set('to', v)} error={byFilter.to ? errorId('to') : undefined} />
            <FilterSelect
              label={filterLabels.licence}
              value={licence}
              options={[all('report.filters.allLicences'), ...LICENCES.map((l) => ({ value: l, label: l }))]}
              onChange={(v) => set('licence', v)}
            />
            <FilterSelect
              label={filterLabels.exam_kind}
              value={examKind}
              options={[all('report.filters.allExamKinds'), ...EXAM_KINDS.map((k) => ({ value: k, label: t(`examKind.${k}`) }))]}
              onChange={(v) => set('exam_kind', v)}
            />
            {branches.length > 0 && (
              <FilterSelect
                label={t('filters.branch')}
                value={branchId}
                options={[all('filters.allBranches'), ...branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))]}
                onChange={(v) => set('branch_id', v)}
              />
            )}
            {tab === 'convocatorias' && (
              <FilterSelect
                label={t('report.filters.center')}
                value={center}
                options={[all('report.filters.allCentres'), ...centreNames.map((name) => ({ value: name, label: name }))]}
                onChange={(v) => set('center', v)}
              />
            )}
            {filtered && (
              <button type="button" className="vk-btn vk-btn--light" onClick={clear}>
                {t('report.filters.clear')}
              </button>
            )}
          </div>
          {Object.keys(byFilter).length > 0 && (
            <ul className="dgt-filter-errors" role="alert">
              {Object.entries(byFilter).map(([field, message]) => (
                <li key={field} id={errorId(field)} className="vk-error" data-testid={`error-${field}`}>
                  {t('report.filters.error', { filter: filterLabels[field], message: message || t('report.loadError') })}
                </li>
              ))}
            </ul>
          )}
          <ErrorList messages={general.map((item) => item.details || t('report.loadError'))} testId="report-errors" />
        </section>

        {tab === 'centros' ? (
          <>
            <section className="card dgt-section" aria-labelledby="dgt-report-overall">
              <h2 id="dgt-report-overall" className="card__title">
                {t('report.centres.overall')}
              </h2>
              {overall.data ? (
                <KindNumbersTable numbers={overall.data} label={t('report.centres.overallTable')} loading={overall.loading} />
              ) : (
                overall.loading && <PageState error={null} />
              )}
            </section>
            <section className="card dgt-section" aria-labelledby="dgt-report-centres">
              <h2 id="dgt-report-centres" className="card__title">
                {t('report.centres.title')}
              </h2>
              {/* failed: the errors are above, an empty list would mislead */}
              {(centres.data || centres.errors.length === 0) && (
                <CentresTable centres={centres.data ?? []} selected={center} onSelect={(name) => set('center', name)} loading={centres.loading} />
              )}
              {center ? (
                <div className="dgt-section" data-testid="centre-numbers">
                  <h3 className="dgt-form__heading">{t('report.centres.numbersTitle', { name: atCentre.data?.center ?? center })}</h3>
                  {atCentre.data ? (
                    <KindNumbersTable numbers={atCentre.data} label={t('report.centres.numbersTable', { name: atCentre.data.center ?? center })} loading={atCentre.loading} />
                  ) : (
                    atCentre.loading && <PageState error={null} />
                  )}
                </div>
              ) : (
                (centres.data?.length ?? 0) > 0 && <p className="muted">{t('report.centres.choose')}</p>
              )}
            </section>
          </>
        ) : (
          <section className="card dgt-section" aria-labelledby="dgt-report-sessions">
            <h2 id="dgt-report-sessions" className="card__title">
              {t('report.sessions.title')}
            </h2>
            {(sessions.data || sessions.errors.length === 0) && (
              <SessionsTable sessions={sessions.data?.items ?? []} total={sessions.data?.total ?? null} loading={sessions.loading} />
            )}
          </section>
        )}
      </TabPanel>
    </div>
  );
}
