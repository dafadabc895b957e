import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList } from '../api/errors';
import { useToast } from '../toast/ToastProvider';

export interface ShowOptions {
  /** Change `formKey` so the forms are drawn again with the record (default true). */
  redraw?: boolean;
}

export interface RecordState<T> {
  /** null while reading, and for a new one (`id` 0). */
  record: T | null;
  /** Show a saved copy (a write's answer merged into the record). */
  show(record: T, options?: ShowOptions): void;
  /** null, or the host's message ('' when it gave none) when the record cannot be read. */
  failed: string | null;
  /** Changes whenever a record arrives (unless `show` is told not to redraw): the forms' `key`. */
  formKey: number;
  /** Read it again from nothing (the retry). */
  load(): void;
  /** Read it again in place after an action; a failure is a toast. */
  reload(): void;
}

/**
 * One record of a view page (`id` 0: none, a new one): read on opening (`failed` holds the
 * host's message when it cannot be), `load` to start again (the retry), `reload` to read it
 * again in place after an action (a failure is a toast: the host's message or the kit's "No se
 * han podido cargar los datos"), `show` to show a saved copy. `formKey` changes whenever a record
 * arrives, so the forms are drawn again with it; `show(record, { redraw: false })` keeps the forms
 * as they are. `read` must be stable (the page's memoised API).
 */
export function useRecord<T>(id: number, read: (id: number) => Promise<T>): RecordState<T> {
  const { t } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const [record, setRecord] = useState<T | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const show = useCallback((r: T, options?: ShowOptions) => {
    setRecord(r);
    if (options?.redraw !== false) setFormKey((k) => k + 1);
  }, []);
  const load = useCallback(() => {
    setFailed(null);
    setRecord(null);
    if (!id) return;
    read(id).then(
      (r) => show(r),
      (e) => setFailed(errorList(e)[0]?.details ?? ''),
    );
  }, [read, id, show]);
  useEffect(load, [load]);
  const reload = useCallback(() => {
    read(id).then(
      (r) => show(r),
      (e) => toast.error(errorList(e)[0]?.details || t('page.loadError')),
    );
  }, [read, id, show, toast, t]);
  return { record, show, failed, formKey, load, reload };
}
