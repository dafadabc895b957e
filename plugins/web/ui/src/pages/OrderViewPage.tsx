import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  FormActions,
  FormMessages,
  NotesField,
  PageState,
  SelectField,
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
import { webApi, type CustomerStatus, type GatewayNotification, type Order, type OrderBuyer, type OrderLine, type WebApi } from '../api';
import { CUSTOMER_STATUSES, INVOICEABLE, PAID, PERMISSION } from '../lists';
import { CustomerModeBadge, OrderStateBadge, ResultBadge } from '../components/Badges';

/**
 * `/web/orders/:order_id` — one order (`GET web/ecommerce/order/read/{id}`): its head (reference,
 * state, dates, payment method, total, invoice, the version of the conditions of sale the
 * customer accepted), the customer with the buyer's mode in the shop ("Modo del
 * cliente", changed with `POST web/customer/status` when the buyer is a client contact), the lines
 * with the order's total, the note left when it was configured and the log of the gateway's
 * notifications. A paid order (state 2)
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
          {order.terms_version != null && <Fact label={t('order.fields.terms')}>{t('order.termsVersion', { version: order.terms_version })}</Fact>}
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
          {order.buyer && (
            <Fact label={t('order.buyer.label')}>
              <CustomerModeBadge mode={order.buyer} testId="buyer-status" />
            </Fact>
          )}
        </dl>
        {order.buyer &&
          (order.buyer.contact_id === null ? (
            <p className="muted web-hint" data-testid="buyer-no-contact">
              {t('order.buyer.noContact')}
            </p>
          ) : (
            session.can(PERMISSION) && (
              <BuyerStatusForm key={`${order.buyer.contact_id}-${order.buyer.status ?? ''}`} api={api} buyer={order.buyer} contactId={order.buyer.contact_id} onDone={reload} />
            )
          ))}
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
 * The buyer's mode in the shop, changed: "Demostración" (may buy an enrolment but not renew or
 * extend), "Matriculado", or none (buys as an enrolled customer); `POST web/customer/status`.
 * The host's refusal (`REQ-102` on `status`) goes under the select, the rest (`NOT-FOUND-000`)
 * above the form; once saved the toast names the mode answered and the order is read again.
 */
function BuyerStatusForm({ api, buyer, contactId, onDone }: { api: WebApi; buyer: OrderBuyer; contactId: number; onDone(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const current = buyer.status ?? '';
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ status: string }, { status: CustomerStatus | null }>(
    { status: current },
    {
      fields: ['status'],
      toBody: (d) => ({ status: (d.status || null) as CustomerStatus | null }),
      onSubmit: async ({ status }) => {
        if ((status ?? '') === current) {
          toast.info(t('order.buyer.noChanges'));
          return;
        }
        const answer = await api.customers.setStatus(contactId, status);
        const mode = answer?.status ?? null;
        toast.success(t('order.buyer.done', { mode: mode === null ? t('customerStatus.none') : CUSTOMER_STATUSES.includes(mode) ? t(`customerStatus.${mode}`) : answer.status_name }));
        onDone();
      },
      fallback: t('actionError'),
    },
  );
  return (
    <form className="vk-form web-buyer" aria-label={t('order.buyer.form')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <p className="muted web-hint">{t('order.buyer.explain')}</p>
      <FormMessages errors={errors.errors} general={errors.general} testId="buyer-errors" />
      <SelectField
        ctx={ctx}
        field="status"
        label={t('order.buyer.label')}
        value={draft.status}
        empty={t('customerStatus.none')}
        options={CUSTOMER_STATUSES.map((status) => ({ value: status, label: t(`customerStatus.${status}`) }))}
        onChange={(status) => set({ status })}
      />
      <SubmitActions busy={busy} label={t('order.buyer.save')} />
    </form>
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
