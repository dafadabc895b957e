import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, SearchInput, formatDateTime, formatEuros, useLoad, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Order } from '../api';
import { OrderStateBadge } from '../components/Badges';
import { CustomerArea } from '../customer/CustomerArea';
import type { CustomerApi } from '../customer/session';

/**
 * `/layout/contact/orders` — the signed-in customer's orders
 * (`GET web/api/ecommerce/preorder/read/all?search=`, the search trimmed): reference, date,
 * state, payment method, lines and total. The bank sends the customer back here: `?paid=1` says
 * "¡Pedido confirmado!", `?failed=1` that the payment failed.
 */
export default function CustomerOrdersPage() {
  return <CustomerArea>{({ api }) => <Orders api={api} />}</CustomerArea>;
}

function Orders({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const params = new URLSearchParams(useLocation().search);
  const [search, setSearch] = useState('');
  const load = useCallback(() => api.orders(search), [api, search]);
  const loaded = useLoad(load);

  const columns: Column<Order>[] = [
    { key: 'reference', header: t('customer.orders.columns.reference'), className: 'web-nowrap', render: (o) => <strong data-testid="order-reference">{o.reference}</strong> },
    { key: 'created_at', header: t('customer.orders.columns.date'), className: 'web-nowrap', render: (o) => formatDateTime(o.created_at) },
    { key: 'status', header: t('customer.orders.columns.status'), render: (o) => <OrderStateBadge state={o.status} name={o.status_name} /> },
    { key: 'payment_method', header: t('customer.orders.columns.method'), render: (o) => t(`method.${o.payment_method}`, { defaultValue: o.payment_method }) },
    {
      key: 'lines',
      header: t('customer.orders.columns.lines'),
      render: (o) => (
        <ul className="web-lines">
          {o.lines.map((line, i) => (
            <li key={`${line.product_id}-${i}`}>{t('customer.orders.line', { quantity: line.quantity, name: line.name })}</li>
          ))}
        </ul>
      ),
    },
    { key: 'total', header: t('customer.orders.columns.total'), className: 'web-num', render: (o) => formatEuros(o.total) },
  ];

  return (
    <section className="card web-section" aria-labelledby="web-customer-orders-title" data-testid="customer-orders">
      <h1 id="web-customer-orders-title" className="web-customer__title">
        {t('customer.orders.title')}
      </h1>
      {params.get('paid') === '1' && (
        <p className="vk-alert vk-alert--success" role="status" data-testid="order-paid">
          {t('customer.orders.paid')}
        </p>
      )}
      {params.get('failed') === '1' && (
        <p className="vk-alert vk-alert--danger" role="alert" data-testid="order-failed">
          {t('customer.orders.failed')}
        </p>
      )}
      <SearchInput placeholder={t('customer.orders.search')} onSearch={setSearch} />
      {loaded.data && loaded.failed === null ? (
        <DataTable<Order>
          label={t('customer.orders.table')}
          columns={columns}
          rows={loaded.data}
          rowKey={(o) => o.id}
          empty={search ? t('customer.orders.noMatch') : t('customer.orders.empty')}
        />
      ) : (
        <PageState error={loaded.failed} onRetry={loaded.reload} />
      )}
    </section>
  );
}
