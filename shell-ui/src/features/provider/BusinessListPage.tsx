import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatDate, pageLocally, useApi, useLoad, type Column, type ListQuery } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { GroupsPanel } from './GroupsPanel';
import { providerCalls } from './api';
import { businessViewPath } from './paths';
import { SchoolFinder } from './SchoolFinder';
import type { Business } from './types';

/** The group filter's value for the schools in no group. */
const NO_GROUP = 'none';

/**
 * /facilauto/business/list: the school finder ("Buscar autoescuela…", SchoolFinder: from 2
 * characters its results take the list's place) over every business (provider administrators),
 * with its business group and a filter by group; beside it, the business groups (create; delete,
 * refused while notifications target the group: CONFLICT-000).
 */
export default function BusinessListPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  const groups = useLoad(calls.businessGroups.list);
  const all = useRef<Promise<Business[]> | null>(null);
  const [group, setGroup] = useState('');
  // Bumped when a group goes (its schools lose it): the businesses are read again.
  const [version, setVersion] = useState(0);
  usePageLayout({ title: t('provider.businesses.title'), breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.businesses.title') }] });

  const load = useCallback(
    (query: ListQuery) => {
      all.current ??= api.get<Business[]>('business/read', { all: true }).catch((e) => {
        all.current = null;
        throw e;
      });
      return all.current.then((list) => {
        const inGroup = group === '' ? list : list.filter((b) => (group === NO_GROUP ? b.group_id == null : String(b.group_id ?? '') === group));
        return pageLocally(inGroup, query, (b) => `${b.name} ${b.fiscal_name} ${b.fiscal_code} ${b.email} ${b.city} ${b.group_name ?? ''}`);
      });
    },
    [api, group],
  );

  const columns: Column<Business>[] = [
    { key: 'name', header: t('provider.businesses.name'), render: (b) => <Link to={businessViewPath(b.business_id)}>{b.name}</Link> },
    { key: 'fiscal_name', header: t('provider.businesses.fiscalName') },
    { key: 'fiscal_code', header: t('provider.businesses.fiscalCode') },
    { key: 'city', header: t('provider.businesses.city') },
    { key: 'group', header: t('provider.businesses.group'), render: (b) => b.group_name ?? <span className="muted">{t('provider.businesses.noGroup')}</span> },
    { key: 'status', header: t('provider.businesses.status'), render: (b) => t(`provider.status.${b.status}`, { defaultValue: b.status }) },
    { key: 'created_at', header: t('provider.businesses.created'), render: (b) => formatDate(b.created_at) },
  ];
  const options = [
    { value: '', label: t('provider.businesses.allGroups') },
    { value: NO_GROUP, label: t('provider.businesses.noGroup') },
    ...(groups.data ?? []).map((g) => ({ value: String(g.group_id), label: g.name })),
  ];
  return (
    <div className="provider-split">
      <SchoolFinder calls={calls}>
        <FilteredList
          columns={columns}
          rowKey={(b) => b.business_id}
          label={t('provider.businesses.title')}
          load={load}
          filtersKey={`${group}|${version}`}
          filters={<FilterSelect label={t('provider.businesses.filterGroup')} value={group} options={options} onChange={setGroup} />}
        />
      </SchoolFinder>
      <GroupsPanel
        title={t('provider.businessGroups.title')}
        testId="business-groups"
        groups={groups}
        countLabel={(g) => t('provider.businessGroups.count', { count: g.count })}
        deleteMessage={(g) => t('provider.businessGroups.deleteMessage', { name: g.name })}
        create={calls.businessGroups.create}
        remove={calls.businessGroups.remove}
        onChanged={(deleted) => {
          if (deleted === undefined) return;
          if (group === String(deleted)) setGroup('');
          all.current = null;
          setVersion((v) => v + 1);
        }}
      />
    </div>
  );
}
