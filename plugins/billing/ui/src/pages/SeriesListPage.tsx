import { useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListView, pageLocally, useApi, usePageLayout, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Series } from '../api';
import { StateBadge } from '../components/StateBadge';

/**
 * /sales/billing/list/:target — the billing series (`sales/billing/read`) with the next invoice
 * and budget numbers of the year. `target` is the kind of document the user came from
 * (`invoice`, `budget`), kept on the way to a series and back.
 */
export default function SeriesListPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const { target = 'invoice' } = useParams();
  usePageLayout({ title: t('series.list'), breadcrumbs: [{ label: t('title') }, { label: t('series.list') }] });
  const load = useCallback(
    async (q: ListQuery) => pageLocally(await api.series.list(), q, (s) => `${s.code} ${s.name} ${s.issuer_name} ${s.issuer_tax_code}`),
    [api],
  );
  const open = (s: Series) => `/sales/billing/view/${target}/${s.id}`;
  const columns: Column<Series>[] = [
    {
      key: 'code',
      header: t('series.fields.code'),
      render: (s) => (
        <Link to={open(s)} className="billing-ref">
          {s.code}
        </Link>
      ),
    },
    { key: 'name', header: t('series.fields.name') },
    { key: 'simplified', header: t('series.fields.simplified'), render: (s) => t(s.simplified ? 'series.kindSimplified' : 'series.kindComplete') },
    { key: 'issuer_tax_code', header: t('series.fields.issuer_tax_code') },
    { key: 'next_invoice', header: t('series.nextInvoice'), className: 'billing-num' },
    { key: 'next_budget', header: t('series.nextBudget'), className: 'billing-num' },
    { key: 'state', header: t('columns.state'), render: (s) => <StateBadge state={s.state} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (s) => (
        <Link className="vk-btn vk-btn--light" to={open(s)} aria-label={t('list.openNamed', { name: s.code })}>
          {t('list.open')}
        </Link>
      ),
    },
  ];
  return (
    <ListView<Series>
      label={t('series.list')}
      columns={columns}
      rowKey={(s) => s.id}
      load={load}
      searchPlaceholder={t('series.search')}
      empty={t('series.empty')}
      actions={
        <Link className="vk-btn vk-btn--primary" to={`/sales/billing/view/${target}/0`}>
          {t('series.new')}
        </Link>
      }
    />
  );
}
