import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, GroupChip, GroupsPanel, useLoad, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Alarm, AlarmGroup, AlarmsApi } from '../api';
import { formatMoment } from '../format';
import { DEFAULT_COLOR, MAX_GROUP_NAME } from '../lists';
import { alarmViewPath } from '../paths';

/**
 * "Alarmas": the alarms (`GET alarma/read`) by next time, with a search, "Solo las mías"
 * (`user_id=me`) and the group (`group_id`, its colour's dot and name); a row's title opens the
 * alarm; "Nueva alarma". The groups beside them (the kit's `GroupsPanel` with dots:
 * `alarma/group/read|create|delete`, no update, so no "Editar"): a group deleted reads the list
 * again (its alarms lost it) and drops a filter on it.
 */
export function AlarmsTab({ api }: { api: AlarmsApi }) {
  const { t } = useTranslation(NAMESPACE);
  const groups = useLoad(api.groups.list);
  const [mine, setMine] = useState(false);
  const [group, setGroup] = useState('');
  // bumped when the groups change: the list is read again (a deleted group's alarms lost it)
  const [version, setVersion] = useState(0);

  const load = useCallback(
    (q: ListQuery) => api.alarms.list({ search: q.search, page: q.page, per_page: q.perPage, user_id: mine ? 'me' : undefined, group_id: group || undefined }),
    [api, mine, group],
  );

  const groupOf = (alarm: Alarm) => alarm.group ?? groups.data?.find((g) => g.id === alarm.group_id) ?? null;
  const columns: Column<Alarm>[] = [
    {
      key: 'title',
      header: t('alarms.columns.title'),
      render: (a) => (
        <Link to={alarmViewPath(a.id)} data-testid="alarm-title">
          {a.title}
        </Link>
      ),
    },
    {
      key: 'group',
      header: t('alarms.columns.group'),
      render: (a) => {
        const g = groupOf(a);
        return <GroupChip look="dot" name={g?.name} color={g?.color} />;
      },
    },
    {
      key: 'next',
      header: t('alarms.columns.next'),
      className: 'alarms-nowrap',
      render: (a) =>
        a.next_at ? (
          <time dateTime={a.next_at}>{formatMoment(a.next_at)}</time>
        ) : (
          <span className="muted" data-testid="alarm-never">
            {t('alarms.never')}
          </span>
        ),
    },
    { key: 'repeat', header: t('alarms.columns.repeat'), render: (a) => t(`repeat.${a.repeat}`, { defaultValue: a.repeat }) },
    { key: 'people', header: t('alarms.columns.people'), render: (a) => (a.users?.length ? a.users.map((u) => u.name || t('userNumber', { id: u.user_id })).join(', ') : t('none')) },
  ];

  return (
    <div className="alarms-layout">
      <FilteredList<Alarm>
        label={t('alarms.title')}
        columns={columns}
        rowKey={(a) => a.id}
        load={load}
        filtersKey={JSON.stringify({ mine, group, version })}
        searchPlaceholder={t('alarms.search')}
        empty={t('alarms.empty')}
        filters={
          <>
            <FilterSelect
              label={t('alarms.group')}
              value={group}
              options={[{ value: '', label: t('alarms.allGroups') }, ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))]}
              onChange={setGroup}
            />
            <label className="alarms-toggle">
              <input type="checkbox" checked={mine} onChange={(ev) => setMine(ev.target.checked)} />
              {t('alarms.mine')}
            </label>
          </>
        }
        actions={
          <Link className="vk-btn vk-btn--primary" to={alarmViewPath(0)}>
            {t('alarms.new')}
          </Link>
        }
      />
      <GroupsPanel<AlarmGroup>
        groups={groups}
        look="dot"
        empty={t('groups.none')}
        deleteMessage={(g) => t('groups.delete.question', { name: g.name })}
        create={api.groups.create}
        remove={api.groups.remove}
        defaultColor={DEFAULT_COLOR}
        maxName={MAX_GROUP_NAME}
        onChanged={(deleted) => {
          if (deleted !== undefined && group === String(deleted)) setGroup('');
          else if (deleted !== undefined) setVersion((v) => v + 1);
        }}
      />
    </div>
  );
}
