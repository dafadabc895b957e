import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckField,
  DataTable,
  FieldErrorMessage,
  FormMessages,
  InputField,
  PageState,
  SelectField,
  fieldId,
  formatDate,
  formatDateTime,
  namedField,
  saveBase64File,
  useApi,
  useFieldErrors,
  useLoad,
  useToast,
  type ApiErrorItem,
  type Column,
  type FieldErrors,
  type FormContext,
} from '@volante/plugin-ui';
import { providerCalls } from './api';
import type { Business, RecordUser, ReportSession, SessionRange, SessionReport, UserReportQuery } from './types';
import './reports.css';

const REPORT_FIELDS = ['user', 'd1', 'd2', 'between'] as const;

/** The service the time-clock record needs (the clock plugin's). */
export const CLOCK_SERVICE = 'clock';

/** The field a host's error is about: the path's user (`id`) is the "Usuario" select. Stable, as `useFieldErrors` needs. */
const reportField = (item: ApiErrorItem) => {
  const field = namedField(item);
  return field === 'id' ? 'user' : field;
};

/** Today in Spain (`YYYY-MM-DD`): the host's days are Europe/Madrid's, as the kit's dates. */
const spanishToday = () => formatDate(new Date()).split('/').reverse().join('-');

/** The first day of `day`'s month (`YYYY-MM-01`). */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/** A browser's user agent cut to `length` characters (the whole one is the cell's tooltip). */
const clip = (text: string, length = 60) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);

/** A day's stretches as "09:00–10:30, 11:00–12:15". */
export const rangesText = (ranges: SessionRange[]) => ranges.map((r) => `${r.from}–${r.to}`).join(', ');

/**
 * The "Informes" tab of a business (`?tab=reports`): for one of its users (`business/ficha/read`'s
 * `users.list`) and a period (this month up to today by default), "Ver sesiones"
 * (`user/sessions/generate`: the sessions, with each day's stretches when "Detallar tramos" is
 * ticked, printable alone) and "Registro de jornada (PDF)" (`user/controlhorario/generate`, the
 * clock plugin's; disabled, saying why, when the school lacks the clock service). "Periodo" says,
 * for each report, what the period takes. The host audits each report. Its errors about the
 * dates or the period show under their field, the rest above the form.
 */
export function ProviderReports({ business }: { business: Business }) {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  const toast = useToast();
  const formId = useId();
  const titleId = `${formId}-title`;
  const errors = useFieldErrors(formId, REPORT_FIELDS, { fieldOf: reportField });
  const load = useCallback(() => calls.business.record(business.business_id), [calls, business.business_id]);
  const record = useLoad(load);
  const [userId, setUserId] = useState('');
  const [d2, setD2] = useState(spanishToday);
  const [d1, setD1] = useState(() => monthStart(spanishToday()));
  const [sessionsBetween, setSessionsBetween] = useState('1');
  const [recordBetween, setRecordBetween] = useState('1');
  const [ranges, setRanges] = useState(false);
  const [busy, setBusy] = useState<'sessions' | 'record' | null>(null);
  const [report, setReport] = useState<SessionReport | null>(null);

  const hasClock = (business.services ?? []).some((s) => s.id === CLOCK_SERVICE);
  const users = record.data?.users?.list ?? [];
  const heading = (
    <>
      <h2 id={titleId} className="provider-reports__title">
        {t('provider.reports.title')}
      </h2>
      <p className="muted" data-testid="provider-reports-audit">
        {t('provider.reports.audited')}
      </p>
    </>
  );
  if (!record.data) {
    return (
      <section className="provider-reports" aria-labelledby={titleId} data-testid="provider-reports">
        {heading}
        <PageState error={record.failed} onRetry={record.reload} />
      </section>
    );
  }

  const ctx: FormContext = { formId, errors, disabled: busy !== null };
  // A field's message goes once it is changed.
  const clearError = (field: string) => {
    if (errors.errors[field]) errors.setErrors(Object.fromEntries(Object.entries(errors.errors).filter(([key]) => key !== field)));
  };
  const userLabel = (u: RecordUser) => {
    const label = u.role ? t('provider.reports.userOption', { name: u.name || u.email, email: u.email, role: u.role }) : t('provider.reports.userOptionNoRole', { name: u.name || u.email, email: u.email });
    return u.active ? label : t('provider.reports.inactive', { label });
  };

  /** The chosen user and the query, or null (the missing fields marked). */
  function chosen(between: string): { user: RecordUser; query: UserReportQuery } | null {
    const user = users.find((u) => String(u.user_id) === userId);
    const missing: FieldErrors = {};
    if (!user) missing.user = t('provider.reports.userRequired');
    if (!d1) missing.d1 = t('provider.reports.dateRequired');
    if (!d2) missing.d2 = t('provider.reports.dateRequired');
    if (!user || Object.keys(missing).length > 0) {
      errors.reset();
      errors.setErrors(missing);
      return null;
    }
    return { user, query: { d1, d2, between: between === '1', ranges } };
  }

  async function showSessions(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const asked = chosen(sessionsBetween);
    if (!asked) return;
    errors.reset();
    setReport(null);
    setBusy('sessions');
    try {
      setReport(await calls.reports.sessions(business.business_id, asked.user.user_id, asked.query));
    } catch (failure) {
      errors.fail(failure, t('provider.reports.sessionsError'));
    } finally {
      setBusy(null);
    }
  }

  async function downloadRecord() {
    if (busy || !hasClock) return;
    const asked = chosen(recordBetween);
    if (!asked) return;
    errors.reset();
    setBusy('record');
    try {
      saveBase64File(await calls.reports.clockRecord(business.business_id, asked.user.user_id, asked.query));
      toast.success(t('provider.reports.recordSaved', { name: asked.user.name || asked.user.email }));
    } catch (failure) {
      errors.fail(failure, t('provider.reports.recordError'));
    } finally {
      setBusy(null);
    }
  }

  const betweenError = errors.errors.between;
  const betweenControl = (which: string) => ({
    id: fieldId(formId, `between-${which}`),
    'aria-invalid': betweenError ? true : undefined,
    'aria-describedby': betweenError ? `${fieldId(formId, 'between')}-error` : undefined,
  });
  const noClockId = `${formId}-no-clock`;

  return (
    <section className="provider-reports" aria-labelledby={titleId} data-testid="provider-reports">
      {heading}
      {users.length === 0 ? (
        <p className="muted" data-testid="provider-reports-no-users">
          {t('provider.reports.noUsers', { name: business.name })}
        </p>
      ) : (
        <>
          <FormMessages errors={errors.errors} general={errors.general} testId="provider-reports-errors" />
          <form className="vk-form provider-reports__form" noValidate onSubmit={(e) => void showSessions(e)} aria-labelledby={titleId} aria-busy={busy !== null}>
            <div className="provider-reports__fields">
              <SelectField
                ctx={ctx}
                field="user"
                label={t('provider.reports.user')}
                value={userId}
                empty={t('provider.reports.userEmpty')}
                options={users.map((u) => ({ value: String(u.user_id), label: userLabel(u) }))}
                onChange={(value) => {
                  setUserId(value);
                  clearError('user');
                }}
              />
              <InputField
                ctx={ctx}
                field="d1"
                type="date"
                label={t('provider.reports.from')}
                value={d1}
                onChange={(value) => {
                  setD1(value);
                  clearError('d1');
                }}
              />
              <InputField
                ctx={ctx}
                field="d2"
                type="date"
                label={t('provider.reports.to')}
                value={d2}
                min={d1 || undefined}
                onChange={(value) => {
                  setD2(value);
                  clearError('d2');
                }}
              />
            </div>
            <fieldset className="vk-field provider-reports__period" data-testid="provider-reports-period">
              <legend className="vk-label">{t('provider.reports.period')}</legend>
              <div className="provider-reports__choice">
                <label htmlFor={fieldId(formId, 'between-sessions')}>{t('provider.reports.periodSessions')}</label>
                <select
                  className="vk-input"
                  {...betweenControl('sessions')}
                  value={sessionsBetween}
                  disabled={busy !== null}
                  onChange={(e) => {
                    setSessionsBetween(e.target.value);
                    clearError('between');
                  }}
                >
                  <option value="1">{t('provider.reports.sessionsOpen')}</option>
                  <option value="0">{t('provider.reports.sessionsStarted')}</option>
                </select>
              </div>
              <div className="provider-reports__choice">
                <label htmlFor={fieldId(formId, 'between-record')}>{t('provider.reports.periodRecord')}</label>
                <select
                  className="vk-input"
                  {...betweenControl('record')}
                  value={recordBetween}
                  disabled={busy !== null}
                  onChange={(e) => {
                    setRecordBetween(e.target.value);
                    clearError('between');
                  }}
                >
                  <option value="1">{t('provider.reports.recordEveryDay')}</option>
                  <option value="0">{t('provider.reports.recordWorkedDays')}</option>
                </select>
              </div>
              <FieldErrorMessage form={formId} field="between" error={betweenError} />
            </fieldset>
            <CheckField ctx={ctx} field="ranges" label={t('provider.reports.ranges')} hint={t('provider.reports.rangesHint')} checked={ranges} onChange={setRanges} />
            <div className="provider-reports__actions">
              <button type="submit" className="vk-btn vk-btn--primary" disabled={busy !== null} aria-busy={busy === 'sessions'}>
                {t('provider.reports.showSessions')}
              </button>
              <button
                type="button"
                className="vk-btn vk-btn--outline"
                disabled={busy !== null || !hasClock}
                aria-busy={busy === 'record'}
                aria-describedby={hasClock ? undefined : noClockId}
                onClick={() => void downloadRecord()}
              >
                {t('provider.reports.record')}
              </button>
            </div>
            {!hasClock && (
              <p className="muted provider-reports__no-clock" id={noClockId} data-testid="provider-reports-no-clock">
                {t('provider.reports.noClock')}
              </p>
            )}
          </form>
        </>
      )}
      {report && <SessionsReport report={report} />}
    </section>
  );
}

/**
 * A user's sessions over the period, printable alone (the kit's `vk-printable`; "Imprimir" itself
 * is outside it): each session, and with `days` each day's stretches.
 */
function SessionsReport({ report }: { report: SessionReport }) {
  const { t } = useTranslation();
  const titleId = useId();
  // When it was read: what a printed report says it shows.
  const readAt = useMemo(() => formatDateTime(new Date()), [report]);
  const name = report.user?.name || report.user?.email || '';
  const none = '—';
  const sessions = report.sessions ?? [];
  const columns: Column<ReportSession>[] = [
    { key: 'started_local', header: t('provider.reports.columns.started') },
    { key: 'last_seen_local', header: t('provider.reports.columns.lastSeen') },
    { key: 'state', header: t('provider.reports.columns.state'), render: (s) => t(`provider.reports.states.${s.state}`, { defaultValue: s.state }) },
    { key: 'device', header: t('provider.reports.columns.device'), render: (s) => s.device || <span className="muted">{none}</span> },
    { key: 'ip', header: t('provider.reports.columns.ip'), render: (s) => s.ip || <span className="muted">{none}</span> },
    {
      key: 'user_agent',
      header: t('provider.reports.columns.browser'),
      className: 'provider-report__agent',
      render: (s) => (s.user_agent ? <span title={s.user_agent}>{clip(s.user_agent)}</span> : <span className="muted">{none}</span>),
    },
  ];
  type Day = NonNullable<SessionReport['days']>[number];
  const dayColumns: Column<Day>[] = [
    { key: 'date', header: t('provider.reports.columns.day'), render: (d) => formatDate(d.date) },
    { key: 'ranges', header: t('provider.reports.columns.ranges'), render: (d) => rangesText(d.ranges ?? []) || <span className="muted">{none}</span> },
  ];

  return (
    <div className="provider-report__wrap">
      <div className="provider-report__tools">
        <button type="button" className="vk-btn vk-btn--primary" onClick={() => window.print()}>
          {t('provider.reports.print')}
        </button>
      </div>
      <article className="vk-printable provider-report" aria-labelledby={titleId} data-testid="provider-report">
        <header className="provider-report__head">
          <h3 id={titleId}>{t('provider.reports.reportTitle', { name })}</h3>
          <p className="muted">{t('provider.reports.readAt', { date: readAt })}</p>
        </header>
        <dl className="facts provider-report__facts" data-testid="provider-report-facts">
          <div className="facts__row">
            <dt>{t('provider.reports.business')}</dt>
            <dd>{report.business?.name}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('provider.reports.user')}</dt>
            <dd>{t('provider.reports.userOptionNoRole', { name, email: report.user?.email ?? '' })}</dd>
          </div>
          <div className="facts__row">
            <dt>{t('provider.reports.period')}</dt>
            <dd data-testid="provider-report-period">
              {t('provider.reports.periodText', {
                from: formatDate(report.from),
                to: formatDate(report.to),
                sense: report.between ? t('provider.reports.sessionsOpen') : t('provider.reports.sessionsStarted'),
              })}
            </dd>
          </div>
          <div className="facts__row">
            <dt>{t('provider.reports.zone')}</dt>
            <dd>{report.zone}</dd>
          </div>
        </dl>
        <p className="provider-report__count" data-testid="provider-report-count">
          {t('provider.reports.count', { count: sessions.length })}
        </p>
        <DataTable columns={columns} rows={sessions} rowKey={(s) => s.session_id} label={t('provider.reports.sessionsOf', { name })} empty={t('provider.reports.empty')} />
        {report.days && (
          <section className="provider-report__days" aria-labelledby={`${titleId}-days`}>
            <h4 id={`${titleId}-days`}>{t('provider.reports.days')}</h4>
            <DataTable columns={dayColumns} rows={report.days} rowKey={(d) => d.date} label={t('provider.reports.days')} />
          </section>
        )}
      </article>
    </div>
  );
}
