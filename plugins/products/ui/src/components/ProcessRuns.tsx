import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, Paginator, formatDateTime, useLoad, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ProcessRun, ProductsApi } from '../api';
import { RUNS_PER_PAGE } from '../lists';
import { editableKind } from './productDraft';

/**
 * "Procesos ejecutados": what a product's automatic processes did for each order of the online
 * shop (`GET product/process/runs?product_id=`), newest first: when (Spanish date and time), the
 * order, the process (the host's `kind_name`; without one, the catalogue's name of a kind this
 * UI knows, else the kind itself), "OK" or "Error" and the host's detail (what it did, or why it
 * failed). Long lists are paged with the kit's paginator.
 */
export function ProcessRuns({ api, productId }: { api: ProductsApi; productId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [page, setPage] = useState(1);
  const load = useCallback(() => api.products.runs({ product_id: productId, page, per_page: RUNS_PER_PAGE }), [api, productId, page]);
  const runs = useLoad(load);
  const data = runs.data;

  const columns: Column<ProcessRun>[] = [
    { key: 'ran_at', header: t('runs.columns.ran_at'), className: 'products-nowrap', render: (r) => formatDateTime(r.ran_at) },
    {
      key: 'order',
      header: t('runs.columns.order'),
      render: (r) => (
        <>
          <span data-testid="run-order">{r.order_reference || t('runs.orderNumber', { id: r.order_id })}</span>
          {r.buyer_email && <small className="muted products-run__buyer">{r.buyer_email}</small>}
        </>
      ),
    },
    { key: 'process', header: t('runs.columns.process'), render: (r) => r.kind_name || (editableKind(r.kind) ? t(`processes.kinds.${r.kind}`) : r.kind) },
    {
      key: 'result',
      header: t('runs.columns.result'),
      render: (r) => (
        <span className={`vk-badge ${r.ok ? 'vk-badge--success' : 'vk-badge--danger'}`} data-testid="run-result" data-ok={r.ok}>
          {t(r.ok ? 'runs.ok' : 'runs.failed')}
        </span>
      ),
    },
    { key: 'detail', header: t('runs.columns.detail'), render: (r) => r.detail },
  ];

  return (
    <section className="card" aria-labelledby="products-runs-title" data-testid="process-runs">
      <h2 id="products-runs-title" className="card__title">
        {t('runs.title')}
      </h2>
      {runs.failed !== null ? (
        <PageState error={runs.failed} onRetry={runs.reload} />
      ) : (
        <>
          <DataTable<ProcessRun> label={t('runs.title')} columns={columns} rows={data?.items ?? []} rowKey={(r) => r.id} loading={data === null} empty={t('runs.none')} />
          {data && data.total > data.per_page && <Paginator page={data.page} pageSize={data.per_page} total={data.total} onPageChange={setPage} />}
        </>
      )}
    </section>
  );
}
