import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, FilterSelect, FilteredList, TabPanel, Tabs, useApi, useLoad, usePageLayout, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { agreementsApi, type Agreement } from '../api';
import { agreementViewPath } from '../paths';
import { useRemoveAgreement } from '../actions';
import { ConfigForm } from '../components/ConfigForm';

const TABS = ['agreements', 'config'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/agreement/list` — two tabs. "Acuerdos": the agreements (`GET agreement/read/all`) with a
 * search and the type filter; name (a link to it), type, pending and signed requests; "Nuevo
 * acuerdo" opens an empty one; "Eliminar" asks first (pending requests are cancelled).
 * "Configuración": the links' validity, the request mail and the business's data the templates
 * print (`agreement/config/read|save`).
 */
export default function AgreementListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => agreementsApi(client), [client]);
  const types = useLoad(api.types);
  const { remove, failures } = useRemoveAgreement(api);
  const [tab, setTab] = useState<Tab>('agreements');
  const [type, setType] = useState('');
  // bumped after a delete: the list is read again
  const [version, setVersion] = useState(0);
  const title = t('title');
  usePageLayout({ title, breadcrumbs: [{ label: title }] });

  const load = useCallback((q: ListQuery) => api.agreements.list({ search: q.search, type, page: q.page, per_page: q.perPage }), [api, type]);

  const columns: Column<Agreement>[] = [
    {
      key: 'name',
      header: t('list.columns.name'),
      render: (a) => (
        <Link to={agreementViewPath(a.id)} data-testid="agreement-name">
          {a.name}
        </Link>
      ),
    },
    { key: 'type', header: t('list.columns.type'), render: (a) => <span data-testid="agreement-type">{a.type_name || a.type}</span> },
    { key: 'requested', header: t('list.columns.requested'), className: 'agreements-num', render: (a) => <span data-testid="agreement-requested">{a.requested}</span> },
    { key: 'signed', header: t('list.columns.signed'), className: 'agreements-num', render: (a) => <span data-testid="agreement-signed">{a.signed}</span> },
    {
      key: 'actions',
      header: t('list.columns.actions'),
      className: 'vk-table__actions',
      render: (a) => (
        <button type="button" className="vk-btn vk-btn--light" aria-label={t('delete.named', { name: a.name })} onClick={() => void remove(a).then((done) => done && setVersion((v) => v + 1))}>
          {t('delete.action')}
        </button>
      ),
    },
  ];

  return (
    <div className="agreements-page" data-testid="agreement-list">
      <Tabs id="agreements-list" label={t('list.tabs')} tabs={TABS.map((key) => ({ key, label: t(`list.tab.${key}`) }))} selected={tab} onSelect={(key) => setTab(key as Tab)} />
      <TabPanel id="agreements-list" tab="agreements" selected={tab}>
        <ErrorList messages={failures} testId="agreement-action-errors" />
        <FilteredList<Agreement>
          label={t('list.table')}
          columns={columns}
          rowKey={(a) => a.id}
          load={load}
          filtersKey={JSON.stringify({ type, version })}
          searchPlaceholder={t('list.search')}
          empty={t('list.empty')}
          filters={
            <FilterSelect
              label={t('list.typeFilter')}
              value={type}
              options={[{ value: '', label: t('list.allTypes') }, ...(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
              onChange={setType}
            />
          }
          actions={
            <Link className="vk-btn vk-btn--primary" to={agreementViewPath(0)}>
              {t('list.new')}
            </Link>
          }
        />
      </TabPanel>
      <TabPanel id="agreements-list" tab="config" selected={tab}>
        <ConfigForm api={api} />
      </TabPanel>
    </div>
  );
}
