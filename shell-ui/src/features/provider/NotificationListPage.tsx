import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, useApi, useLoad, type Column, type ListQuery } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { LevelBadge, formatMinute } from '../../components/NotificationLevel';
import { GroupsPanel } from './GroupsPanel';
import { providerCalls } from './api';
import { notificationViewPath } from './paths';
import type { ProviderNotification } from './types';

/**
 * /facilauto/notifications/list: the notifications the provider sent to the schools, newest first
 * (`notifications/readall`: search, notification group, page), "Nueva notificación", and the
 * notification groups (create, delete: their notifications stay, without group).
 */
export default function NotificationListPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  const groups = useLoad(calls.notificationGroups.list);
  const [group, setGroup] = useState('');
  // Bumped when a group goes: its notifications lose it, so the list is read again.
  const [version, setVersion] = useState(0);
  usePageLayout({ title: t('provider.notifications.title'), breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.notifications.title') }] });

  const load = useCallback(
    (query: ListQuery) => calls.notifications.list({ search: query.search, group_id: group ? Number(group) : null, page: query.page, per_page: query.perPage }),
    [calls, group],
  );

  const columns: Column<ProviderNotification>[] = [
    { key: 'title', header: t('provider.notifications.fields.title'), render: (n) => <Link to={notificationViewPath(n.notification_id)}>{n.title}</Link> },
    { key: 'level', header: t('provider.notifications.fields.level'), render: (n) => <LevelBadge level={n.level} /> },
    { key: 'group', header: t('provider.notifications.fields.group'), render: (n) => n.group?.name ?? <span className="muted">{t('provider.notifications.noGroup')}</span> },
    { key: 'recipients', header: t('provider.notifications.fields.recipients'), render: (n) => n.business_group?.name ?? t('provider.notifications.allSchools') },
    { key: 'created_at', header: t('provider.notifications.fields.date'), render: (n) => formatMinute(n.created_at) },
    { key: 'reads', header: t('provider.notifications.fields.reads'), render: (n) => String(n.reads ?? 0) },
  ];

  const options = [{ value: '', label: t('provider.notifications.allGroups') }, ...(groups.data ?? []).map((g) => ({ value: String(g.group_id), label: g.name }))];
  return (
    <div className="provider-split">
      <FilteredList
        columns={columns}
        rowKey={(n) => n.notification_id}
        label={t('provider.notifications.title')}
        load={load}
        filtersKey={`${group}|${version}`}
        filters={<FilterSelect label={t('provider.notifications.filterGroup')} value={group} options={options} onChange={setGroup} />}
        actions={
          <Link className="vk-btn vk-btn--primary" to={notificationViewPath(0)}>
            {t('provider.notifications.new')}
          </Link>
        }
        empty={t('provider.notifications.none')}
      />
      <GroupsPanel
        title={t('provider.notificationGroups.title')}
        testId="notification-groups"
        groups={groups}
        countLabel={(g) => t('provider.notificationGroups.count', { count: g.count })}
        deleteMessage={(g) => t('provider.notificationGroups.deleteMessage', { name: g.name })}
        create={calls.notificationGroups.create}
        remove={calls.notificationGroups.remove}
        onChanged={(deleted) => {
          if (deleted === undefined) return;
          if (group === String(deleted)) setGroup('');
          setVersion((v) => v + 1);
        }}
      />
    </div>
  );
}
