import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from './i18n';

/**
 * One record of a view page (`id` 0: none, a new one): read on opening (`failed` holds the
 * host's message when it cannot be), `load` to start again (the retry), `reload` to read it
 * again in place after an action (a failure is a toast), `show` to show a saved copy (the
 * plugin's writes answer the whole record). `formKey` changes whenever a record arrives, so the
 * forms are drawn again with it. `read` must be stable (the page's memoised API).
 */
export function useRecord<T>(id: number, read: (id: number) => Promise<T>) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [record, setRecord] = useState<T | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const show = useCallback((r: T) => {
    setRecord(r);
    setFormKey((k) => k + 1);
  }, []);
  const load = useCallback(() => {
    setFailed(null);
    setRecord(null);
    if (!id) return;
    read(id).then(show, (e) => setFailed(errorList(e)[0]?.details ?? ''));
  }, [read, id, show]);
  useEffect(load, [load]);
  const reload = useCallback(() => {
    read(id).then(show, (e) => toast.error(errorList(e)[0]?.details || t('loadError')));
  }, [read, id, show, toast, t]);
  return { record, show, failed, formKey, load, reload };
}
