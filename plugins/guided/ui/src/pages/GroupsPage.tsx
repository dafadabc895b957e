import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, useApi, useLoad, usePageLayout, useToast, withoutNulls, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { guidedApi, type GroupRow } from '../api';
import { period, when } from '../format';
import { GROUP_STATE_FILTERS, LICENCES } from '../lists';
import { classPath, groupPath } from '../paths';
import { GroupForm } from '../components/GroupForm';
import { BooksPanel } from '../components/BooksPanel';
import { StateBadge } from '../components/Badges';
import { useBranches, useStaff } from '../components/useHostLists';

/**
 * `/clase/guiada/list` — the groups by name (`GET clase/guiadagrupo/list`): the finder (name or
 * description, from 2 characters), the licence, branch (with more than one) and state filters,
 * "Viendo x a y de z"; each with its branch, teacher, classes given and the next one. Beside it,
 * "Nuevo grupo" (`clase/guiadagrupo/create`, then the group's page), and below the digital books.
 */
export default function GroupsPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => guidedApi(client), [client]);
  const toast = useToast();
  const navigate = useNavigate();
  const [licence, setLicence] = useState('');
  const [branch, setBranch] = useState('');
  const [state, setState] = useState('');
  const books = useLoad(api.books.list);
  const branches = useBranches(api);
  const { staff } = useStaff(api);
  usePageLayout({ title: t('title'), breadcrumbs: [{ label: t('title') }] });

  const load = useCallback(
    (q: ListQuery) => api.groups.list({ search: q.search, licence, branch_id: branch, state, page: q.page, per_page: q.perPage }),
    [api, licence, branch, state],
  );

  const columns: Column<GroupRow>[] = [
    {
      key: 'name',
      header: t('groups.columns.name'),
      render: (g) => (
        <span className="guided-inline">
          <Link to={groupPath(g.id)} data-testid="group-name">
            {g.name}
          </Link>
          <StateBadge state={g.state} />
        </span>
      ),
    },
    { key: 'licence', header: t('groups.columns.licence'), className: 'guided-nowrap', render: (g) => g.licence },
    ...(branches.length > 0 ? [{ key: 'branch', header: t('groups.columns.branch'), render: (g: GroupRow) => g.branch || t('none') }] : []),
    { key: 'teacher', header: t('groups.columns.teacher'), render: (g) => g.teacher || t('groups.noTeacher') },
    {
      key: 'progress',
      header: t('groups.columns.progress'),
      className: 'guided-nowrap',
      render: (g) => <span data-testid="group-progress">{t('groups.progress', { given: g.given, total: g.classes })}</span>,
    },
    {
      key: 'next',
      header: t('groups.columns.next'),
      render: (g) => {
        if (g.next) {
          const at = when(g.next.scheduled_on, g.next.starts_at);
          return (
            <Link to={classPath(g.next.id, g.id)} data-testid="group-next">
              {at ? t('groups.nextAt', { title: g.next.title, when: at }) : g.next.title}
            </Link>
          );
        }
        return <span className="muted">{g.classes > 0 ? t('groups.allGiven') : t('groups.noClasses')}</span>;
      },
    },
    { key: 'period', header: t('groups.columns.period'), className: 'guided-nowrap', render: (g) => period(g.starts_on, g.ends_on) || t('none') },
  ];

  return (
    <div className="guided-page" data-testid="groups">
      <div className="guided-layout guided-layout--side">
        <FilteredList<GroupRow>
          label={t('groups.table')}
          columns={columns}
          rowKey={(g) => g.id}
          load={load}
          filtersKey={JSON.stringify({ licence, branch, state })}
          searchPlaceholder={t('groups.search')}
          empty={t('groups.empty')}
          filters={
            <>
              <span data-testid="groups-licence">
                <FilterSelect label={t('fields.licence')} value={licence} options={[{ value: '', label: t('groups.allLicences') }, ...LICENCES.map((l) => ({ value: l, label: t('licenceNamed', { licence: l }) }))]} onChange={setLicence} />
              </span>
              {branches.length > 0 && (
                <span data-testid="groups-branch">
                  <FilterSelect label={t('fields.branch')} value={branch} options={[{ value: '', label: t('groups.allBranches') }, ...branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))]} onChange={setBranch} />
                </span>
              )}
              <span data-testid="groups-state">
                <FilterSelect label={t('fields.state')} value={state} options={GROUP_STATE_FILTERS.map((s) => ({ value: s, label: t(`groups.states.${s || 'all'}`) }))} onChange={setState} />
              </span>
            </>
          }
        />
        <section className="card" aria-labelledby="guided-new-group-title" data-testid="new-group">
          <h2 id="guided-new-group-title" className="card__title">
            {t('groups.new.title')}
          </h2>
          <GroupForm
            group={null}
            books={books.data}
            booksFailed={books.failed}
            branches={branches}
            staff={staff}
            label={t('groups.new.title')}
            submitLabel={t('groups.new.submit')}
            testId="group-new-form"
            onSubmit={async (body) => {
              const { description, ...rest } = body;
              const created = await api.groups.create({ ...withoutNulls(rest), ...(description ? { description } : {}), name: body.name, licence: body.licence });
              toast.success(t('groups.new.done', { name: created.name }));
              navigate(groupPath(created.id));
            }}
          />
        </section>
      </div>
      <BooksPanel books={books} />
    </div>
  );
}
