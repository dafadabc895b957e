import type { ApiClient } from '@volante/plugin-ui';
import type { Delivery, DeliveryPage, DeliveryQuery, MailLayout, MailLayoutChanges, MailLayoutCreate } from './types';

/**
 * The host's mail calls, layouts and deliveries (permission `business.general`). Memoise it per client
 * (`useMemo(() => mailCalls(api), [api])`): its methods are stable, as `useLoad` / `useRecord` need.
 */
export function mailCalls(api: ApiClient) {
  return {
    layouts: {
      /** The business's layouts, the default first, then by name. */
      list: () => api.get<{ items: MailLayout[] }>('mail/layout/read').then((answer) => answer?.items ?? []),
      read: (id: number) => api.get<MailLayout>('mail/layout/read', { layout_id: id }),
      /** The business's first layout becomes its default by itself. */
      create: (body: MailLayoutCreate) => api.post<MailLayout>('mail/layout/create', body),
      /** `is_default: true` makes it the default (the previous one stops being it). */
      update: (id: number, changes: MailLayoutChanges) => api.post<MailLayout>('mail/layout/update', { layout_id: id, ...changes }),
      remove: (id: number) => api.post<{ layout_id: number }>('mail/layout/delete', { layout_id: id }),
    },
    deliveries: {
      /** A page of the mail the modules sent, newest first, and the counts per status. */
      list: ({ status, page, per_page }: DeliveryQuery) =>
        api.get<DeliveryPage>('mail/delivery/read', { status: status || undefined, page, per_page }).then((answer): DeliveryPage => {
          const counts = answer?.counts;
          return {
            items: answer?.items ?? [],
            total: answer?.total ?? 0,
            page: answer?.page ?? page,
            per_page: answer?.per_page ?? per_page,
            counts: { queued: counts?.queued ?? 0, sent: counts?.sent ?? 0, failed: counts?.failed ?? 0 },
          };
        }),
      /** Tries a queued or failed mail at once: the delivery with its new status (a sent one is refused). */
      retry: (id: number) => api.post<Delivery>('mail/delivery/retry', { mail_id: id }),
    },
  };
}

export type MailCalls = ReturnType<typeof mailCalls>;
