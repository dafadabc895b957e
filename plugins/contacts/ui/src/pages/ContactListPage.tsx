import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListView, useApi, usePageLayout, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { StateBadge } from '../components/StateBadge';
import { useStateActions } from '../components/ContactActions';
import { STATE_FILTERS, contactsApi, type Contact, type StateFilter } from '../api';

/** /contact/list: search, state filter, table with state badges and actions, paginator. */
export default function ContactListPage() {
  const { t } = useTranslation(NAMESPACE);
  const api = contactsApi(useApi());
  const [state, setState] = useState<StateFilter>('');
  const [version, setVersion] = useState(0);
  usePageLayout({ title: t('list.title'), breadcrumbs: [{ label: t('title'), to: '/contact/list' }, { label: t('list.title') }] });

  const load = useCallback((q: ListQuery) => api.list({ search: q.search, page: q.page, per_page: q.perPage, state }), [api, state]);

  const actions = useStateActions(api, { activated: t('view.activated'), deactivated: t('view.deactivated'), deleted: t('view.deleted') }, () => setVersion((v) => v + 1));

  const columns: Column<Contact>[] = [
    { key: 'code', header: t('list.columns.code') },
    {
      key: 'display_name',
      header: t('list.columns.name'),
      render: (c) => (
        <Link to={`/contact/view/${c.id}/0`} className="contact-name">
          {c.display_name}
        </Link>
      ),
    },
    { key: 'fiscal_code', header: t('list.columns.fiscal_code') },
    { key: 'email', header: t('list.columns.email') },
    { key: 'phone', header: t('list.columns.phone'), render: (c) => c.phone || c.mobile },
    { key: 'city', header: t('list.columns.city') },
    { key: 'state', header: t('list.columns.state'), render: (c) => <StateBadge state={c.state} /> },
    {
      key: 'actions',
      header: t('list.columns.actions'),
      className: 'vk-table__actions',
      render: (c) => (
        <>
          <Link className="vk-btn vk-btn--light" to={`/contact/view/${c.id}/0`} aria-label={t('list.viewNamed', { name: c.display_name })}>
            {t('list.view')}
          </Link>{' '}
          {c.state !== 'deleted' && (
            <button type="button" className="vk-btn vk-btn--light" onClick={() => void actions.toggle(c)} aria-label={t('list.toggleNamed', { name: c.display_name })}>
              {t(c.state === 'active' ? 'list.deactivate' : 'list.activate')}
            </button>
          )}
        </>
      ),
    },
  ];

  return (
    <ListView<Contact>
      key={state}
      label={t('list.table')}
      columns={columns}
      rowKey={(c) => c.id}
      load={load}
      reloadKey={version}
      searchPlaceholder={t('list.search')}
      empty={t('list.empty')}
      actions={
        <>
          <label className="vk-inline-field">
            <span className="vk-visually-hidden">{t('list.stateFilter')}</span>
            <select className="vk-input" value={state} aria-label={t('list.stateFilter')} onChange={(e) => setState(e.target.value as StateFilter)}>
              {STATE_FILTERS.map((f) => (
                <option key={f || 'open'} value={f}>
                  {t(`list.filter.${f || 'open'}`)}
                </option>
              ))}
            </select>
          </label>
          <Link className="vk-btn vk-btn--primary" to="/contact/list/create">
            {t('list.new')}
          </Link>
        </>
      }
    />
  );
}
