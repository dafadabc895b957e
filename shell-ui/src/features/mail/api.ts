import type { ApiClient } from '@volante/plugin-ui';
import type { MailLayout, MailLayoutChanges, MailLayoutCreate } from './types';

/**
 * The host's mail layout calls (permission `business.general`). Memoise it per client
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
  };
}

export type MailCalls = ReturnType<typeof mailCalls>;
