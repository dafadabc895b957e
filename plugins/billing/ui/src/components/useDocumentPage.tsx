import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, errorList, useApi, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type BillingApi, type Budget, type Invoice } from '../api';
import { usePickedContact } from './usePickedContact';
import { backPath, useReferenceData } from './useReferenceData';

/**
 * What the budget and invoice pages share: the route's parameters (`target`, `billing`, the
 * document's id, `contact`), the reference data, the document (0: a new one) with its reload, the
 * contact a new document starts with, the print view switch, the page's title and "back".
 * `status` is what to show instead of the page while something is loading or failed.
 */
export function useDocumentPage<T extends Budget | Invoice>(kind: 'budget' | 'invoice', read: (api: BillingApi, id: number) => Promise<T>) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const params = useParams();
  const { target, billing, contact } = params;
  const id = Number(params[kind]) || 0;
  const ref = useReferenceData(kind === 'budget');
  const [doc, setDoc] = useState<T | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const [version, setVersion] = useState(0);
  const picked = usePickedContact(id ? 0 : Number(contact) || 0);
  const title = doc?.reference || t(id ? `${kind}.title` : `${kind}.new`);
  usePageLayout({ title, breadcrumbs: [{ label: t(`${kind}.list`), to: `/${kind}/list` }, { label: title }] });

  const load = useCallback(() => {
    if (!id) return;
    setFailed(null);
    read(api, id).then(setDoc, (e) => setFailed(errorList(e)[0]?.details ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(load, [load]);

  let status = null;
  if (ref.error !== null || failed !== null) status = <PageState error={failed ?? ref.error} onRetry={failed !== null ? load : ref.reload} />;
  else if (!ref.data || (id && !doc) || !picked.ready) status = <PageState error={null} />;

  return {
    api,
    status,
    data: ref.data,
    doc,
    /** A fresh copy from the server: shown, and the editor starts again from it. */
    saved(fresh: T) {
      setDoc(fresh);
      setVersion((v) => v + 1);
    },
    load,
    version,
    printing,
    setPrinting,
    picked: picked.contact,
    seriesParam: Number(billing) || 0,
    back: backPath(kind, target, contact),
    /** The series of a document, from the reference data. */
    seriesOf: (d: T) => ref.data?.series.find((s) => s.id === d.series_id) ?? null,
    editPath: (d: T) => `/${kind}/edit/${target ?? 'list'}/${d.series_id}/${d.id}/${d.contact_id ?? 0}`,
  };
}
