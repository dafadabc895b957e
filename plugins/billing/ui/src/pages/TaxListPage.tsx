import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, errorList, useApi, useConfirm, usePageLayout, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Tax, type TaxGroup, type TaxRegion } from '../api';
import { percentText } from '../format';
import { StateBadge } from '../components/StateBadge';

/**
 * /tax/list — the fiscal regions (Península y Baleares, Canarias, Ceuta y Melilla) switched on
 * and off (`tax/region`: a tax of a region that is off cannot go on new lines), the taxes
 * (`tax/read`) and the taxes by group (`tax/group`).
 */
export default function TaxListPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const toast = useToast();
  const confirm = useConfirm();
  const [data, setData] = useState<{ taxes: Tax[]; regions: TaxRegion[]; groups: TaxGroup[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  usePageLayout({ title: t('tax.list'), breadcrumbs: [{ label: t('title') }, { label: t('tax.list') }] });

  const load = useCallback(() => {
    setFailed(null);
    // The regions first: the tax reads seed a business's taxes on first use (a write each).
    api.taxes
      .regions()
      .then((regions) => Promise.all([api.taxes.list(), api.taxes.groups()]).then(([taxes, groups]) => setData({ taxes, regions, groups })))
      .catch((e) => setFailed(errorList(e)[0]?.details ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(load, [load]);

  if (failed !== null || !data) return <PageState error={failed} onRetry={load} />;

  async function toggle(region: TaxRegion) {
    try {
      const saved = await api.taxes.setRegion(region.code, !region.active);
      toast.success(t(saved.active ? 'tax.regionOn' : 'tax.regionOff', { name: saved.name }));
      load();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  async function remove(tax: Tax) {
    if (!(await confirm({ message: t('tax.deleteQuestion', { name: tax.name }), confirmLabel: t('tax.delete'), tone: 'danger' }))) return;
    try {
      await api.taxes.remove(tax.id);
      toast.success(t('tax.deleted'));
      load();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    }
  }

  const regionName = (code: string) => data.regions.find((r) => r.code === code)?.name ?? code;
  const columns: Column<Tax>[] = [
    {
      key: 'name',
      header: t('tax.fields.name'),
      render: (tax) => (
        <Link to={`/tax/view/${tax.id}`} className="billing-ref">
          {tax.name}
        </Link>
      ),
    },
    { key: 'kind', header: t('tax.fields.kind') },
    { key: 'rate', header: t('tax.fields.rate'), className: 'billing-num', render: (tax) => `${percentText(tax.rate)} %` },
    { key: 'tax_group', header: t('tax.fields.tax_group') },
    { key: 'region', header: t('tax.fields.region'), render: (tax) => regionName(tax.region) },
    { key: 'is_default', header: t('tax.fields.is_default'), render: (tax) => (tax.is_default ? t('yes') : '') },
    {
      key: 'usable',
      header: t('tax.usable'),
      render: (tax) => <StateBadge state={tax.state === 'active' && tax.region_active ? 'active' : 'inactive'} testId="tax-usable" />,
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (tax) => (
        <>
          <Link className="vk-btn vk-btn--light" to={`/tax/view/${tax.id}`} aria-label={t('list.openNamed', { name: tax.name })}>
            {t('list.open')}
          </Link>{' '}
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('tax.deleteNamed', { name: tax.name })} onClick={() => void remove(tax)}>
            {t('tax.delete')}
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="billing-page">
      <section className="card" aria-labelledby="tax-regions-title">
        <h2 id="tax-regions-title" className="card__title">
          {t('tax.regions')}
        </h2>
        <p className="muted">{t('tax.regionsHint')}</p>
        <div className="billing-regions">
          {data.regions.map((r) => (
            <label key={r.code} className="vk-switch">
              <input type="checkbox" role="switch" checked={r.active} aria-label={t('tax.regionNamed', { name: r.name })} onChange={() => void toggle(r)} />
              <span>{r.name}</span>
            </label>
          ))}
        </div>
      </section>
      <section className="card">
        <div className="billing-page__head">
          <h2 className="card__title">{t('tax.list')}</h2>
          <Link className="vk-btn vk-btn--primary" to="/tax/view/0">
            {t('tax.new')}
          </Link>
        </div>
        <DataTable label={t('tax.list')} columns={columns} rows={data.taxes} rowKey={(tax) => tax.id} empty={t('tax.empty')} />
      </section>
      <section className="card" aria-labelledby="tax-groups-title">
        <h2 id="tax-groups-title" className="card__title">
          {t('tax.groups')}
        </h2>
        <dl className="billing-tax-groups">
          {data.groups.map((g) => (
            <div key={g.name || '-'}>
              <dt>{g.name || t('tax.noGroup')}</dt>
              <dd>{g.taxes.map((tax) => tax.name).join(', ')}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
