import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BarChart,
  ErrorList,
  ListView,
  PageState,
  errorList,
  formatDate,
  formatEuros,
  useApi,
  useConfirm,
  usePageLayout,
  useToast,
  type Column,
  type ListQuery,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type CashMovement, type ChartData, type ContactCashflow, type PaymentMethod } from '../api';
import { todayIso } from '../format';
import { ContactPicker, type PickedContact } from '../components/ContactPicker';
import { PaymentFields } from '../components/PaymentFields';
import { ExpensesCard } from '../components/ExpensesCard';
import { TicketsCard } from '../components/TicketsCard';
import { usePickedContact } from '../components/usePickedContact';

/**
 * /sales/cashflow/list — the cash flow: money in (invoice payments, incoming movements) and out
 * (expenses, outgoing movements) per month with the running balance (`ticket/chart`, drawn as a
 * bar chart), the manual movements (`sales/cashflow/*`) and a contact's cash flow
 * (`ticket/contact/cashflow/read`: invoices, payments, what is still owed), the tickets of the
 * counter (`ticket/*`) and the expenses (`expense/*`). `?contact_id=`
 * opens with that contact.
 */
export default function CashflowPage() {
  const { t } = useTranslation(NAMESPACE);
  const [params] = useSearchParams();
  const initial = usePickedContact(Number(params.get('contact_id')) || 0);
  usePageLayout({ title: t('cashflow.title'), breadcrumbs: [{ label: t('title') }, { label: t('cashflow.title') }] });
  const [version, setVersion] = useState(0);
  return (
    <div className="billing-page" data-testid="cashflow-page">
      <ChartCard version={version} />
      {initial.ready && <ContactCashflowCard initial={initial.contact} />}
      <TicketsCard onChange={() => setVersion((v) => v + 1)} version={version} />
      <MovementsCard onChange={() => setVersion((v) => v + 1)} version={version} />
      <ExpensesCard onChange={() => setVersion((v) => v + 1)} version={version} />
    </div>
  );
}

function ChartCard({ version }: { version: number }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [chart, setChart] = useState<ChartData | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => {
    setFailed(null);
    api.cashflow.chart(year).then(setChart, (e) => setFailed(errorList(e)[0]?.details ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [year, version]);
  useEffect(load, [load]);
  return (
    <section className="card" aria-labelledby="cashflow-chart-title" data-testid="cashflow-chart">
      <div className="billing-page__head">
        <h2 id="cashflow-chart-title" className="card__title">
          {t('cashflow.chartTitle')}
        </h2>
        <select className="vk-input billing-year" aria-label={t('cashflow.year')} value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {[thisYear - 2, thisYear - 1, thisYear, thisYear + 1].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {chart ? (
        <>
          <dl className="billing-cashflow__totals">
            <dt>{t('cashflow.income')}</dt>
            <dd data-testid="cashflow-income" data-cents={chart.income}>
              {formatEuros(chart.income)}
            </dd>
            <dt>{t('cashflow.expenses')}</dt>
            <dd data-testid="cashflow-expenses" data-cents={chart.expenses}>
              {formatEuros(chart.expenses)}
            </dd>
            <dt>{t('cashflow.balance')}</dt>
            <dd data-testid="cashflow-balance" data-cents={chart.balance}>
              {formatEuros(chart.balance)}
            </dd>
          </dl>
          <BarChart
            title={t('cashflow.chartCaption', { year: chart.year })}
            labels={chart.labels}
            bars={[
              { name: t('cashflow.income'), values: chart.months.map((m) => m.income), tone: 'success' },
              { name: t('cashflow.expenses'), values: chart.months.map((m) => m.expenses), tone: 'danger' },
            ]}
            line={{ name: t('cashflow.running'), values: chart.months.map((m) => m.running), tone: 'primary' }}
            format={formatEuros}
          />
        </>
      ) : (
        <PageState error={failed} onRetry={load} />
      )}
    </section>
  );
}

function ContactCashflowCard({ initial }: { initial: PickedContact | null }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const [contact, setContact] = useState<PickedContact | null>(initial);
  const [flow, setFlow] = useState<ContactCashflow | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    setFlow(null);
    setFailed(null);
    if (!contact) return;
    api.cashflow.contact(contact.id).then(setFlow, (e) => setFailed(errorList(e)[0]?.details || t('loadError')));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contact?.id]);
  return (
    <section className="card" aria-labelledby="cashflow-contact-title" data-testid="contact-cashflow">
      <h2 id="cashflow-contact-title" className="card__title">
        {t('cashflow.contactTitle')}
      </h2>
      <ContactPicker value={contact} onChange={setContact} />
      {failed && (
        <p className="vk-alert vk-alert--danger" role="alert">
          {failed}
        </p>
      )}
      {flow && (
        <>
          <dl className="billing-cashflow__totals">
            <dt>{t('cashflow.invoiced')}</dt>
            <dd data-testid="contact-invoiced">{formatEuros(flow.invoiced)}</dd>
            <dt>{t('cashflow.paid')}</dt>
            <dd data-testid="contact-paid">{formatEuros(flow.paid)}</dd>
            <dt>{t('cashflow.outstanding')}</dt>
            <dd data-testid="contact-outstanding" data-cents={flow.outstanding}>
              {formatEuros(flow.outstanding)}
            </dd>
          </dl>
          <table className="vk-table" aria-label={t('cashflow.contactTable')}>
            <thead>
              <tr>
                <th scope="col">{t('cashflow.date')}</th>
                <th scope="col">{t('cashflow.kind')}</th>
                <th scope="col">{t('cashflow.concept')}</th>
                <th scope="col" className="billing-num">
                  {t('cashflow.amount')}
                </th>
                <th scope="col" className="billing-num">
                  {t('cashflow.owed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {flow.movements.length === 0 && (
                <tr className="vk-table__empty">
                  <td colSpan={5}>{t('cashflow.contactEmpty')}</td>
                </tr>
              )}
              {flow.movements.map((m, i) => (
                <tr key={i} data-testid="contact-movement" data-kind={m.kind} data-amount={m.amount}>
                  <td>{formatDate(m.date)}</td>
                  <td>{m.kind === 'payment' && m.method ? t('cashflow.paymentBy', { method: t(`method.${m.method}`) }) : t(`cashflow.kinds.${m.kind === 'movement' ? `movement_${m.direction}` : m.kind}`)}</td>
                  <td>
                    {m.invoice_id ? <Link to={`/invoice/edit/list/0/${m.invoice_id}/${flow.contact_id}`}>{m.concept}</Link> : m.concept}
                  </td>
                  <td className="billing-num">{formatEuros(m.amount)}</td>
                  <td className="billing-num">{formatEuros(m.owed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function MovementsCard({ version, onChange }: { version: number; onChange(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const confirm = useConfirm();
  const [concept, setConcept] = useState('');
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [date, setDate] = useState(todayIso());
  const [errors, setErrors] = useState<string[]>([]);
  const load = useCallback((q: ListQuery) => api.cashflow.movements({ search: q.search, page: q.page, per_page: q.perPage }), [api]);

  async function add() {
    setErrors([]);
    try {
      await api.cashflow.createMovement({ concept: concept.trim(), direction, amount: amount ?? 0, method, date });
      toast.success(t('cashflow.movementAdded'));
      setConcept('');
      setAmount(null);
      onChange();
    } catch (e) {
      setErrors(errorList(e).map((item) => item.details || item.code));
    }
  }

  async function remove(m: CashMovement) {
    if (!(await confirm({ message: t('cashflow.deleteQuestion', { concept: m.concept }), confirmLabel: t('cashflow.delete'), tone: 'danger' }))) return;
    try {
      await api.cashflow.removeMovement(m.id);
      toast.success(t('cashflow.movementDeleted'));
      onChange();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  const columns: Column<CashMovement>[] = [
    { key: 'date', header: t('cashflow.date'), render: (m) => formatDate(m.date) },
    { key: 'concept', header: t('cashflow.concept') },
    { key: 'direction', header: t('cashflow.direction'), render: (m) => t(`cashflow.kinds.movement_${m.direction}`) },
    { key: 'method', header: t('payments.method'), render: (m) => t(`method.${m.method}`) },
    { key: 'amount', header: t('cashflow.amount'), className: 'billing-num', render: (m) => formatEuros(m.direction === 'out' ? -m.amount : m.amount) },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (m) => (
        <button type="button" className="vk-btn vk-btn--light" aria-label={t('cashflow.deleteNamed', { concept: m.concept })} onClick={() => void remove(m)}>
          {t('cashflow.delete')}
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="cashflow-movements-title" className="billing-movements">
      <h2 id="cashflow-movements-title" className="card__title">
        {t('cashflow.movements')}
      </h2>
      <ListView<CashMovement> label={t('cashflow.movements')} columns={columns} rowKey={(m) => m.id} load={load} reloadKey={version} empty={t('cashflow.noMovements')} />
      <form
        className="card billing-movements__form"
        aria-label={t('cashflow.newMovement')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <ErrorList messages={errors} testId="movement-errors" />
        <label className="vk-field">
          <span className="vk-label">{t('cashflow.concept')}</span>
          <input className="vk-input" value={concept} onChange={(e) => setConcept(e.target.value)} />
        </label>
        <label className="vk-field">
          <span className="vk-label">{t('cashflow.direction')}</span>
          <select className="vk-input" value={direction} onChange={(e) => setDirection(e.target.value as 'in' | 'out')}>
            <option value="in">{t('cashflow.kinds.movement_in')}</option>
            <option value="out">{t('cashflow.kinds.movement_out')}</option>
          </select>
        </label>
        <PaymentFields amountLabel={t('cashflow.amount')} amount={amount} onAmount={setAmount} method={method} onMethod={setMethod} date={date} onDate={setDate} />
        <div className="vk-form__actions">
          <button type="submit" className="vk-btn vk-btn--primary">
            {t('cashflow.addMovement')}
          </button>
        </div>
      </form>
    </section>
  );
}
