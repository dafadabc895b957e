import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CheckField,
  DataTable,
  FieldErrorMessage,
  FormActions,
  FormMessages,
  InputField,
  PageState,
  TabPanel,
  Tabs,
  UI_NAMESPACE,
  errorCodes,
  formatEuros,
  namedField,
  useDraftForm,
  useLoad,
  type ApiErrorItem,
  type Column,
  type FieldErrors,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Customer, PaymentMethod, PreorderBody, StorefrontMethods, StorefrontProduct } from '../api';
import { CUSTOMER_FIELDS, CUSTOMER_PATHS, MAX_QUANTITY, MIN_QUANTITY, PAYMENT_METHODS } from '../lists';
import { CustomerArea } from '../customer/CustomerArea';
import type { CustomerApi } from '../customer/session';
import { looksLikeEmail, quantityOf } from '../customer/checks';
import { postToBank } from '../customer/payment';
import { AccessForm } from '../customer/AccessForm';
import { LegalTextDialog } from '../components/LegalText';

/** The products an address asks for (`?product=3&product=5`): whole positive ids, each once, in order. */
export function productIds(search: string): number[] {
  const ids = new URLSearchParams(search)
    .getAll('product')
    .map((value) => value.trim())
    .filter((value) => /^\d{1,15}$/.test(value))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)];
}

/** This page's address with the products (`?product=3&product=5`), after the other parameters given. */
export function orderPage(ids: number[], params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  for (const id of ids) query.append('product', String(id));
  const search = query.toString();
  return search ? `${CUSTOMER_PATHS.orderCreate}?${search}` : CUSTOMER_PATHS.orderCreate;
}

/** Where the bank sends the customer back: the orders page, with how the payment went. */
export const returnUrls = (origin: string) => ({
  url_ok: `${origin}${CUSTOMER_PATHS.orders}?paid=1`,
  url_ko: `${origin}${CUSTOMER_PATHS.orders}?failed=1`,
});

/**
 * Where the bank sends a guest back (the orders page needs a customer signed in): this page, with
 * how the payment went; after a failed payment, with the order's products, to try again.
 */
export const guestReturnUrls = (origin: string, ids: number[]) => ({
  url_ok: `${origin}${orderPage([], { paid: '1' })}`,
  url_ko: `${origin}${orderPage(ids, { failed: '1' })}`,
});

/** What the page needs before the form: the customer, the shop's payment methods and the products on sale. */
interface Setup {
  /** The signed-in customer's data, the buyer's to start with; null for a guest (the buyer's fields empty). */
  user: Customer | null;
  methods: StorefrontMethods;
  products: StorefrontProduct[];
  /** How many of the products asked for are not on sale (left out of the order). */
  unavailable: number;
}

const notOnSale = (failure: unknown) => errorCodes(failure).some((code) => code.startsWith('NOT-FOUND'));

/**
 * `/layout/contact/order/create` — a new order of the products the address names, paid on the
 * bank's page. It reads the signed-in customer (`user/verify`, the buyer's data filled in), the
 * payment methods (`payments/tpv/read`: Bizum only when offered) and each product
 * (`product/read/{id}`; one not on sale is left out, saying so). "Pagar el pedido" places it
 * (`POST web/api/ecommerce/preorder`) and posts the signed fields the answer carries to the bank.
 * Beside "Acepto las condiciones de compra", "Leer las condiciones" opens the school's conditions
 * of sale (`GET web/api/legal/read?kind=terms`), when it publishes them.
 *
 * With the key but no customer signed in (a poster's QR code), a guest's order (`GuestOrder`):
 * the access form, whose link comes back to this order signed in, or the same form with the
 * buyer's fields empty, placed with the key only; the bank sends a guest back here (`?paid=1`,
 * `?failed=1`).
 */
export default function CustomerOrderCreatePage() {
  return (
    <CustomerArea requireSignIn={false}>{({ api, signedIn }) => <NewOrder key={signedIn ? 'customer' : 'guest'} api={api} guest={!signedIn} />}</CustomerArea>
  );
}

function NewOrder({ api, guest }: { api: CustomerApi; guest: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const search = useLocation().search;
  const asked = productIds(search).join(',');
  const load = useCallback(async (): Promise<Setup> => {
    const ids = asked ? asked.split(',').map(Number) : [];
    // a guest has no customer to read: the buyer's fields start empty
    const [verified, methods, reads] = await Promise.all([guest ? null : api.verify(), api.methods(), Promise.allSettled(ids.map((id) => api.product(id)))]);
    // a product that cannot be read for another reason (the network, the session) fails the page
    const failed = reads.find((read): read is PromiseRejectedResult => read.status === 'rejected' && !notOnSale(read.reason));
    if (failed) throw failed.reason;
    const products = reads.flatMap((read) => (read.status === 'fulfilled' ? [read.value] : []));
    return { user: verified?.user ?? null, methods, products, unavailable: ids.length - products.length };
  }, [api, asked, guest]);
  const loaded = useLoad(load, asked !== '');
  const setup = loaded.data;
  // the bank sends a guest back here (a customer, to their orders)
  const params = new URLSearchParams(search);
  const paid = guest && params.get('paid') === '1';
  const failed = guest && params.get('failed') === '1';

  let body;
  if (!asked) {
    body = paid || failed ? null : (
      <p className="vk-alert vk-alert--info" data-testid="order-no-products">
        {t('customer.order.noProducts')}
      </p>
    );
  } else if (!setup) {
    body = <PageState error={loaded.failed} onRetry={loaded.reload} />;
  } else {
    body = (
      <>
        {setup.unavailable > 0 && (
          <p className="vk-alert vk-alert--warning" role="status" data-testid="order-unavailable">
            {t('customer.order.unavailable', { count: setup.unavailable })}
          </p>
        )}
        {!setup.methods.configured ? (
          <p className="vk-alert vk-alert--warning" data-testid="order-not-configured">
            {t('customer.order.notConfigured')}
          </p>
        ) : setup.products.length === 0 ? (
          <p className="vk-alert vk-alert--info" data-testid="order-no-products">
            {t('customer.order.noProducts')}
          </p>
        ) : guest ? (
          <GuestOrder api={api} setup={setup} next={orderPage(asked.split(',').map(Number))} />
        ) : (
          <OrderForm api={api} setup={setup} />
        )}
      </>
    );
  }

  return (
    <section className="card web-section" aria-labelledby="web-customer-order-title" data-testid="customer-order-create">
      <h1 id="web-customer-order-title" className="web-customer__title">
        {t('customer.order.title')}
      </h1>
      {paid && (
        <p className="vk-alert vk-alert--success" role="status" data-testid="order-paid">
          {t('customer.order.guest.paid')}
        </p>
      )}
      {failed && (
        <p className="vk-alert vk-alert--danger" role="alert" data-testid="order-failed">
          {t('customer.order.guest.failed')}
        </p>
      )}
      {body}
    </section>
  );
}

interface OrderDraft {
  /** Each product's quantity as typed, in the order of the products. */
  quantities: string[];
  payment_method: PaymentMethod;
  customer: Customer;
  notification_email: string;
  accept_terms: boolean;
}

const customerField = (field: keyof Customer) => `customer.${field}`;
const lineField = (i: number) => `lines[${i}]`;
const quantityField = (i: number) => `lines[${i}].quantity`;

/** The host's `lines[i].product_id` (not on sale) goes under that line. */
function orderFieldOf(item: ApiErrorItem): string | undefined {
  const field = namedField(item);
  const line = field ? /^(lines\[\d+\])\.product_id$/.exec(field) : null;
  return line ? line[1] : field;
}

/** The limits of `preorder`'s checks, so that the field stops typing where the host would refuse. */
const MAX_LENGTH: Partial<Record<keyof Customer, number>> = { name: 200, address: 300, city: 100, province: 100, postal_code: 10 };

type GuestWay = 'access' | 'buy';
const GUEST_WAYS: GuestWay[] = ['access', 'buy'];
const WAYS_ID = 'web-order-ways';

/**
 * A guest's order (no customer signed in): two ways, "¿Ya es cliente?…" (the access form; its
 * mailed link opens `next`, this order, signed in) and "Comprar sin cuenta" (the order form with
 * the buyer's fields empty), the latter first shown. Both stay mounted: what was typed survives
 * a look at the other.
 */
function GuestOrder({ api, setup, next }: { api: CustomerApi; setup: Setup; next: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [way, setWay] = useState<GuestWay>('buy');
  return (
    <div className="web-section" data-testid="order-guest">
      <Tabs
        id={WAYS_ID}
        label={t('customer.order.guest.ways')}
        className="web-ways"
        tabs={GUEST_WAYS.map((key) => ({ key, label: t(`customer.order.guest.${key}`) }))}
        selected={way}
        onSelect={(key) => setWay(key as GuestWay)}
      />
      <TabPanel id={WAYS_ID} tab="access" selected={way} keepMounted className="web-way">
        <AccessForm api={api} next={next} messages={{ explain: t('customer.order.guest.accessExplain'), sent: t('customer.order.guest.accessSent') }} />
      </TabPanel>
      <TabPanel id={WAYS_ID} tab="buy" selected={way} keepMounted className="web-way">
        <p className="muted web-hint">{t('customer.order.guest.buyExplain')}</p>
        <OrderForm api={api} setup={setup} guest />
      </TabPanel>
    </div>
  );
}

/** The order's form; a guest's (`guest`) starts with the buyer's fields empty and comes back to this page from the bank. */
function OrderForm({ api, setup, guest = false }: { api: CustomerApi; setup: Setup; guest?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { products, methods, user } = setup;
  const offered = PAYMENT_METHODS.filter((m) => methods.methods.includes(m));
  const choices: PaymentMethod[] = offered.length > 0 ? offered : ['card'];
  // the bank's page is on its way: nothing more is sent
  const [leaving, setLeaving] = useState(false);
  const fields = useMemo(
    () => ['lines', 'payment_method', ...CUSTOMER_FIELDS.map(customerField), 'notification_email', 'accept_terms', ...products.flatMap((_, i) => [lineField(i), quantityField(i)])],
    [products],
  );
  const { formId, draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<OrderDraft, PreorderBody>(
    () => ({
      quantities: products.map(() => String(MIN_QUANTITY)),
      payment_method: choices[0],
      customer: Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, user?.[f] ?? ''])) as unknown as Customer,
      notification_email: '',
      accept_terms: false,
    }),
    {
      fields,
      fieldOf: orderFieldOf,
      validate: (d): FieldErrors => {
        const found: FieldErrors = {};
        d.quantities.forEach((q, i) => {
          if (quantityOf(q, MIN_QUANTITY, MAX_QUANTITY) === null) found[quantityField(i)] = t('customer.order.errors.quantity', { min: MIN_QUANTITY, max: MAX_QUANTITY });
        });
        if (!d.customer.name.trim()) found[customerField('name')] = ui('form.required');
        const email = d.customer.email.trim();
        if (!email) found[customerField('email')] = ui('form.required');
        else if (!looksLikeEmail(email)) found[customerField('email')] = ui('form.email');
        const notify = d.notification_email.trim();
        if (notify && !looksLikeEmail(notify)) found.notification_email = ui('form.email');
        if (!d.accept_terms) found.accept_terms = t('customer.order.errors.accept_terms');
        return found;
      },
      toBody: (d) => ({
        payment_method: d.payment_method,
        customer: Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, d.customer[f].trim()])) as unknown as Customer,
        notification_email: d.notification_email.trim(),
        accept_terms: d.accept_terms,
        ...(guest ? guestReturnUrls(globalThis.location.origin, products.map((p) => p.id)) : returnUrls(globalThis.location.origin)),
        lines: products.map((p, i) => ({ product_id: p.id, quantity: quantityOf(d.quantities[i], MIN_QUANTITY, MAX_QUANTITY) ?? 0 })),
      }),
      onSubmit: async (body) => {
        const answer = await api.preorder(body);
        setLeaving(true);
        postToBank(answer.payment);
      },
      fallback: t('customer.order.errors.failed'),
    },
  );
  const setCustomer = (field: keyof Customer, value: string) => setDraft((d) => ({ ...d, customer: { ...d.customer, [field]: value } }));
  const setQuantity = (i: number, value: string) => setDraft((d) => ({ ...d, quantities: d.quantities.map((q, j) => (j === i ? value : q)) }));
  const amountOf = (p: StorefrontProduct, i: number) => p.total * (quantityOf(draft.quantities[i], MIN_QUANTITY, MAX_QUANTITY) ?? 0);
  const total = products.reduce((sum, p, i) => sum + amountOf(p, i), 0);
  const disabled = ctx.disabled || leaving;
  const methodId = `${formId}-payment_method`;

  const columns: Column<StorefrontProduct>[] = [
    {
      key: 'name',
      header: t('customer.order.lines.name'),
      render: (p) => {
        const i = products.indexOf(p);
        return (
          <>
            <span data-testid="line-name">{p.name}</span>
            <small className="muted web-block">{p.reference}</small>
            <FieldErrorMessage form={formId} field={lineField(i)} error={errors.errors[lineField(i)]} />
          </>
        );
      },
    },
    { key: 'price', header: t('customer.order.lines.price'), className: 'web-num', render: (p) => formatEuros(p.total) },
    {
      key: 'quantity',
      header: t('customer.order.lines.quantity'),
      render: (p) => {
        const i = products.indexOf(p);
        const field = quantityField(i);
        return (
          <div className="web-key-cell">
            <input
              className="vk-input web-quantity"
              type="number"
              min={MIN_QUANTITY}
              max={MAX_QUANTITY}
              step={1}
              inputMode="numeric"
              {...errors.control(field)}
              aria-label={t('customer.order.lines.quantityNamed', { name: p.name })}
              value={draft.quantities[i]}
              disabled={disabled}
              onChange={(ev) => setQuantity(i, ev.target.value)}
            />
            <FieldErrorMessage form={formId} field={field} error={errors.errors[field]} />
          </div>
        );
      },
    },
    { key: 'amount', header: t('customer.order.lines.amount'), className: 'web-num', render: (p) => <span data-testid="line-amount">{formatEuros(amountOf(p, products.indexOf(p)))}</span> },
  ];

  return (
    <form className="vk-form" aria-label={t('customer.order.form')} aria-busy={busy || leaving} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="order-errors" />
      <DataTable<StorefrontProduct> label={t('customer.order.lines.table')} columns={columns} rows={products} rowKey={(p) => p.id} />
      <FieldErrorMessage form={formId} field="lines" error={errors.errors.lines} />
      <p className="web-total" data-testid="order-total">
        {t('customer.order.lines.total', { total: formatEuros(total) })}
      </p>

      <fieldset className="vk-field web-methods" aria-describedby={errors.errors.payment_method ? `${methodId}-error` : undefined}>
        <legend className="vk-label">{t('customer.order.payment')}</legend>
        {choices.map((method) => (
          <label key={method} className="vk-check">
            <input type="radio" name={methodId} value={method} checked={draft.payment_method === method} disabled={disabled} onChange={() => set({ payment_method: method })} />
            <span>{t(`method.${method}`)}</span>
          </label>
        ))}
        <FieldErrorMessage form={formId} field="payment_method" error={errors.errors.payment_method} />
      </fieldset>

      <fieldset className="web-fieldset">
        <legend className="vk-label">{t('customer.order.buyer')}</legend>
        <div className="vk-form__grid">
          {CUSTOMER_FIELDS.map((field) => (
            <InputField
              key={field}
              ctx={{ ...ctx, disabled }}
              field={customerField(field)}
              label={t(`customer.fields.${field}`)}
              value={draft.customer[field]}
              required={field === 'name' || field === 'email'}
              maxLength={MAX_LENGTH[field]}
              inputMode={field === 'phone' ? 'tel' : undefined}
              onChange={(value) => setCustomer(field, value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="vk-form__grid">
        <InputField
          ctx={{ ...ctx, disabled }}
          field="notification_email"
          label={t('customer.order.notification_email')}
          value={draft.notification_email}
          hint={t('customer.order.notificationHint')}
          onChange={(notification_email) => set({ notification_email })}
        />
      </div>
      <div className="web-terms">
        <CheckField ctx={{ ...ctx, disabled }} field="accept_terms" label={t('customer.order.accept_terms')} checked={draft.accept_terms} onChange={(accept_terms) => set({ accept_terms })} />
        <TermsReader api={api} />
      </div>
      {leaving && (
        <p className="vk-alert vk-alert--info" role="status" data-testid="order-leaving">
          {t('customer.order.leaving')}
        </p>
      )}
      <FormActions>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy || leaving}>
          {busy ? t('customer.order.sending') : t('customer.order.submit', { total: formatEuros(total) })}
        </button>
      </FormActions>
    </form>
  );
}

/**
 * "Leer las condiciones": the conditions of sale the school publishes (`legal/read?kind=terms`),
 * read in a window. No button while they are read, when the school has none (`NOT-FOUND-000`), or
 * when they cannot be read: the order does not wait for them.
 */
function TermsReader({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const load = useCallback(() => api.legalText('terms'), [api]);
  const loaded = useLoad(load);
  const [open, setOpen] = useState(false);
  const terms = loaded.data;
  if (!terms?.body?.trim()) return null;
  return (
    <>
      <button type="button" className="vk-btn vk-btn--light" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('customer.order.readTerms')}
      </button>
      {open && <LegalTextDialog text={terms} onClose={() => setOpen(false)} testId="terms-dialog" />}
    </>
  );
}
