import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, GroupChip, GroupsPanel, useApi, useLoad, usePageLayout, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { kindApi, type DeletedGroup, type Kind, type ListParams, type RecordOf } from '../api';
import { NO_GROUP, STATE_FILTERS } from '../lists';
import { viewPath } from '../paths';
import { StateBadge } from './Badges';
import { SubNav } from './SubNav';

export interface RecordListProps<K extends Kind> {
  kind: K;
  /** A record's name: the first column, a link to it. */
  name(row: RecordOf<K>): string;
  /** The kind's own columns, between the name and the group. */
  columns: Column<RecordOf<K>>[];
  /** The values of the kind's own filters (a worker's company; a course's company, centre, status). */
  query?: Partial<ListParams>;
  /** The kind's own filters' controls, after the group and the state. */
  filters?: ReactNode;
}

/**
 * A kind's list (`GET consulting/{kind}/read`): the search (from 2 characters, trimmed, on typing
 * and Enter, cleared when emptied), the group ("Sin grupo": `group_id` 0), the state and the
 * kind's own filters, "Viendo x a y de z"; the name (a link to it, its state when not active),
 * the kind's columns and the group as a chip in its colour. "Nuevo …" opens `view/0`. Beside it,
 * the kind's groups (the kit's panel: create, rename or recolour, delete).
 */
export function RecordList<K extends Kind>({ kind, name, columns, query = {}, filters }: RecordListProps<K>) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => kindApi(client, kind), [client, kind]);
  const groups = useLoad(api.groups.list);
  const [group, setGroup] = useState('');
  const [state, setState] = useState('');
  // bumped when the groups change: the chips and counts are read again
  const [version, setVersion] = useState(0);
  const title = t(`kinds.${kind}.title`);
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const own = JSON.stringify(query);
  const load = useCallback(
    (q: ListQuery) => api.list({ search: q.search, group_id: group === '' ? undefined : Number(group), state, ...(JSON.parse(own) as Partial<ListParams>), page: q.page, per_page: q.perPage }),
    [api, group, state, own],
  );

  const all: Column<RecordOf<K>>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (row) => (
        <span className="consulting-inline">
          <Link to={viewPath(kind, row.id)} data-testid="record-name">
            {name(row)}
          </Link>
          {row.state !== 'active' && <StateBadge state={row.state} />}
        </span>
      ),
    },
    ...columns,
    { key: 'group', header: t('columns.group'), render: (row) => <GroupChip name={row.group_name} color={row.group_color} /> },
  ];

  return (
    <div className="consulting-page" data-testid={`${kind}-list`}>
      <SubNav />
      <div className="consulting-layout">
        <FilteredList<RecordOf<K>>
          label={t(`kinds.${kind}.table`)}
          columns={all}
          rowKey={(row) => row.id}
          load={load}
          filtersKey={JSON.stringify({ group, state, own, version })}
          searchPlaceholder={t(`kinds.${kind}.search`)}
          empty={t(`kinds.${kind}.empty`)}
          filters={
            <>
              <FilterSelect
                label={t('filters.group')}
                value={group}
                options={[
                  { value: '', label: t('filters.allGroups') },
                  { value: NO_GROUP, label: t('noGroup') },
                  ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
                ]}
                onChange={setGroup}
              />
              <FilterSelect label={t('filters.state')} value={state} options={STATE_FILTERS.map((s) => ({ value: s, label: t(`filters.states.${s || 'live'}`) }))} onChange={setState} />
              {filters}
            </>
          }
          actions={
            <Link className="vk-btn vk-btn--primary" to={viewPath(kind, 0)}>
              {t(`kinds.${kind}.new`)}
            </Link>
          }
        />
        <GroupsPanel
          title={t(`kinds.${kind}.groups`)}
          groups={groups}
          countLabel={(g) => t(`kinds.${kind}.count`, { count: g.count })}
          deleteMessage={(g) => t(`kinds.${kind}.groupDelete`, { name: g.name })}
          deletedMessage={(g, answer) => {
            const released = (answer as DeletedGroup | null)?.released ?? 0;
            return released > 0 ? t(`kinds.${kind}.released`, { name: g.name, count: released }) : t('groupDeleted', { name: g.name });
          }}
          create={api.groups.create}
          update={api.groups.update}
          remove={api.groups.remove}
          onChanged={(deleted) => {
            // its records are without a group now: a filter on it would find none
            if (deleted !== undefined) setGroup((current) => (current === String(deleted) ? '' : current));
            setVersion((v) => v + 1);
          }}
        />
      </div>
    </div>
  );
}
