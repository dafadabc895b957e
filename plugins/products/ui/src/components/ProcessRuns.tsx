import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, Paginator, errorList, formatDateTime, useConfirm, useLoad, useToast, type ApiErrorItem, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ProcessRun, ProductsApi } from '../api';
import { RUNS_PER_PAGE } from '../lists';
import { ActionErrors } from './ActionErrors';
import { editableKind } from './productDraft';

/**
 * "Procesos ejecutados": what a product's automatic processes did for each order of the online
 * shop (`GET product/process/runs?product_id=`), newest first: when (Spanish date and time), the
 * order, the process (the host's `kind_name`; without one, the catalogue's name of a kind this
 * UI knows, else the kind itself), "OK" or "Error" (with "n intentos" once run more than once)
 * and the host's detail (what it did, or why it failed). Long lists are paged with the kit's
 * paginator.
 *
 * A failed run has "Repetir" (not on a deleted product, which is read only): asked first, it
 * sends `POST product/process/retry {id}` and the row becomes the host's answer (its new result,
 * detail, date and attempts). A refusal (`CONFLICT-000`, `NOT-FOUND-000`) shows the host's reason
 * above the table, as the view shows its own actions' refusals.
 */
export function ProcessRuns({ api, productId, readOnly = false }: { api: ProductsApi; productId: number; readOnly?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const load = useCallback(() => api.products.runs({ product_id: productId, page, per_page: RUNS_PER_PAGE }), [api, productId, page]);
  const runs = useLoad(load);
  const data = runs.data;
  // the runs retried since the page was read, by id: the host's answer stands for the row
  const [retried, setRetried] = useState<Record<number, ProcessRun>>({});
  // the run being retried (every "Repetir" waits for it)
  const [running, setRunning] = useState<number | null>(null);
  const [errors, setErrors] = useState<ApiErrorItem[]>([]);
  useEffect(() => {
    setRetried({});
    setErrors([]);
  }, [data]);
  const rows = (data?.items ?? []).map((r) => retried[r.id] ?? r);

  const processName = (r: ProcessRun) => r.kind_name || (editableKind(r.kind) ? t(`processes.kinds.${r.kind}`) : r.kind);
  const orderName = (r: ProcessRun) => r.order_reference || t('runs.orderNumber', { id: r.order_id });

  async function retry(run: ProcessRun) {
    const ok = await confirm({
      title: t('runs.retry.title'),
      message: t(run.buyer_email ? 'runs.retry.questionBuyer' : 'runs.retry.question', { process: processName(run), order: orderName(run), email: run.buyer_email }),
      confirmLabel: t('runs.retry.action'),
    });
    if (!ok) return;
    setErrors([]);
    setRunning(run.id);
    try {
      const answer = await api.products.retryRun(run.id);
      setRetried((list) => ({ ...list, [run.id]: answer }));
      if (answer.ok) toast.success(t('runs.retry.done', { detail: answer.detail }));
      else toast.error(t('runs.retry.failedAgain'));
    } catch (failure) {
      setErrors(errorList(failure));
    } finally {
      setRunning(null);
    }
  }

  const columns: Column<ProcessRun>[] = [
    { key: 'ran_at', header: t('runs.columns.ran_at'), className: 'products-nowrap', render: (r) => formatDateTime(r.ran_at) },
    {
      key: 'order',
      header: t('runs.columns.order'),
      render: (r) => (
        <>
          <span data-testid="run-order">{orderName(r)}</span>
          {r.buyer_email && <small className="muted products-run__buyer">{r.buyer_email}</small>}
        </>
      ),
    },
    { key: 'process', header: t('runs.columns.process'), render: processName },
    {
      key: 'result',
      header: t('runs.columns.result'),
      render: (r) => (
        <>
          <span className={`vk-badge ${r.ok ? 'vk-badge--success' : 'vk-badge--danger'}`} data-testid="run-result" data-ok={r.ok}>
            {t(r.ok ? 'runs.ok' : 'runs.failed')}
          </span>
          {r.attempts > 1 && (
            <small className="muted products-run__attempts" data-testid="run-attempts">
              {t('runs.attempts', { count: r.attempts })}
            </small>
          )}
        </>
      ),
    },
    { key: 'detail', header: t('runs.columns.detail'), render: (r) => <span data-testid="run-detail">{r.detail}</span> },
  ];
  if (!readOnly) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (r) =>
        !r.ok && (
          <button
            type="button"
            className="vk-btn vk-btn--light"
            aria-label={t('runs.retry.named', { process: processName(r), order: orderName(r) })}
            aria-busy={running === r.id}
            disabled={running !== null}
            onClick={() => void retry(r)}
          >
            {t(running === r.id ? 'runs.retry.running' : 'runs.retry.action')}
          </button>
        ),
    });
  }

  return (
    <section className="card" aria-labelledby="products-runs-title" data-testid="process-runs">
      <h2 id="products-runs-title" className="card__title">
        {t('runs.title')}
      </h2>
      {runs.failed !== null ? (
        <PageState error={runs.failed} onRetry={runs.reload} />
      ) : (
        <>
          <ActionErrors errors={errors} testId="run-errors" />
          <DataTable<ProcessRun> label={t('runs.title')} columns={columns} rows={rows} rowKey={(r) => r.id} loading={data === null} empty={t('runs.none')} />
          {data && data.total > data.per_page && <Paginator page={data.page} pageSize={data.per_page} total={data.total} onPageChange={setPage} />}
        </>
      )}
    </section>
  );
}
