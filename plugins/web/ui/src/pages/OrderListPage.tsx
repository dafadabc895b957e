import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilteredList, formatDateTime, formatEuros, useApi, usePageLayout, type Column, type ListPage, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { webApi, type Order, type OrderPage, type OrderState } from '../api';
import { ORDER_STATES, orderPath } from '../lists';
import { OrderStateBadge } from '../components/Badges';

type Counts = OrderPage['counts'];

/** The host's page (the SDK's `{items, total, page, per_page}` with `counts`) as the kit's lists take it. */
function listPage(answer: OrderPage): ListPage<Order> {
  const { items, total, page, per_page } = answer;
  return { items, total, page, per_page };
}

/**
 * `/web/orders` — the shop's orders, newest first (`GET web/ecommerce/order/readall`): search
 * (reference, customer, e-mail or NIF), the state chips with how many orders each state holds
 * (`counts`), and the table: reference (to the order), date, customer, total, payment
 * method and state. Nothing here writes.
 */
export default function OrderListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => webApi(client), [client]);
  const [state, setState] = useState<OrderState | ''>('');
  const [counts, setCounts] = useState<Counts | null>(null);
  // the latest request: an older answer arriving late does not overwrite the counts
  const asked = useRef(0);
  const title = t('orders.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    async (q: ListQuery) => {
      const n = ++asked.current;
      const answer = await api.orders.list({ search: q.search, status: state, page: q.page, per_page: q.perPage });
      if (n === asked.current) setCounts(answer.counts ?? null);
      return listPage(answer);
    },
    [api, state],
  );

  const countOf = (s: OrderState) => counts?.[String(s)] ?? 0;
  const all = counts ? ORDER_STATES.reduce((sum, s) => sum + countOf(s), 0) : null;
  const chip = (value: OrderState | '', label: string, count: number | null) => (
    <button key={`state-${value}`} type="button" className="web-chip" aria-pressed={state === value} data-testid={`state-chip-${value || 'all'}`} onClick={() => setState(value)}>
      {label}
      {count !== null && <span className="web-chip__count">{t('orders.count', { count })}</span>}
    </button>
  );

  const columns: Column<Order>[] = [
    {
      key: 'reference',
      header: t('orders.columns.reference'),
      render: (o) => (
        <Link to={orderPath(o.id)} className="web-nowrap" data-testid="order-reference">
          {o.reference}
        </Link>
      ),
    },
    { key: 'created_at', header: t('orders.columns.date'), className: 'web-nowrap', render: (o) => formatDateTime(o.created_at) },
    {
      key: 'customer',
      header: t('orders.columns.customer'),
      render: (o) => (
        <>
          {o.customer.name}
          {o.customer.email && <small className="muted web-block">{o.customer.email}</small>}
        </>
      ),
    },
    { key: 'total', header: t('orders.columns.total'), className: 'web-num', render: (o) => formatEuros(o.total) },
    { key: 'payment_method', header: t('orders.columns.method'), render: (o) => t(`method.${o.payment_method}`, { defaultValue: o.payment_method }) },
    { key: 'state', header: t('orders.columns.state'), render: (o) => <OrderStateBadge state={o.status} name={o.status_name} /> },
    {
      key: 'actions',
      header: t('orders.columns.actions'),
      className: 'vk-table__actions',
      render: (o) => (
        <Link className="vk-btn vk-btn--light" to={orderPath(o.id)} aria-label={t('orders.openNamed', { reference: o.reference })}>
          {t('orders.open')}
        </Link>
      ),
    },
  ];

  return (
    <div className="web-page" data-testid="order-list">
      <FilteredList<Order>
        label={t('orders.table')}
        columns={columns}
        rowKey={(o) => o.id}
        load={load}
        filtersKey={String(state)}
        searchPlaceholder={t('orders.search')}
        empty={t('orders.empty')}
        filters={
          <div className="web-chips" role="group" aria-label={t('orders.filters.state')}>
            {chip('', t('orders.filters.all'), all)}
            {ORDER_STATES.map((s) => chip(s, t(`state.${s}`), counts ? countOf(s) : null))}
          </div>
        }
      />
    </div>
  );
}
