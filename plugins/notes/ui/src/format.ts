import type { ApiErrorItem } from '@volante/plugin-ui';

/**
 * A refusal as the screens show it: the host's message, and the reason it gives apart
 * (`PERMISSION-000` of a note by someone else: "… : Solo el autor puede modificar o eliminar la nota").
 */
export function refusalText(item: ApiErrorItem): string {
  const reason = (item.data as { reason?: unknown } | null)?.reason;
  const parts = [item.details || item.code, typeof reason === 'string' ? reason : ''].filter(Boolean);
  return parts.join(': ');
}

/** The refusal's errors with the reason in their message (for `useFieldErrors().fail`). */
export function withReasons(items: ApiErrorItem[]): ApiErrorItem[] {
  return items.map((item) => ({ ...item, details: refusalText(item) }));
}
