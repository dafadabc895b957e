import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatDate, useApi, usePageLayout, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { coursesApi, type CourseItem, type StateFilter } from '../api';
import { KINDS, viewPath, type Kind } from '../kinds';
import { STATE_FILTERS } from '../lists';
import { useLoad } from '@volante/plugin-ui';
import { useBranches } from '../useBranches';
import { StateBadge } from '../components/Badges';
import { CourseForm } from '../components/CourseForm';
import { GroupsPanel } from '../components/GroupsPanel';

interface Filters {
  state: StateFilter;
  category: string;
  group_id: string;
}
const NO_FILTERS: Filters = { state: '', category: '', group_id: '' };

/**
 * `/course/list`, `/permisoa/list`, `/recuperacionpuntos/list` — a kind's courses
 * (`GET <prefix>read`): search (trimmed, from 2 characters), filters state, category (the kind's,
 * when it has several) and group; reference, name, category, dates, students and state;
 * "Viendo x a y de z". "Nuevo curso" opens the create form above the list (then the new course's
 * view); "Grupos" the kind's groups (list, create, delete).
 */
export default function CourseListPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => coursesApi(client, kind), [client, kind]);
  const navigate = useNavigate();
  const toast = useToast();
  const spec = KINDS[kind];
  const groups = useLoad(api.groups.list);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // bumped after a change to the groups: the list is read again (group names)
  const [version, setVersion] = useState(0);
  const [panel, setPanel] = useState<'create' | 'groups' | null>(null);
  const branches = useBranches(api, panel === 'create');
  const title = t(`kinds.${kind}.title`);
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    (q: ListQuery) => api.courses.list({ search: q.search, page: q.page, per_page: q.perPage, state: filters.state, category: filters.category, group_id: filters.group_id }),
    [api, filters],
  );
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const groupsChanged = () => {
    groups.reload();
    setVersion((v) => v + 1);
    // a deleted group may be the one filtered by: the list goes back to every group
    set({ group_id: '' });
  };

  const columns: Column<CourseItem>[] = [
    {
      key: 'reference',
      header: t('list.columns.reference'),
      className: 'courses-nowrap',
      render: (c) => (
        <Link to={viewPath(kind, c.id)} data-testid="course-reference">
          {c.reference}
        </Link>
      ),
    },
    { key: 'name', header: t('list.columns.name'), render: (c) => <Link to={viewPath(kind, c.id)}>{c.name}</Link> },
    { key: 'category', header: t('list.columns.category'), render: (c) => t(`category.${c.category}`) },
    { key: 'start_date', header: t('list.columns.start_date'), className: 'courses-nowrap', render: (c) => formatDate(c.start_date) },
    { key: 'end_date', header: t('list.columns.end_date'), className: 'courses-nowrap', render: (c) => formatDate(c.end_date) },
    { key: 'group', header: t('list.columns.group'), render: (c) => c.group_name ?? '' },
    { key: 'students', header: t('list.columns.students'), className: 'courses-num', render: (c) => `${c.enrolled}/${c.max_students}` },
    { key: 'state', header: t('list.columns.state'), render: (c) => <StateBadge state={c.state} /> },
  ];

  return (
    <div className="courses-page" data-testid="course-list">
      {panel === 'create' && (
        <section className="card" aria-labelledby="courses-create-title" data-testid="course-create">
          <h2 id="courses-create-title" className="card__title">
            {t('create.title')}
          </h2>
          <CourseForm
            kind={kind}
            course={null}
            groups={groups.data ?? []}
            branches={branches}
            label={t('create.title')}
            submitLabel={t('create.submit')}
            onSubmit={async (body) => {
              const created = await api.courses.create(body);
              toast.success(t('create.created', { name: created.name }));
              navigate(viewPath(kind, created.id));
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setPanel(null)}>
                {t('create.cancel')}
              </button>
            }
          />
        </section>
      )}
      {panel === 'groups' && <GroupsPanel api={api} groups={groups} onChanged={groupsChanged} onClose={() => setPanel(null)} />}
      <FilteredList<CourseItem>
        label={title}
        columns={columns}
        rowKey={(c) => c.id}
        load={load}
        filtersKey={JSON.stringify({ filters, version })}
        searchPlaceholder={t('list.search')}
        empty={t('list.empty')}
        filters={
          <>
            <FilterSelect
              label={t('list.filters.state')}
              value={filters.state}
              options={STATE_FILTERS.map((s) => ({ value: s, label: t(`list.filters.states.${s || 'open'}`) }))}
              onChange={(state) => set({ state: state as StateFilter })}
            />
            {spec.categories.length > 1 && (
              <FilterSelect
                label={t('list.filters.category')}
                value={filters.category}
                options={[{ value: '', label: t('list.filters.allCategories') }, ...spec.categories.map((c) => ({ value: c, label: t(`category.${c}`) }))]}
                onChange={(category) => set({ category })}
              />
            )}
            {groups.data && groups.data.length > 0 && (
              <FilterSelect
                label={t('list.filters.group')}
                value={filters.group_id}
                options={[{ value: '', label: t('list.filters.allGroups') }, ...groups.data.map((g) => ({ value: String(g.id), label: g.name }))]}
                onChange={(group_id) => set({ group_id })}
              />
            )}
          </>
        }
        actions={
          <>
            <button type="button" className="vk-btn vk-btn--light" aria-pressed={panel === 'groups'} onClick={() => setPanel(panel === 'groups' ? null : 'groups')}>
              {t('list.groups')}
            </button>
            {panel !== 'create' && (
              <button type="button" className="vk-btn vk-btn--primary" onClick={() => setPanel('create')}>
                {t('list.new')}
              </button>
            )}
          </>
        }
      />
    </div>
  );
}
