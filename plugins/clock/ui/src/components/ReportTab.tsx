import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, errorList, formatDate, saveBase64File, useApi, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { clockApi, type ClockEntry, type Report, type ReportDay, type ReportFilters, type ReportTotal } from '../api';
import { firstOfMonthKey, timeOnDay, todayKey } from '../time';
import { CorrectionForm } from './CorrectionForm';
import { EntriesTable } from './EntriesTable';
import { EntryHistory } from './EntryHistory';
import { Marks } from './Marks';
import { useDuration } from './useDuration';

const dayKey = (d: ReportDay) => `${d.date}|${d.user_id}`;

/**
 * "Registros": the record between two dates (`clock/report`; by default this month up to
 * today), one row per worker and day with its intervals on demand, the totals per worker, and
 * the Excel export (`clock/excel`, same filters). With `can_see_all` (the `employee.clock`
 * permission) a worker filter and the corrections; everyone sees the history of what they see.
 */
export function ReportTab() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => clockApi(client), [client]);
  const toast = useToast();
  const duration = useDuration();
  const [from, setFrom] = useState(() => firstOfMonthKey());
  const [to, setTo] = useState(() => todayKey());
  const [worker, setWorker] = useState('');
  const [applied, setApplied] = useState<ReportFilters | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const [openDay, setOpenDay] = useState<string | null>(null);

  const run = useCallback(
    async (filters: ReportFilters) => {
      setLoading(true);
      setErrors([]);
      try {
        setReport(await api.report(filters));
        setApplied(filters);
      } catch (e) {
        setErrors(errorList(e).map((item) => item.details || t('loadError')));
      } finally {
        setLoading(false);
      }
    },
    [api, t],
  );

  // The first answer, with the default filters (it also brings the staff for the worker filter).
  const initial = useRef({ from, to });
  useEffect(() => {
    void run(initial.current);
  }, [run]);

  function submit() {
    if (!from || !to) {
      setErrors([t('report.datesRequired')]);
      return;
    }
    void run({ from, to, ...(worker ? { user_id: Number(worker) } : {}) });
  }

  async function exportExcel() {
    if (!applied) return;
    setExporting(true);
    setErrors([]);
    try {
      saveBase64File(await api.excel(applied));
      toast.success(t('report.exported'));
    } catch (e) {
      setErrors(errorList(e).map((item) => item.details || t('actionError')));
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<ReportDay>[] = [
    { key: 'date', header: t('report.columns.date'), render: (d) => formatDate(d.date) },
    { key: 'user_name', header: t('report.columns.worker') },
    { key: 'first_start', header: t('report.columns.start'), render: (d) => timeOnDay(d.first_start, d.date) },
    {
      key: 'last_end',
      header: t('report.columns.end'),
      render: (d) => (d.last_end && !d.open ? timeOnDay(d.last_end, d.date) : d.open ? <em className="clock-running">{t('entries.running')}</em> : ''),
    },
    { key: 'worked_minutes', header: t('report.columns.worked'), className: 'clock-num', render: (d) => duration(d.worked_minutes) },
    { key: 'paused_minutes', header: t('report.columns.paused'), className: 'clock-num', render: (d) => duration(d.paused_minutes) },
    { key: 'marks', header: t('report.columns.marks'), render: (d) => <Marks open={d.open} edited={d.edited} gender="day" /> },
    {
      key: 'actions',
      header: t('report.columns.actions'),
      className: 'vk-table__actions',
      render: (d) => (
        <button
          type="button"
          className="vk-btn vk-btn--light"
          aria-expanded={openDay === dayKey(d)}
          aria-label={t('report.entriesNamed', { date: formatDate(d.date), name: d.user_name })}
          onClick={() => setOpenDay(openDay === dayKey(d) ? null : dayKey(d))}
        >
          {t(openDay === dayKey(d) ? 'report.hideEntries' : 'report.showEntries')}
        </button>
      ),
    },
  ];
  const totalColumns: Column<ReportTotal>[] = [
    { key: 'user_name', header: t('report.columns.worker') },
    { key: 'days', header: t('report.columns.days'), className: 'clock-num' },
    { key: 'worked_minutes', header: t('report.columns.worked'), className: 'clock-num', render: (r) => duration(r.worked_minutes) },
  ];
  const selected = report?.days.find((d) => dayKey(d) === openDay) ?? null;

  return (
    <div className="clock-report">
      <form
        className="card clock-filters"
        aria-label={t('report.filters')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="vk-field">
          <span className="vk-label">{t('report.from')}</span>
          <input className="vk-input" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="vk-field">
          <span className="vk-label">{t('report.to')}</span>
          <input className="vk-input" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        {report?.can_see_all && (
          <label className="vk-field">
            <span className="vk-label">{t('report.worker')}</span>
            <select className="vk-input" value={worker} onChange={(e) => setWorker(e.target.value)}>
              <option value="">{t('report.allWorkers')}</option>
              {report.staff.map((s) => (
                <option key={s.user_id} value={String(s.user_id)}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="clock-filters__actions">
          <button type="submit" className="vk-btn vk-btn--primary" disabled={loading}>
            {t('report.search')}
          </button>
          <button type="button" className="vk-btn vk-btn--outline" disabled={!applied || exporting || loading} onClick={() => void exportExcel()}>
            {t('report.export')}
          </button>
        </div>
      </form>

      <ErrorList messages={errors} testId="report-errors" />

      <section className="card" aria-labelledby="clock-days-title">
        <h2 id="clock-days-title" className="card__title">
          {report ? t('report.daysTitle', { from: formatDate(report.from), to: formatDate(report.to) }) : t('report.days')}
        </h2>
        <DataTable<ReportDay> label={t('report.days')} columns={columns} rows={report?.days ?? []} rowKey={dayKey} loading={loading} empty={t('report.empty')} />
        {selected && report && <DayDetail key={dayKey(selected)} day={selected} canCorrect={report.can_see_all} onChanged={() => applied && void run(applied)} />}
      </section>

      <section className="card" aria-labelledby="clock-totals-title">
        <h2 id="clock-totals-title" className="card__title">
          {t('report.totals')}
        </h2>
        <DataTable<ReportTotal> label={t('report.totals')} columns={totalColumns} rows={report?.totals ?? []} rowKey={(r) => r.user_id} loading={loading} empty={t('report.empty')} />
      </section>
    </div>
  );
}

type Panel = { kind: 'history' | 'correct'; entry: ClockEntry } | null;

/** A day's intervals, with each one's history and (with `can_see_all`) its correction. */
function DayDetail({ day, canCorrect, onChanged }: { day: ReportDay; canCorrect: boolean; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const [panel, setPanel] = useState<Panel>(null);
  const title = t('detail.title', { date: formatDate(day.date), name: day.user_name });
  const toggle = (kind: 'history' | 'correct', entry: ClockEntry) => setPanel(panel?.kind === kind && panel.entry.id === entry.id ? null : { kind, entry });
  return (
    <section className="clock-detail" aria-label={title} data-testid="day-detail">
      <h3 className="clock-panel__title">{title}</h3>
      <EntriesTable
        entries={day.entries}
        day={day.date}
        label={title}
        actions={(entry) => (
          <>
            <button type="button" className="vk-btn vk-btn--light" aria-expanded={panel?.kind === 'history' && panel.entry.id === entry.id} onClick={() => toggle('history', entry)}>
              {t('detail.history')}
            </button>{' '}
            {canCorrect && (
              <button type="button" className="vk-btn vk-btn--light" aria-expanded={panel?.kind === 'correct' && panel.entry.id === entry.id} onClick={() => toggle('correct', entry)}>
                {t('detail.correct')}
              </button>
            )}
          </>
        )}
      />
      {panel?.kind === 'history' && <EntryHistory key={panel.entry.id} entry={panel.entry} onClose={() => setPanel(null)} />}
      {panel?.kind === 'correct' && canCorrect && (
        <CorrectionForm
          key={panel.entry.id}
          entry={panel.entry}
          onCancel={() => setPanel(null)}
          onSaved={() => {
            setPanel(null);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
