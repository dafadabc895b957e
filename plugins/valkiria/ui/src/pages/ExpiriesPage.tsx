import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterSelect, PageState, formatDate, useApi, useLoad, usePageLayout, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type BankFigures, type Expiring, type SchoolFigures } from '../api';
import { percent } from '../format';
import { DEFAULT_EXPIRY_WINDOW, EXPIRY_WINDOWS } from '../lists';
import { studentPath } from '../paths';
import { SubNav } from '../components/SubNav';
import { DaysLeft, Figure } from '../components/Badges';
import { RenewForm } from '../components/RenewForm';

/**
 * `/valkiria/caducidades` — the school's figures (`GET valkiria/userautoescuela`) and the
 * enrolments running out within 7, 15, 30 or 60 days, or expired in the last 30
 * (`listuserautoescuelacaducidad/{days}`), by date. Several are chosen (or all) and renewed
 * together (`dashboard/caducidad/new_expire`: all of them or none) by months or to a date; then
 * the list and the figures are read again.
 */
export default function ExpiriesPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const toast = useToast();
  const [days, setDays] = useState(DEFAULT_EXPIRY_WINDOW);
  const [chosen, setChosen] = useState<number[]>([]);
  const figures = useLoad(api.students.figures);
  const readExpiring = useCallback(() => api.students.expiring(days), [api, days]);
  const expiring = useLoad(readExpiring);
  usePageLayout({ title: t('nav.expiries'), breadcrumbs: [{ label: t('title') }, { label: t('nav.expiries') }] });
  const rows = expiring.data ?? [];
  const allChosen = rows.length > 0 && rows.every((r) => chosen.includes(r.id));
  const toggle = (id: number, on: boolean) => setChosen((ids) => (on ? [...ids.filter((i) => i !== id), id] : ids.filter((i) => i !== id)));

  const columns: Column<Expiring>[] = [
    {
      key: 'choose',
      header: (
        <input
          type="checkbox"
          aria-label={t('expiries.chooseAll')}
          checked={allChosen}
          disabled={rows.length === 0}
          data-testid="expiries-choose-all"
          onChange={(ev) => setChosen(ev.target.checked ? rows.map((r) => r.id) : [])}
        />
      ),
      render: (r) => (
        <input type="checkbox" aria-label={t('expiries.choose', { name: r.name, licence: r.licence })} checked={chosen.includes(r.id)} data-testid="expiry-choose" onChange={(ev) => toggle(r.id, ev.target.checked)} />
      ),
    },
    {
      key: 'name',
      header: t('columns.student'),
      render: (r) => (
        <Link to={studentPath(r.student_id)} data-testid="expiry-student">
          {r.name}
        </Link>
      ),
    },
    { key: 'dni', header: t('columns.dni'), className: 'valkiria-nowrap', render: (r) => r.dni },
    { key: 'email', header: t('fields.email'), render: (r) => r.email || t('none') },
    { key: 'licence', header: t('columns.licence'), render: (r) => r.licence },
    { key: 'expires_on', header: t('columns.expiresOn'), className: 'valkiria-nowrap', render: (r) => <span data-testid="expiry-date">{formatDate(r.expires_on)}</span> },
    { key: 'days', header: t('columns.daysLeft'), render: (r) => <DaysLeft days={r.days_left} /> },
  ];

  return (
    <div className="valkiria-page" data-testid="expiries">
      <SubNav />
      <FiguresCard figures={figures.data} failed={figures.failed} onRetry={figures.reload} />
      <section className="card" aria-labelledby="valkiria-expiring-title" data-testid="expiring">
        <div className="valkiria-head">
          <h2 id="valkiria-expiring-title" className="card__title">
            {t('expiries.title')}
          </h2>
          <span data-testid="expiries-days">
            <FilterSelect
              label={t('expiries.window')}
              value={String(days)}
              options={EXPIRY_WINDOWS.map((d) => ({ value: String(d), label: t('expiries.within', { count: d }) }))}
              onChange={(value) => {
                setChosen([]);
                setDays(Number(value));
              }}
            />
          </span>
        </div>
        <p className="muted">{t('expiries.explain')}</p>
        {expiring.data ? (
          <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} label={t('expiries.table')} empty={t('expiries.empty', { count: days })} />
        ) : (
          <PageState error={expiring.failed} onRetry={expiring.reload} />
        )}
        <div className="valkiria-sub" data-testid="bulk-renew">
          <h3 className="valkiria-subtitle" data-testid="bulk-chosen">
            {t('expiries.renewChosen', { count: chosen.length })}
          </h3>
          {chosen.length === 0 ? (
            <p className="muted">{t('expiries.chooseFirst')}</p>
          ) : (
            <RenewForm
              label={t('expiries.renewChosen', { count: chosen.length })}
              submitLabel={t('expiries.renew', { count: chosen.length })}
              testId="bulk-renew-form"
              onSubmit={async (renewal) => {
                const answer = await api.students.renewMany(chosen, renewal);
                toast.success(t('expiries.renewed', { count: answer.renewed ?? chosen.length }));
                setChosen([]);
                expiring.reload();
                figures.reload();
              }}
            />
          )}
        </div>
      </section>
    </div>
  );
}

/** The school's figures: students, active ones, enrolments ending within 15 days, attempts and pass rate this month, and the bank per licence. */
function FiguresCard({ figures, failed, onRetry }: { figures: SchoolFigures | null; failed: string | null; onRetry(): void }) {
  const { t } = useTranslation(NAMESPACE);
  if (!figures) {
    return (
      <section className="card" data-testid="figures">
        <PageState error={failed} onRetry={onRetry} />
      </section>
    );
  }
  const bank = figures.licences ?? figures.bank ?? [];
  const columns: Column<BankFigures>[] = [
    { key: 'licence', header: t('columns.licence'), render: (b) => b.licence },
    { key: 'blocks', header: t('columns.blocks'), className: 'valkiria-num', render: (b) => b.blocks },
    { key: 'questions', header: t('columns.questions'), className: 'valkiria-num', render: (b) => b.questions },
    { key: 'tests', header: t('columns.tests'), className: 'valkiria-num', render: (b) => b.tests },
  ];
  const items: [string, string | number, string][] = [
    ['students', figures.students, 'figure-students'],
    ['activeStudents', figures.active_students, 'figure-active'],
    ['expiring', figures.expiring, 'figure-expiring'],
    ['attempts', figures.attempts_this_month, 'figure-attempts'],
    ['passRate', percent(figures.pass_rate_this_month) || t('none'), 'figure-pass-rate'],
  ];
  return (
    <section className="card" aria-labelledby="valkiria-figures-title" data-testid="figures">
      <h2 id="valkiria-figures-title" className="card__title">
        {t('figures.title')}
      </h2>
      <dl className="valkiria-figures">
        {items.map(([key, value, testId]) => (
          <Figure key={key} label={t(`figures.${key}`)} value={value} testId={testId} />
        ))}
      </dl>
      {bank.length > 0 && <DataTable columns={columns} rows={bank} rowKey={(b) => b.licence} label={t('figures.bank')} />}
    </section>
  );
}
