import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type ListBody } from '../api';
import { DocumentList } from '../components/DocumentList';

/** /invoice/list: the invoices (`invoice/readall`), by state and series. */
export default function InvoiceListPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  usePageLayout({ title: t('invoice.list'), breadcrumbs: [{ label: t('title') }, { label: t('invoice.list') }] });
  const load = useCallback((body: ListBody) => api.invoices.list(body), [api]);
  return <DocumentList kind="invoice" states={['draft', 'issued', 'voided']} load={load} />;
}
