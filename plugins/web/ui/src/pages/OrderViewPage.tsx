import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  FormActions,
  FormMessages,
  NotesField,
  PageState,
  SubmitActions,
  formatDateTime,
  formatEuros,
  formatScaled,
  useApi,
  useDraftForm,
  usePageLayout,
  useRecord,
  useSession,
  useToast,
  type Column,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { webApi, type GatewayNotification, type Order, type OrderLine, type WebApi } from '../api';
import { INVOICEABLE, PAID, PERMISSION } from '../lists';
import { OrderStateBadge, ResultBadge } from '../components/Badges';

/**
 * `/web/orders/:order_id` — one order (`GET web/ecommerce/order/read/{id}`): its head (reference,
 * state, dates, payment method, total), the customer, the lines with the order's total, the note
 * left when it was configured and the log of the gateway's notifications. A paid order (state 2)
 * offers "Marcar como configurado" with an optional note to users with the `web` permission
 * (`POST web/ecommerce/order/configure`); a paid or configured order without its invoice offers
 * "Emitir la factura" (`POST web/ecommerce/order/invoice`). The order is read again afterwards.
 */
export default function OrderViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => webApi(client), [client]);
  const session = useSession();
  const id = Number(useParams().order_id) || 0;
  const { record: order, failed, load, reload } = useRecord<Order>(id, api.orders.read);
  const title = order ? t('order.title', { reference: order.reference }) : t('order.titleLoading');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: t('orders.title'), to: '/web/orders' }, { label: title }] });

  if (!id) return <PageState error={t('order.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!order) return <PageState error={null} />;

  const { customer } = order;
  const place = [customer.postal_code, customer.city].filter(Boolean).join(' ');
  const address = [customer.address, place, customer.province && customer.province !== customer.city ? customer.province : ''].filter(Boolean).join(', ');

  const lineColumns: Column<OrderLine>[] = [
    { key: 'reference', header: t('order.lines.reference'), className: 'web-nowrap' },
    { key: 'name', header: t('order.lines.name') },
    { key: 'quantity', header: t('order.lines.quantity'), className: 'web-num' },
    { key: 'price', header: t('order.lines.price'), className: 'web-num', render: (l) => formatEuros(l.price) },
    { key: 'tax', header: t('order.lines.tax'), className: 'web-nowrap', render: (l) => l.tax_name || `${formatScaled(l.tax_rate, 2, false)} %` },
    { key: 'total', header: t('order.lines.total'), className: 'web-num', render: (l) => formatEuros(l.total) },
  ];
  const notificationColumns: Column<GatewayNotification>[] = [
    { key: 'at', header: t('order.notifications.date'), className: 'web-nowrap', render: (n) => formatDateTime(n.at) },
    { key: 'response', header: t('order.notifications.response'), className: 'web-nowrap' },
    { key: 'authorisation', header: t('order.notifications.authorisation'), className: 'web-nowrap', render: (n) => n.authorisation || t('none') },
    { key: 'amount', header: t('order.notifications.amount'), className: 'web-num', render: (n) => formatEuros(n.amount) },
    { key: 'ok', header: t('order.notifications.result'), render: (n) => <ResultBadge ok={n.ok} /> },
  ];

  return (
    <div className="web-page" data-testid="order-view">
      <section className="card web-head">
        <div>
          <h2 className="web-head__name" data-testid="order-title">
            {order.reference}
          </h2>
          <OrderStateBadge state={order.status} name={order.status_name} />
        </div>
        <dl className="web-facts" data-testid="order-facts">
          <Fact label={t('order.fields.created_at')}>{formatDateTime(order.created_at)}</Fact>
          {order.paid_at && <Fact label={t('order.fields.paid_at')}>{formatDateTime(order.paid_at)}</Fact>}
          {order.configured_at && <Fact label={t('order.fields.configured_at')}>{formatDateTime(order.configured_at)}</Fact>}
          <Fact label={t('order.fields.payment_method')}>{t(`method.${order.payment_method}`, { defaultValue: order.payment_method })}</Fact>
          <Fact label={t('order.fields.total')}>{formatEuros(order.total)}</Fact>
          {order.invoice_id != null && <Fact label={t('order.fields.invoice')}>{order.invoice_number || t('none')}</Fact>}
        </dl>
        <div className="web-actions">
          <Link className="vk-btn vk-btn--light" to="/web/orders">
            {t('order.back')}
          </Link>
        </div>
      </section>

      {INVOICEABLE.includes(order.status) && order.invoice_id == null && session.can(PERMISSION) && <InvoiceForm api={api} order={order} onDone={reload} />}

      {order.status === PAID && session.can(PERMISSION) && <ConfigureForm api={api} order={order} onDone={reload} />}

      {order.note && (
        <section className="card" data-testid="order-note">
          <h2 className="card__title">{t('order.note')}</h2>
          <p className="web-text">{order.note}</p>
        </section>
      )}

      <section className="card" aria-labelledby="web-order-customer" data-testid="order-customer">
        <h2 id="web-order-customer" className="card__title">
          {t('order.customer.title')}
        </h2>
        <dl className="web-facts">
          <Fact label={t('order.customer.name')}>{customer.name || t('none')}</Fact>
          <Fact label={t('order.customer.nif')}>{customer.nif || t('none')}</Fact>
          <Fact label={t('order.customer.email')}>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : t('none')}</Fact>
          <Fact label={t('order.customer.phone')}>{customer.phone || t('none')}</Fact>
          <Fact label={t('order.customer.address')}>{address || t('none')}</Fact>
          {order.notification_email && order.notification_email !== customer.email && (
            <Fact label={t('order.customer.notification_email')}>{order.notification_email}</Fact>
          )}
        </dl>
      </section>

      <section className="card web-section" aria-labelledby="web-order-lines" data-testid="order-lines">
        <h2 id="web-order-lines" className="card__title">
          {t('order.lines.title')}
        </h2>
        <DataTable<OrderLine> label={t('order.lines.title')} columns={lineColumns} rows={order.lines} rowKey={(l) => `${l.product_id}-${l.reference}`} empty={t('order.lines.empty')} />
        <p className="web-total" data-testid="order-total">
          {t('order.lines.orderTotal', { total: formatEuros(order.total) })}
        </p>
      </section>

      <section className="card web-section" aria-labelledby="web-order-notifications" data-testid="order-notifications">
        <h2 id="web-order-notifications" className="card__title">
          {t('order.notifications.title')}
        </h2>
        <DataTable<GatewayNotification>
          label={t('order.notifications.title')}
          columns={notificationColumns}
          rows={order.notifications}
          rowKey={(n) => `${n.at}-${n.response}-${n.authorisation}`}
          empty={t('order.notifications.empty')}
        />
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/**
 * "Marcar como configurado": a paid order becomes configured (the staff have set up what was
 * bought), with an optional note. The host refuses an order in any other state (CONFLICT): its
 * message shows above the form.
 */
function ConfigureForm({ api, order, onDone }: { api: WebApi; order: Order; onDone(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ note: string }, { id: number; note?: string }>(
    { note: '' },
    {
      fields: ['note'],
      toBody: (d) => {
        const note = d.note.trim();
        return note ? { id: order.id, note } : { id: order.id };
      },
      onSubmit: async (body) => {
        await api.orders.configure(body);
        toast.success(t('order.configure.done', { reference: order.reference }));
        onDone();
      },
      fallback: t('actionError'),
    },
  );
  return (
    <section className="card" aria-labelledby="web-order-configure" data-testid="order-configure">
      <h2 id="web-order-configure" className="card__title">
        {t('order.configure.title')}
      </h2>
      <form className="vk-form" aria-label={t('order.configure.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <p className="muted web-hint">{t('order.configure.explain')}</p>
        <FormMessages errors={errors.errors} general={errors.general} testId="configure-errors" />
        <NotesField ctx={ctx} field="note" label={t('order.configure.note')} value={draft.note} onChange={(note) => set({ note })} />
        <SubmitActions busy={busy} label={t('order.configure.action')} />
      </form>
    </section>
  );
}

/**
 * "Emitir la factura": a paid (or configured) order without its invoice — not issued on payment,
 * or issuing it then failed — gets it from the billing module. The host's refusal (a product
 * without a billing tax, an invoice that would not come to what was paid…) shows above the button.
 */
function InvoiceForm({ api, order, onDone }: { api: WebApi; order: Order; onDone(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { busy, errors, handleSubmit } = useDraftForm<Record<string, never>, { id: number }>(
    {},
    {
      fields: [],
      toBody: () => ({ id: order.id }),
      onSubmit: async (body) => {
        const answer = await api.orders.invoice(body);
        toast.success(t('order.invoice.done', { number: answer.invoice_number }));
        onDone();
      },
      fallback: t('actionError'),
    },
  );
  return (
    <section className="card" aria-labelledby="web-order-invoice" data-testid="order-invoice">
      <h2 id="web-order-invoice" className="card__title">
        {t('order.invoice.title')}
      </h2>
      <form className="vk-form" aria-label={t('order.invoice.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <p className="muted web-hint">{t('order.invoice.explain')}</p>
        <FormMessages errors={errors.errors} general={errors.general} testId="invoice-errors" />
        <FormActions>
          <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
            {busy ? t('order.invoice.busy') : t('order.invoice.action')}
          </button>
        </FormActions>
      </form>
    </section>
  );
}
