import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  DataTable,
  ErrorList,
  FilterSelect,
  Paginator,
  UI_NAMESPACE,
  errorList,
  hasErrorCode,
  useListQuery,
  useToast,
  type Column,
  type ListQuery,
} from '@volante/plugin-ui';
import { formatMinute } from '../../components/NotificationLevel';
import type { MailCalls } from './api';
import { DELIVERY_STATUSES, type Delivery, type DeliveryPage, type DeliveryStatus } from './types';

const BADGE: Record<DeliveryStatus, string> = {
  queued: 'vk-badge vk-badge--warning',
  sent: 'vk-badge vk-badge--success',
  failed: 'vk-badge vk-badge--danger',
};

/** A delivery's status in words: "En cola", "Enviado", "Fallido". */
function statusWord(t: TFunction, status: DeliveryStatus): string {
  switch (status) {
    case 'queued':
      return t('mail.deliveries.status.queued');
    case 'sent':
      return t('mail.deliveries.status.sent');
    case 'failed':
      return t('mail.deliveries.status.failed');
  }
}

/** How many there are in a status: "En cola: N", "Enviados: N", "Fallidos: N". */
function countLabel(t: TFunction, status: DeliveryStatus, count: number): string {
  switch (status) {
    case 'queued':
      return t('mail.deliveries.counts.queued', { count });
    case 'sent':
      return t('mail.deliveries.counts.sent', { count });
    case 'failed':
      return t('mail.deliveries.counts.failed', { count });
  }
}

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <span className={BADGE[status] ?? 'vk-badge'} data-status={status}>
      {statusWord(t, status)}
    </span>
  );
}

/**
 * "Envíos de correo": the mail the business's modules sent through the host's queue, newest first
 * (`mail/delivery/read`: status, page), the counts per status, and "Reintentar" on the queued and
 * failed ones (`mail/delivery/retry`: one attempt now; the same page is read again after it).
 */
export function DeliveriesCard({ calls }: { calls: MailCalls }) {
  const { t } = useTranslation();
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const titleId = useId();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [retrying, setRetrying] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  // The latest render's load is the one the list calls: a new status is read with the next query.
  const list = useListQuery<Delivery>({ load: (query: ListQuery) => calls.deliveries.list({ status, page: query.page, per_page: query.perPage }) });
  // The answers come from `calls.deliveries.list`: pages with their counts.
  const page = list.page as DeliveryPage | null;
  const loadErrors = list.error ? errorList(list.error) : [];

  function filter(next: string) {
    const value = (DELIVERY_STATUSES as string[]).includes(next) ? (next as DeliveryStatus) : '';
    if (value === status) return;
    setStatus(value);
    setFailures([]);
    if (list.query.page !== 1) list.setPage(1);
    else list.reload();
  }

  async function retry(delivery: Delivery) {
    setFailures([]);
    setRetrying(delivery.mail_id);
    try {
      const answer = await calls.deliveries.retry(delivery.mail_id);
      const message = t('mail.deliveries.retried', { status: statusWord(t, answer.status) });
      toast.show(message, { kind: answer.status === 'sent' ? 'success' : 'warning' });
      list.reload();
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || t('mail.deliveries.retryError')));
      // Sent meanwhile, or gone: the row shown is stale.
      if (hasErrorCode(failure, 'CONFLICT-000', 'NOT-FOUND-000')) list.reload();
    } finally {
      setRetrying(null);
    }
  }

  const columns: Column<Delivery>[] = [
    { key: 'created_at', header: t('mail.deliveries.fields.date'), className: 'mail-deliveries__nowrap', render: (d) => formatMinute(d.created_at) },
    { key: 'recipient', header: t('mail.deliveries.fields.recipient'), render: (d) => d.recipient },
    { key: 'subject', header: t('mail.deliveries.fields.subject'), render: (d) => d.subject },
    { key: 'source', header: t('mail.deliveries.fields.source'), render: (d) => <code className="mail-deliveries__source">{d.source}</code> },
    { key: 'status', header: t('mail.deliveries.fields.status'), render: (d) => <DeliveryStatusBadge status={d.status} /> },
    { key: 'attempts', header: t('mail.deliveries.fields.attempts'), className: 'mail-deliveries__number', render: (d) => String(d.attempts) },
    { key: 'detail', header: t('mail.deliveries.fields.detail'), render: (d) => <DeliveryDetail delivery={d} /> },
    {
      key: 'actions',
      header: <span className="vk-visually-hidden">{t('mail.deliveries.fields.actions')}</span>,
      render: (d) =>
        d.status === 'sent' ? null : (
          <button type="button" className="vk-btn vk-btn--light" disabled={retrying !== null} onClick={() => void retry(d)}>
            {retrying === d.mail_id ? t('common.wait') : t('mail.deliveries.retry')}
          </button>
        ),
    },
  ];

  const statusOptions = [
    { value: '', label: t('mail.deliveries.filter.all') },
    { value: 'queued', label: t('mail.deliveries.filter.queued') },
    { value: 'sent', label: t('mail.deliveries.filter.sent') },
    { value: 'failed', label: t('mail.deliveries.filter.failed') },
  ];
  return (
    <section className="card mail-deliveries" aria-labelledby={titleId} data-testid="mail-deliveries">
      <h2 id={titleId} className="card__title">
        {t('mail.deliveries.title')}
      </h2>
      <div className="vk-list__toolbar vk-list__toolbar--filters">
        <p className="muted mail-deliveries__intro">{t('mail.deliveries.intro')}</p>
        <div className="vk-list__filters">
          <FilterSelect label={t('mail.deliveries.filter.label')} value={status} options={statusOptions} onChange={filter} />
        </div>
      </div>
      {page && (
        <p className="mail-deliveries__counts" data-testid="mail-deliveries-counts">
          {DELIVERY_STATUSES.map((s) => (
            <span key={s} className={BADGE[s]} data-status={s}>
              {countLabel(t, s, page.counts[s])}
            </span>
          ))}
        </p>
      )}
      <ErrorList messages={failures} testId="mail-deliveries-errors" />
      {loadErrors.length > 0 && (
        <div className="vk-alert vk-alert--danger" role="alert" data-testid="mail-deliveries-load-error">
          <span>{loadErrors[0]?.details || ui('table.error')}</span>{' '}
          <button type="button" className="vk-btn vk-btn--light" onClick={list.reload}>
            {ui('table.retry')}
          </button>
        </div>
      )}
      <DataTable columns={columns} rows={page?.items ?? []} rowKey={(d) => d.mail_id} label={t('mail.deliveries.title')} loading={list.loading} empty={t('mail.deliveries.none')} />
      <Paginator page={page?.page ?? list.query.page} pageSize={page?.per_page ?? list.query.perPage} total={page?.total ?? 0} onPageChange={list.setPage} />
    </section>
  );
}

/** What went wrong with a mail not sent (muted, cut short; the whole text on hover) and, while queued, its next attempt. */
function DeliveryDetail({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  if (delivery.status === 'sent') return null;
  const next = delivery.status === 'queued' ? formatMinute(delivery.next_attempt_at) : '';
  return (
    <span className="mail-deliveries__detail-text">
      {delivery.last_error && (
        <span className="muted mail-deliveries__error" title={delivery.last_error} data-testid="mail-delivery-error">
          {delivery.last_error}
        </span>
      )}
      {next && <span data-testid="mail-delivery-next">{t('mail.deliveries.nextAttempt', { date: next })}</span>}
    </span>
  );
}
