import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, useApi, usePageLayout, useSession, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { fleetApi, type StateFilter, type WorkshopRecord } from '../api';
import { CATEGORIES, STATE_FILTERS } from '../lists';
import { StateBadge } from '../components/Badges';
import { WORKSHOPS_PERMISSION } from '../permissions';

/**
 * /workshop/list — the workshops, dealerships and buy-and-sell businesses (business-wide):
 * search, category and state filters, "Viendo x a y de z"; with `fleet.workshops`, "Nuevo taller".
 */
export default function WorkshopListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => fleetApi(client), [client]);
  const session = useSession();
  const [category, setCategory] = useState('');
  const [state, setState] = useState<StateFilter>('');
  usePageLayout({ title: t('workshops.title'), breadcrumbs: [{ label: t('title') }, { label: t('workshops.title') }] });

  const load = useCallback(
    (q: ListQuery) => api.workshops.list({ search: q.search, page: q.page, per_page: q.perPage, category, state }),
    [api, category, state],
  );

  const columns: Column<WorkshopRecord>[] = [
    {
      key: 'name',
      header: t('workshops.columns.name'),
      render: (w) => (
        <Link to={`/workshop/view/${w.id}`} data-testid="workshop-name">
          {w.name}
        </Link>
      ),
    },
    { key: 'category', header: t('workshops.columns.category'), render: (w) => t(`category.${w.category}`) },
    { key: 'tax_code', header: t('workshops.columns.tax_code') },
    { key: 'contact_person', header: t('workshops.columns.contact') },
    { key: 'phone', header: t('workshops.columns.phone') },
    { key: 'city', header: t('workshops.columns.city') },
    { key: 'state', header: t('workshops.columns.state'), render: (w) => <StateBadge state={w.state} of="workshop" /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (w) => (
        <Link className="vk-btn vk-btn--light" to={`/workshop/view/${w.id}`} aria-label={t('workshops.openNamed', { name: w.name })}>
          {t('open')}
        </Link>
      ),
    },
  ];

  return (
    <div className="fleet-page" data-testid="workshop-list">
      <FilteredList<WorkshopRecord>
        label={t('workshops.table')}
        columns={columns}
        rowKey={(w) => w.id}
        load={load}
        filtersKey={`${category}|${state}`}
        searchPlaceholder={t('workshops.search')}
        empty={t('workshops.empty')}
        filters={
          <>
            <FilterSelect
              label={t('workshops.filters.category')}
              value={category}
              options={[{ value: '', label: t('workshops.filters.allCategories') }, ...CATEGORIES.map((k) => ({ value: k, label: t(`category.${k}`) }))]}
              onChange={setCategory}
            />
            <FilterSelect
              label={t('filters.state')}
              value={state}
              options={STATE_FILTERS.map((s) => ({ value: s, label: t(`filters.workshop.${s || 'open'}`) }))}
              onChange={(s) => setState(s as StateFilter)}
            />
          </>
        }
        actions={
          session.can(WORKSHOPS_PERMISSION) && (
            <Link className="vk-btn vk-btn--primary" to="/workshop/view/0">
              {t('workshops.new')}
            </Link>
          )
        }
      />
    </div>
  );
}
