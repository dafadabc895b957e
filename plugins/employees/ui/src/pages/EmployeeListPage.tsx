import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, PageState, useApi, usePageLayout, useSession, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { employeesApi, type EmployeeItem, type StateFilter } from '../api';
import { STATE_FILTERS } from '../lists';
import { ALL_BRANCHES_PERMISSION, EMPLOYEE_PERMISSION, ROLES_PERMISSION } from '../permissions';
import { namesById, useBusinessLists } from '../useBusinessLists';
import { AccountBadge, StateBadge, TeacherBadge } from '../components/Badges';
import { EmployeeCreateForm } from '../components/EmployeeCreateForm';

interface Filters {
  state: StateFilter;
  branch_id: string;
  position_id: string;
  /** "Solo profesores" (`teacher=1`). */
  teachers: boolean;
}
const NO_FILTERS: Filters = { state: '', branch_id: '', position_id: '', teachers: false };

/**
 * /employee/list — the staff: search (trimmed, from 2 characters), filters (state, branch,
 * position, "Solo profesores"), the table (code, name, NIF/NIE, main branch, positions, teacher,
 * account, state) and "Viendo x a y de z"; with `employee`, "Nuevo empleado" opens the create form
 * above the list, and the names open the employee.
 */
export default function EmployeeListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => employeesApi(client), [client]);
  const session = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const business = useBusinessLists(api);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [creating, setCreating] = useState(false);
  const canManage = session.can(EMPLOYEE_PERMISSION);
  // a user limited to a branch only sees its own: the branch filter would say nothing
  const seesAllBranches = !session.user?.branch_id || session.can(ALL_BRANCHES_PERMISSION);
  usePageLayout({ title: t('list.title'), breadcrumbs: [{ label: t('title') }, { label: t('list.title') }] });

  const load = useCallback(
    (q: ListQuery) =>
      api.employees.list({
        search: q.search,
        page: q.page,
        per_page: q.perPage,
        state: filters.state,
        branch_id: filters.branch_id,
        position_id: filters.position_id,
        teacher: filters.teachers ? 1 : '',
      }),
    [api, filters],
  );
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const branchNames = namesById(business.lists?.branches, (b) => b.branch_id, (b) => b.trade_name);
  const positionNames = namesById(business.lists?.positions, (p) => p.position_id, (p) => p.name);

  const columns: Column<EmployeeItem>[] = [
    { key: 'code', header: t('list.columns.code'), className: 'employees-nowrap' },
    {
      key: 'name',
      header: t('list.columns.name'),
      render: (e) =>
        canManage ? (
          <Link to={`/employee/view/${e.id}`} data-testid="employee-name">
            {e.name}
          </Link>
        ) : (
          <span data-testid="employee-name">{e.name}</span>
        ),
    },
    { key: 'fiscal_code', header: t('list.columns.fiscal_code'), className: 'employees-nowrap' },
    { key: 'branch', header: t('list.columns.branch'), render: (e) => (e.branch_id ? (branchNames.get(e.branch_id) ?? '') : '') },
    {
      key: 'positions',
      header: t('list.columns.positions'),
      render: (e) =>
        e.positions
          .map((id) => positionNames.get(id))
          .filter(Boolean)
          .join(', '),
    },
    { key: 'teacher', header: t('list.columns.teacher'), render: (e) => <TeacherBadge isTeacher={e.is_teacher} /> },
    { key: 'account', header: t('list.columns.account'), render: (e) => <AccountBadge account={e.account} /> },
    { key: 'state', header: t('list.columns.state'), render: (e) => <StateBadge state={e.state} /> },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (e) => (
        <Link className="vk-btn vk-btn--light" to={`/employee/view/${e.id}`} aria-label={t('list.openNamed', { name: e.name })}>
          {t('open')}
        </Link>
      ),
    });
  }

  const lists = business.lists;
  return (
    <div className="employees-page" data-testid="employee-list">
      {business.failed !== null && <PageState error={business.failed} onRetry={business.load} />}
      {creating && lists && (
        <section className="card" aria-labelledby="employees-create-title" data-testid="employee-create">
          <h2 id="employees-create-title" className="card__title">
            {t('create.title')}
          </h2>
          <EmployeeCreateForm
            api={api}
            lists={lists}
            canGiveRole={session.can(ROLES_PERMISSION)}
            onCancel={() => setCreating(false)}
            onCreated={(created) => {
              toast.success(t('create.created', { name: created.name }));
              navigate(`/employee/view/${created.id}`);
            }}
          />
        </section>
      )}
      <FilteredList<EmployeeItem>
        label={t('list.table')}
        columns={columns}
        rowKey={(e) => e.id}
        load={load}
        filtersKey={JSON.stringify(filters)}
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
            {seesAllBranches && lists && lists.branches.length > 1 && (
              <FilterSelect
                label={t('list.filters.branch')}
                value={filters.branch_id}
                options={[{ value: '', label: t('list.filters.allBranches') }, ...lists.branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))]}
                onChange={(branch_id) => set({ branch_id })}
              />
            )}
            {lists && lists.positions.length > 0 && (
              <FilterSelect
                label={t('list.filters.position')}
                value={filters.position_id}
                options={[{ value: '', label: t('list.filters.allPositions') }, ...lists.positions.map((p) => ({ value: String(p.position_id), label: p.name }))]}
                onChange={(position_id) => set({ position_id })}
              />
            )}
            <label className="vk-check employees-check">
              <input type="checkbox" checked={filters.teachers} onChange={(e) => set({ teachers: e.target.checked })} />
              <span>{t('list.filters.teachers')}</span>
            </label>
          </>
        }
        actions={
          canManage &&
          !creating && (
            <button type="button" className="vk-btn vk-btn--primary" disabled={!lists} onClick={() => setCreating(true)}>
              {t('list.new')}
            </button>
          )
        }
      />
    </div>
  );
}
