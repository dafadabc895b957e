import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListView, formatDate, formatEuros, useApi, type Column, type ListPage, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type Budget, type Invoice, type ListBody, type Series } from '../api';
import { StateBadge } from './StateBadge';

type Doc = Budget | Invoice;

export interface DocumentListProps {
  kind: 'budget' | 'invoice';
  states: string[];
  load(body: ListBody): Promise<ListPage<Doc>>;
  /** More filters (budget groups), sent with every page. */
  extraFilters?: Partial<ListBody>;
  extraActions?: ReactNode;
  reloadKey?: unknown;
}

/**
 * Budgets or invoices: search (reference, contact name, NIF), state and series filters, the
 * table ("Viendo x a y de z") and a link to each document's editor.
 */
export function DocumentList({ kind, states, load, extraFilters, extraActions, reloadKey }: DocumentListProps) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const [state, setState] = useState('');
  const [seriesId, setSeriesId] = useState(0);
  const [series, setSeries] = useState<Series[]>([]);
  useEffect(() => {
    api.series.list().then(setSeries, () => setSeries([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const filters = JSON.stringify(extraFilters ?? {});
  const loadPage = useCallback(
    (q: ListQuery) => load({ search: q.search, page: q.page, per_page: q.perPage, ...(state ? { state } : {}), ...(seriesId ? { series_id: seriesId } : {}), ...JSON.parse(filters) }),
    [load, state, seriesId, filters],
  );
  const open = (d: Doc) => `/${kind}/edit/list/${d.series_id}/${d.id}/${d.contact_id ?? 0}`;
  const label = (d: Doc) => d.reference || t('document.draftN', { id: d.id });

  const columns: Column<Doc>[] = [
    {
      key: 'reference',
      header: t('columns.reference'),
      render: (d) => (
        <Link to={open(d)} className="billing-ref">
          {label(d)}
        </Link>
      ),
    },
    { key: 'issue_date', header: t('columns.issue_date'), render: (d) => formatDate(d.issue_date) },
    { key: 'contact', header: t('columns.contact'), render: (d) => d.contact?.name || '' },
    { key: 'total', header: t('columns.total'), className: 'billing-num', render: (d) => formatEuros(d.total) },
    ...(kind === 'invoice'
      ? [{ key: 'outstanding', header: t('columns.outstanding'), className: 'billing-num', render: (d: Doc) => ((d as Invoice).state === 'issued' ? formatEuros(d.total - (d as Invoice).paid) : '') }]
      : []),
    { key: 'state', header: t('columns.state'), render: (d) => <StateBadge state={d.state} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (d) => (
        <Link className="vk-btn vk-btn--light" to={open(d)} aria-label={t('list.openNamed', { name: label(d) })}>
          {t('list.open')}
        </Link>
      ),
    },
  ];

  return (
    <ListView<Doc>
      key={`${state}-${seriesId}-${filters}`}
      label={t(`${kind}.list`)}
      columns={columns}
      rowKey={(d) => d.id}
      load={loadPage}
      reloadKey={reloadKey}
      searchPlaceholder={t('list.search')}
      empty={t(`${kind}.empty`)}
      actions={
        <>
          <select className="vk-input" aria-label={t('list.stateFilter')} value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">{t('list.allButDeleted')}</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
          <select className="vk-input" aria-label={t('list.seriesFilter')} value={seriesId} onChange={(e) => setSeriesId(Number(e.target.value))}>
            <option value={0}>{t('list.allSeries')}</option>
            {series.map((s) => (
              <option key={s.id} value={s.id}>
                {s.code}
              </option>
            ))}
          </select>
          {extraActions}
          <Link className="vk-btn vk-btn--primary" to={`/${kind}/new/list/${seriesId}/0/0`}>
            {t(`${kind}.new`)}
          </Link>
        </>
      }
    />
  );
}
