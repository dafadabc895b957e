import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, ListView, MoneyInput, errorList, formatDate, formatEuros, roundDiv, useApi, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Invoice, type PaymentMethod } from '../api';
import { percentText, todayIso } from '../format';
import { useReferenceData } from './useReferenceData';
import { PaymentMethodField } from './PaymentFields';
import { StateBadge } from './StateBadge';

/**
 * The tickets (`ticket/*`): simplified invoices for the counter, in a simplified series, issued
 * and paid in one call (`ticket/create` with the payment of its total). One concept, its price
 * before tax and the tax; the total is shown while typing, computed by the host's rounding rule.
 * Each ticket opens in the invoice editor (payments, PDF, print).
 */
export function TicketsCard({ version, onChange }: { version: number; onChange(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const reference = useReferenceData(false);
  const series = (reference.data?.series ?? []).filter((s) => s.simplified && s.state === 'active');
  const taxes = (reference.data?.taxes ?? []).filter((x) => x.state === 'active' && x.region_active !== false);
  const [seriesId, setSeriesId] = useState(0);
  const [concept, setConcept] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [taxId, setTaxId] = useState(0);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [errors, setErrors] = useState<string[]>([]);
  const load = useCallback((q: ListQuery) => api.tickets.list({ search: q.search, page: q.page, per_page: q.perPage }), [api]);
  const chosenSeries = seriesId || series[0]?.id || 0;
  const tax = taxes.find((x) => x.id === taxId) ?? taxes.find((x) => x.is_default) ?? taxes[0];
  const total = price !== null && tax ? price + roundDiv(price * tax.rate, 10_000) : null;

  async function issue() {
    setErrors([]);
    if (price === null || price <= 0 || total === null) {
      setErrors([t('tickets.priceInvalid')]);
      return;
    }
    const date = todayIso();
    try {
      const ticket = await api.tickets.create({
        series_id: chosenSeries || null,
        issue_date: date,
        lines: [{ concept: concept.trim(), price, quantity: 1, discount_type: null, discount: 0, tax_id: tax?.id ?? null }],
        payments: [{ amount: total, method, date }],
      });
      toast.success(t('tickets.issued', { reference: ticket.reference ?? '' }));
      setConcept('');
      setPrice(null);
      onChange();
    } catch (e) {
      setErrors(errorList(e).map((item) => item.details || item.code));
    }
  }

  const columns: Column<Invoice>[] = [
    {
      key: 'reference',
      header: t('columns.reference'),
      render: (d) => <Link to={`/invoice/edit/list/${d.series_id}/${d.id}/0`}>{d.reference}</Link>,
    },
    { key: 'issue_date', header: t('columns.issue_date'), render: (d) => formatDate(d.issue_date) },
    { key: 'total', header: t('columns.total'), className: 'billing-num', render: (d) => formatEuros(d.total) },
    { key: 'state', header: t('columns.state'), render: (d) => <StateBadge state={d.state} testId={`ticket-state-${d.id}`} /> },
  ];

  return (
    <section aria-labelledby="cashflow-tickets-title" className="billing-movements" data-testid="tickets">
      <h2 id="cashflow-tickets-title" className="card__title">
        {t('tickets.title')}
      </h2>
      <ListView<Invoice> label={t('tickets.title')} columns={columns} rowKey={(d) => d.id} load={load} reloadKey={version} empty={t('tickets.none')} />
      {reference.data && series.length === 0 ? (
        <p className="muted" data-testid="tickets-no-series">
          {t('tickets.noSeries')} <Link to="/sales/billing/list/invoice">{t('tickets.toSeries')}</Link>
        </p>
      ) : reference.data && taxes.length === 0 ? (
        // Every line needs a tax (the host refuses one without): none is active yet.
        <p className="muted" data-testid="tickets-no-tax">
          {t('tickets.noTax')} <Link to="/tax/list">{t('tickets.toTaxes')}</Link>
        </p>
      ) : (
        <form
          className="card billing-movements__form"
          aria-label={t('tickets.new')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void issue();
          }}
        >
          <ErrorList messages={[...errors, ...(reference.error !== null ? [reference.error || t('loadError')] : [])]} testId="ticket-errors" />
          {series.length > 1 && (
            <label className="vk-field">
              <span className="vk-label">{t('tickets.series')}</span>
              <select className="vk-input" value={chosenSeries} onChange={(e) => setSeriesId(Number(e.target.value))}>
                {series.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.code} · {s.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="vk-field">
            <span className="vk-label">{t('cashflow.concept')}</span>
            <input className="vk-input" value={concept} onChange={(e) => setConcept(e.target.value)} />
          </label>
          <label className="vk-field">
            <span className="vk-label">{t('tickets.price')}</span>
            <MoneyInput value={price} onChange={setPrice} />
          </label>
          <label className="vk-field">
            <span className="vk-label">{t('tickets.tax')}</span>
            <select className="vk-input" value={tax?.id ?? 0} onChange={(e) => setTaxId(Number(e.target.value))}>
              {taxes.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name} ({percentText(x.rate)} %)
                </option>
              ))}
            </select>
          </label>
          <PaymentMethodField method={method} onMethod={setMethod} />
          <p className="muted" data-testid="ticket-total">
            {total !== null ? t('tickets.total', { total: formatEuros(total) }) : ''}
          </p>
          <div className="vk-form__actions">
            <button type="submit" className="vk-btn vk-btn--primary">
              {t('tickets.issue')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
