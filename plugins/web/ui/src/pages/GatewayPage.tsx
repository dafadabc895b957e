import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CheckField,
  CopyLink,
  Field,
  FormMessages,
  InputField,
  PageState,
  SelectField,
  SubmitActions,
  useApi,
  useDraftForm,
  useLoad,
  usePageLayout,
  useSession,
  useToast,
  type FieldErrors,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { webApi, type BillingSeries, type Environment, type Gateway, type GatewayUpdate, type SalesBilling, type SalesBillingUpdate, type WebApi } from '../api';
import { ENVIRONMENTS, MERCHANT_CODE, PERMISSION, TERMINAL } from '../lists';

const FIELDS = ['merchant_code', 'terminal', 'environment', 'bizum', 'key'] as const;

export interface GatewayDraft {
  merchant_code: string;
  terminal: string;
  environment: Environment;
  bizum: boolean;
  /** A new secret key; empty keeps the stored one. */
  key: string;
}

export const gatewayDraft = (gateway: Gateway): GatewayDraft => ({
  merchant_code: gateway.merchant_code ?? '',
  terminal: gateway.terminal === null || gateway.terminal === undefined ? '' : String(gateway.terminal),
  environment: gateway.environment ?? 'test',
  bizum: !!gateway.bizum,
  key: '',
});

/** What `gateway/update` takes: only the fields that changed (text trimmed), the key only when one was typed. */
export function gatewayChanges(draft: GatewayDraft, gateway: Gateway): GatewayUpdate {
  const before = gatewayDraft(gateway);
  const body: GatewayUpdate = {};
  const code = draft.merchant_code.trim();
  if (code !== before.merchant_code) body.merchant_code = code;
  const terminal = draft.terminal.trim();
  if (terminal !== before.terminal) body.terminal = terminal;
  if (draft.environment !== before.environment) body.environment = draft.environment;
  if (draft.bizum !== before.bizum) body.bizum = draft.bizum;
  const key = draft.key.trim();
  if (key) body.key = key;
  return body;
}

const SALES_FIELDS = ['auto_invoice', 'series_id'] as const;
/** The select's value for the billing module's default series (what `series_id: 0` asks for). */
export const DEFAULT_SERIES = '0';

export interface SalesDraft {
  auto_invoice: boolean;
  /** A series' id as text; `DEFAULT_SERIES` for the billing module's default. */
  series_id: string;
}

export const salesDraft = (sales: SalesBilling): SalesDraft => ({
  auto_invoice: !!sales.auto_invoice,
  series_id: sales.series_id ? String(sales.series_id) : DEFAULT_SERIES,
});

/** What `sales/billing/update` takes: only the fields that changed (the default series as 0). */
export function salesChanges(draft: SalesDraft, sales: SalesBilling): SalesBillingUpdate {
  const before = salesDraft(sales);
  const body: SalesBillingUpdate = {};
  if (draft.auto_invoice !== before.auto_invoice) body.auto_invoice = draft.auto_invoice;
  if (draft.series_id !== before.series_id) body.series_id = Number(draft.series_id);
  return body;
}

/** A series as the billing module names it: its code, and its name when it says more. */
const seriesLabel = (series: BillingSeries) => (series.name && series.name !== series.code ? `${series.code} · ${series.name}` : series.code);

/**
 * `/web/payments` — the Redsys gateway (`GET web/payments/gateway/read`): merchant code,
 * terminal, environment (Pruebas / Real), Bizum and the bank's secret key, which is never shown
 * (the field says whether one is stored; left empty it is kept). Saving sends only what changed
 * (`POST web/payments/gateway/update`); the host's errors go under their field. Below, the
 * notification address to give the bank and the payment page, read-only. Then how the sales
 * are invoiced (`GET/POST web/sales/billing/read|update`): the invoice on payment and its series
 * among the billing module's. Only users with the `web` permission may change them.
 */
export default function GatewayPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => webApi(client), [client]);
  const session = useSession();
  const loaded = useLoad(api.gateway.read);
  // the answer of the latest save, shown instead of the first read; the form is drawn again with it
  const [saved, setSaved] = useState<{ gateway: Gateway; version: number } | null>(null);
  const title = t('gateway.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const gateway = saved?.gateway ?? loaded.data;
  if (!gateway) return <PageState error={loaded.failed} onRetry={loaded.reload} />;

  return (
    <div className="web-page" data-testid="gateway-page">
      <section className="card" aria-labelledby="web-gateway-title">
        <div className="web-head">
          <h2 id="web-gateway-title" className="card__title">
            {t('gateway.form')}
          </h2>
          <span className={gateway.configured ? 'vk-badge vk-badge--success' : 'vk-badge vk-badge--warning'} data-testid="gateway-configured">
            {gateway.configured ? t('gateway.configured') : t('gateway.notConfigured')}
          </span>
        </div>
        <GatewayForm
          key={saved?.version ?? 0}
          api={api}
          gateway={gateway}
          readOnly={!session.can(PERMISSION)}
          onSaved={(answer) => setSaved((s) => ({ gateway: answer, version: (s?.version ?? 0) + 1 }))}
        />
      </section>
      <GatewayUrls gateway={gateway} />
      <SalesBillingCard api={api} readOnly={!session.can(PERMISSION)} />
    </div>
  );
}

function GatewayForm({ api, gateway, readOnly, onSaved }: { api: WebApi; gateway: Gateway; readOnly: boolean; onSaved(gateway: Gateway): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<GatewayDraft, GatewayUpdate>(() => gatewayDraft(gateway), {
    fields: FIELDS,
    toBody: (d) => gatewayChanges(d, gateway),
    validate: (d): FieldErrors => {
      const found: FieldErrors = {};
      const code = d.merchant_code.trim();
      const terminal = d.terminal.trim();
      if (code && !MERCHANT_CODE.test(code)) found.merchant_code = t('gateway.errors.merchant_code');
      if (terminal && !TERMINAL.test(terminal)) found.terminal = t('gateway.errors.terminal');
      return found;
    },
    onSubmit: async (body) => {
      if (Object.keys(body).length === 0) {
        toast.info(t('gateway.noChanges'));
        return;
      }
      const answer = await api.gateway.update(body);
      toast.success(t('gateway.saved'));
      onSaved(answer);
    },
    fallback: t('actionError'),
    disabled: readOnly,
  });
  const keyId = 'key';

  return (
    <form className="vk-form" aria-label={t('gateway.form')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="gateway-errors" />
      <div className="vk-form__grid">
        <InputField
          ctx={ctx}
          field="merchant_code"
          label={t('gateway.fields.merchant_code')}
          value={draft.merchant_code}
          inputMode="numeric"
          maxLength={9}
          hint={t('gateway.hints.merchant_code')}
          onChange={(merchant_code) => set({ merchant_code })}
        />
        <InputField
          ctx={ctx}
          field="terminal"
          label={t('gateway.fields.terminal')}
          value={draft.terminal}
          inputMode="numeric"
          maxLength={3}
          hint={t('gateway.hints.terminal')}
          onChange={(terminal) => set({ terminal })}
        />
        <SelectField
          ctx={ctx}
          field="environment"
          label={t('gateway.fields.environment')}
          value={draft.environment}
          options={ENVIRONMENTS.map((e) => ({ value: e, label: t(`environment.${e}`) }))}
          hint={t('gateway.hints.environment')}
          onChange={(environment) => set({ environment: environment as Environment })}
        />
        <Field form={ctx.formId} field={keyId} label={t('gateway.fields.key')} error={errors.errors.key} hint={t('gateway.hints.key')}>
          <input
            className="vk-input"
            type="password"
            {...errors.control(keyId)}
            value={draft.key}
            placeholder={gateway.key_set ? t('gateway.keyStored') : t('gateway.keyMissing')}
            autoComplete="new-password"
            spellCheck={false}
            disabled={ctx.disabled}
            onChange={(ev) => set({ key: ev.target.value })}
          />
        </Field>
      </div>
      <CheckField ctx={ctx} field="bizum" label={t('gateway.fields.bizum')} checked={draft.bizum} hint={t('gateway.hints.bizum')} onChange={(bizum) => set({ bizum })} />
      {readOnly ? <p className="muted">{t('noPermission')}</p> : <SubmitActions busy={busy} label={t('gateway.save')} />}
    </form>
  );
}

/** The notification address (to give the bank) and the payment page, read-only with a copy button. */
function GatewayUrls({ gateway }: { gateway: Gateway }) {
  const { t } = useTranslation(NAMESPACE);
  const none = !gateway.notify_url && !gateway.payment_url;
  return (
    <section className="card web-section" aria-labelledby="web-gateway-urls" data-testid="gateway-urls">
      <h2 id="web-gateway-urls" className="card__title">
        {t('gateway.urls.title')}
      </h2>
      {none ? (
        <p className="muted web-hint" data-testid="gateway-urls-missing">
          {t('gateway.urls.missing')} <Link to="/web/apis">{t('gateway.urls.toApis')}</Link>
        </p>
      ) : (
        <>
          <UrlRow id="notify_url" label={t('gateway.urls.notify_url')} url={gateway.notify_url} hint={t('gateway.urls.notifyHint')} />
          <UrlRow id="payment_url" label={t('gateway.urls.payment_url')} url={gateway.payment_url} hint={t('gateway.urls.paymentHint')} />
        </>
      )}
    </section>
  );
}

function UrlRow({ id, label, url, hint }: { id: string; label: string; url: string; hint: string }) {
  const { t } = useTranslation(NAMESPACE);
  const inputId = `web-gateway-${id}`;
  return (
    <div className="vk-field">
      <label className="vk-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="web-url">
        <input id={inputId} className="vk-input web-secret" value={url} readOnly data-testid={id} />
        {url && <CopyLink text={url} label={t('copy.named', { name: label })} testId={id} />}
      </div>
      <small className="muted">{hint}</small>
    </div>
  );
}

/**
 * "Facturación de las ventas": whether a paid order is invoiced as soon as the bank confirms the
 * payment, and in which series of the billing module (`GET sales/billing/read`, the billing
 * plugin's own call: without its permission only the default is offered, with a note).
 */
function SalesBillingCard({ api, readOnly }: { api: WebApi; readOnly: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const loaded = useLoad(api.sales.read);
  const series = useLoad(api.sales.series);
  // the answer of the latest save, shown instead of the first read; the form is drawn again with it
  const [saved, setSaved] = useState<{ sales: SalesBilling; version: number } | null>(null);
  const sales = saved?.sales ?? loaded.data;
  return (
    <section className="card web-section" aria-labelledby="web-sales-title" data-testid="sales-billing">
      <h2 id="web-sales-title" className="card__title">
        {t('sales.title')}
      </h2>
      {sales ? (
        <SalesBillingForm
          key={saved?.version ?? 0}
          api={api}
          sales={sales}
          series={series.data}
          seriesFailed={series.failed !== null}
          readOnly={readOnly}
          onSaved={(answer) => setSaved((s) => ({ sales: answer, version: (s?.version ?? 0) + 1 }))}
        />
      ) : (
        <PageState error={loaded.failed} onRetry={loaded.reload} />
      )}
    </section>
  );
}

function SalesBillingForm({
  api,
  sales,
  series,
  seriesFailed,
  readOnly,
  onSaved,
}: {
  api: WebApi;
  sales: SalesBilling;
  /** The billing module's series (null while asking, or when they cannot be read). */
  series: BillingSeries[] | null;
  seriesFailed: boolean;
  readOnly: boolean;
  onSaved(sales: SalesBilling): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<SalesDraft, SalesBillingUpdate>(() => salesDraft(sales), {
    fields: SALES_FIELDS,
    toBody: (d) => salesChanges(d, sales),
    onSubmit: async (body) => {
      if (Object.keys(body).length === 0) {
        toast.info(t('gateway.noChanges'));
        return;
      }
      const answer = await api.sales.update(body);
      toast.success(t('sales.saved'));
      onSaved(answer);
    },
    fallback: t('actionError'),
    disabled: readOnly,
  });
  // the active series, and the stored one whatever its state
  const options = [
    { value: DEFAULT_SERIES, label: t('sales.defaultSeries') },
    ...(series ?? []).filter((s) => !s.state || s.state === 'active' || s.id === sales.series_id).map((s) => ({ value: String(s.id), label: seriesLabel(s) })),
  ];
  // a stored series the list does not have (it cannot be read, or it is gone) is still shown as chosen
  if (!options.some((o) => o.value === draft.series_id)) options.push({ value: draft.series_id, label: t('sales.storedSeries', { id: draft.series_id }) });

  return (
    <form className="vk-form" aria-label={t('sales.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="sales-errors" />
      <CheckField
        ctx={ctx}
        field="auto_invoice"
        label={t('sales.fields.auto_invoice')}
        checked={draft.auto_invoice}
        hint={t('sales.hints.auto_invoice')}
        onChange={(auto_invoice) => set({ auto_invoice })}
      />
      <div className="vk-form__grid">
        <SelectField ctx={ctx} field="series_id" label={t('sales.fields.series_id')} value={draft.series_id} options={options} onChange={(series_id) => set({ series_id })} />
      </div>
      {seriesFailed && (
        <p className="muted web-hint" data-testid="sales-series-missing">
          {t('sales.seriesMissing')}
        </p>
      )}
      {readOnly ? <p className="muted">{t('noPermission')}</p> : <SubmitActions busy={busy} label={t('sales.save')} />}
    </form>
  );
}
