import { useCallback, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListView, formatDate, pageLocally, useApi, type Column, type ListQuery } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import type { Business } from './types';

/** /facilauto/business/list: every business (provider administrators). */
export default function BusinessListPage() {
  const { t } = useTranslation();
  const api = useApi();
  const all = useRef<Promise<Business[]> | null>(null);
  usePageLayout({ title: t('provider.businesses.title'), breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.businesses.title') }] });

  const load = useCallback(
    (query: ListQuery) => {
      all.current ??= api.get<Business[]>('business/read', { all: true }).catch((e) => {
        all.current = null;
        throw e;
      });
      return all.current.then((list) => pageLocally(list, query, (b) => `${b.name} ${b.fiscal_name} ${b.fiscal_code} ${b.email} ${b.city}`));
    },
    [api],
  );

  const columns: Column<Business>[] = [
    { key: 'name', header: t('provider.businesses.name'), render: (b) => <Link to={`/facilauto/business/view/${b.business_id}`}>{b.name}</Link> },
    { key: 'fiscal_name', header: t('provider.businesses.fiscalName') },
    { key: 'fiscal_code', header: t('provider.businesses.fiscalCode') },
    { key: 'city', header: t('provider.businesses.city') },
    { key: 'status', header: t('provider.businesses.status'), render: (b) => t(`provider.status.${b.status}`, { defaultValue: b.status }) },
    { key: 'created_at', header: t('provider.businesses.created'), render: (b) => formatDate(b.created_at) },
  ];
  return <ListView columns={columns} rowKey={(b) => b.business_id} label={t('provider.businesses.title')} load={load} />;
}
