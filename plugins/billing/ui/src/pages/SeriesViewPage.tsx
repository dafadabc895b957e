import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, SchemaForm, errorList, useApi, useConfirm, usePageLayout, useProvinceOptions, useToast, type FormValues } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { BackLink } from '../components/BackLink';
import { billingApi, type Series } from '../api';
import { StateBadge } from '../components/StateBadge';
import { useBillingSchema } from '../schema';

const FIELDS = ['code', 'name', 'description', 'simplified', 'issuer_tax_code', 'issuer_name', 'issuer_street', 'issuer_postal_code', 'issuer_town', 'issuer_province_id', 'iban'];
const BLANK = { code: '', name: '', description: '', simplified: false, issuer_tax_code: '', issuer_name: '', issuer_street: '', issuer_postal_code: '', issuer_town: '', issuer_province_id: null, iban: '' };

/**
 * /sales/billing/view/:target/:sales_billing_id — a series (0: a new one): code, name, whether
 * it issues simplified invoices, and the issuer's data printed on its documents (the NIF is
 * needed to issue invoices); the last numbers of the year; delete while it has no documents.
 */
export default function SeriesViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const navigate = useNavigate();
  const confirm = useConfirm();
  const toast = useToast();
  const provinces = useProvinceOptions();
  const { target = 'invoice', sales_billing_id } = useParams();
  const id = Number(sales_billing_id) || 0;
  const form = useBillingSchema('sales_billing');
  const [series, setSeries] = useState<Series | null>(null);
  const [numbers, setNumbers] = useState<{ invoice: number; budget: number; year: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const list = `/sales/billing/list/${target}`;
  usePageLayout({ title: series?.code || t('series.new'), breadcrumbs: [{ label: t('series.list'), to: list }, { label: series?.code || t('series.new') }] });

  const load = useCallback(() => {
    if (!id) return;
    setFailed(null);
    Promise.all([api.series.read(id), api.series.maxInvoice(id), api.series.maxBudget(id)]).then(
      ([s, inv, bud]) => {
        setSeries(s);
        setNumbers({ invoice: inv.max, budget: bud.max, year: inv.year });
      },
      (e) => setFailed(errorList(e)[0]?.details ?? ''),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(load, [load]);

  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (id && !series) return <PageState error={null} />;

  async function remove() {
    if (!series) return;
    if (!(await confirm({ message: t('series.deleteQuestion', { code: series.code }), confirmLabel: t('series.delete'), tone: 'danger' }))) return;
    try {
      await api.series.remove(series.id);
      toast.success(t('series.deleted'));
      navigate(list);
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  return (
    <div className="billing-page" data-testid="series-page">
      <section className="card billing-page__head">
        <div>
          <h2 className="billing-page__title">{series ? `${series.code} · ${series.name}` : t('series.new')}</h2>
          {series && <StateBadge state={series.state} />}
          {numbers && (
            <p className="muted" data-testid="series-numbers">
              {t('series.lastNumbers', { year: numbers.year, invoice: numbers.invoice, budget: numbers.budget })}
            </p>
          )}
        </div>
        <div className="billing-page__actions">
          {series && (
            <button type="button" className="vk-btn vk-btn--danger" onClick={() => void remove()}>
              {t('series.delete')}
            </button>
          )}
          <BackLink to={list} />
        </div>
      </section>
      <section className="card">
        {form.schema ? (
          <SchemaForm
            name={t('series.form')}
            schema={form.schema}
            value={(series ?? BLANK) as unknown as FormValues}
            fields={FIELDS}
            required={['code']}
            widgets={{ description: 'textarea' }}
            options={{ issuer_province_id: provinces }}
            label={(field) => t(`series.fields.${field}`)}
            submitLabel={t(series ? 'series.save' : 'series.create')}
            onSubmit={async (values) => {
              if (series) {
                setSeries(await api.series.update(series.id, values));
                toast.success(t('series.saved'));
              } else {
                const created = await api.series.create(values);
                toast.success(t('series.created', { code: created.code }));
                navigate(`/sales/billing/view/${target}/${created.id}`, { replace: true });
              }
            }}
          />
        ) : (
          <PageState error={form.failed ? t('schemasError') : null} onRetry={form.reload} />
        )}
      </section>
    </div>
  );
}
