import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, SchemaForm, errorList, parseScaled, useApi, usePageLayout, useToast, type FormValues } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { BackLink } from '../components/BackLink';
import { billingApi, type Tax, type TaxRegion } from '../api';
import { percentText } from '../format';
import { useBillingSchema } from '../schema';

const KINDS = ['IVA', 'IGIC', 'IPSI'];
const BLANK = { name: '', kind: 'IVA', tax_group: '', region: 'peninsula', is_default: false };

/**
 * /tax/view/:tax_id — a tax (0: a new one): name, kind (IVA, IGIC, IPSI), rate as a percentage
 * (sent in hundredths), group, region and whether new lines take it by default.
 */
export default function TaxViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const navigate = useNavigate();
  const toast = useToast();
  const { tax_id } = useParams();
  const id = Number(tax_id) || 0;
  const form = useBillingSchema('tax');
  const [tax, setTax] = useState<Tax | null>(null);
  const [regions, setRegions] = useState<TaxRegion[] | null>(null);
  const [rate, setRate] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  usePageLayout({ title: tax?.name || t('tax.new'), breadcrumbs: [{ label: t('tax.list'), to: '/tax/list' }, { label: tax?.name || t('tax.new') }] });

  const load = useCallback(() => {
    setFailed(null);
    Promise.all([api.taxes.regions(), id ? api.taxes.read(id) : Promise.resolve(null)]).then(
      ([r, found]) => {
        setRegions(r);
        setTax(found);
        setRate(found ? percentText(found.rate) : '');
      },
      (e) => setFailed(errorList(e)[0]?.details ?? ''),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(load, [load]);

  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!regions || (id && !tax)) return <PageState error={null} />;
  const rateValue = parseScaled(rate, 2);
  const rateInvalid = rate.trim() === '' || rateValue === null || rateValue > 10_000;

  return (
    <div className="billing-page" data-testid="tax-page">
      <section className="card">
        {form.schema ? (
          <SchemaForm
            key={tax?.id ?? 0}
            name={t('tax.form')}
            schema={form.schema}
            value={(tax ?? BLANK) as unknown as FormValues}
            fields={['name', 'kind', 'tax_group', 'region', 'is_default']}
            required={['name']}
            options={{ kind: KINDS.map((k) => ({ value: k, label: k })), region: regions.map((r) => ({ value: r.code, label: r.name })) }}
            label={(field) => t(`tax.fields.${field}`)}
            submitLabel={t(tax ? 'tax.save' : 'tax.create')}
            actions={<BackLink to="/tax/list" />}
            onSubmit={async (values) => {
              if (rateInvalid) throw [{ code: 'REQ-102', data: { field: 'rate' }, details: t('tax.rateInvalid') }];
              const body = { ...values, rate: rateValue };
              if (tax) {
                const saved = await api.taxes.update(tax.id, body);
                setTax(saved);
                toast.success(t('tax.saved'));
              } else {
                const created = await api.taxes.create(body);
                toast.success(t('tax.created', { name: created.name }));
                navigate(`/tax/view/${created.id}`, { replace: true });
              }
            }}
          >
            <label className="vk-field">
              <span className="vk-label">{t('tax.fields.rate')}</span>
              <input className="vk-input" inputMode="decimal" value={rate} aria-invalid={rate.trim() !== '' && rateInvalid} onChange={(e) => setRate(e.target.value)} />
              {rate.trim() !== '' && rateInvalid && <span className="vk-error">{t('tax.rateInvalid')}</span>}
            </label>
          </SchemaForm>
        ) : (
          <PageState error={form.failed ? t('schemasError') : null} onRetry={form.reload} />
        )}
      </section>
    </div>
  );
}
