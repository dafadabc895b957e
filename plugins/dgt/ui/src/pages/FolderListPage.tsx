import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, FilterSelect, FilteredList, formatDate, useApi, usePageLayout, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { dgtApi, type FolderItem } from '../api';
import { EXAM_KINDS, FOLDER_STATUSES, LICENCES } from '../lists';
import { folderViewPath } from '../paths';
import { useBranches } from '../useBranches';
import { FolderForm } from '../components/FolderForm';
import { FolderStatusBadge } from '../components/Badges';
import { FilterDate } from '../components/FilterDate';

interface Filters {
  status: string;
  exam_kind: string;
  licence: string;
  branch_id: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { status: '', exam_kind: '', licence: '', branch_id: '', from: '', to: '' };

/**
 * `/dgt/folder/list` — the exam folders (`GET dgt/folder/read`): search, status, exam, licence,
 * branch (when the user sees several) and exam dates; reference, name, exam, licence, centre,
 * date, status and students passed of presented. "Nueva carpeta" opens the form above the list,
 * then the new folder's view.
 */
export default function FolderListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => dgtApi(client), [client]);
  const navigate = useNavigate();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const branches = useBranches(api);
  const title = t('folders.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback((q: ListQuery) => api.folders.list({ search: q.search, page: q.page, per_page: q.perPage, ...filters }), [api, filters]);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  const columns: Column<FolderItem>[] = [
    {
      key: 'reference',
      header: t('folders.columns.reference'),
      className: 'dgt-nowrap',
      render: (f) => (
        <Link to={folderViewPath(f.id)} data-testid="folder-reference">
          {f.reference}
        </Link>
      ),
    },
    {
      key: 'name',
      header: t('folders.columns.name'),
      render: (f) => (
        <>
          <Link to={folderViewPath(f.id)}>{f.name}</Link>
          {f.state === 'deleted' && (
            <>
              {' '}
              <DeletedBadge />
            </>
          )}
        </>
      ),
    },
    { key: 'exam_kind', header: t('folders.columns.exam_kind'), render: (f) => t(`examKind.${f.exam_kind}`) },
    { key: 'licence', header: t('folders.columns.licence') },
    { key: 'exam_centre', header: t('folders.columns.exam_centre') },
    { key: 'exam_date', header: t('folders.columns.exam_date'), className: 'dgt-nowrap', render: (f) => formatDate(f.exam_date) },
    { key: 'status', header: t('folders.columns.status'), render: (f) => <FolderStatusBadge status={f.status} /> },
    { key: 'students', header: t('folders.columns.students'), className: 'dgt-num', render: (f) => t('folders.passedOf', { passed: f.passed, students: f.students }) },
  ];

  const all = (key: string) => ({ value: '', label: t(key) });
  return (
    <div className="dgt-page" data-testid="folder-list">
      {creating && (
        <section className="card" aria-labelledby="dgt-folder-create-title" data-testid="folder-create">
          <h2 id="dgt-folder-create-title" className="card__title">
            {t('folders.create.title')}
          </h2>
          <FolderForm
            folder={null}
            branches={branches}
            label={t('folders.create.title')}
            submitLabel={t('folders.create.submit')}
            onSubmit={async (body) => {
              const created = await api.folders.create(body);
              toast.success(t('folders.create.created', { reference: created.reference }));
              navigate(folderViewPath(created.id));
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setCreating(false)}>
                {t('cancel')}
              </button>
            }
          />
        </section>
      )}
      <FilteredList<FolderItem>
        label={title}
        columns={columns}
        rowKey={(f) => f.id}
        load={load}
        filtersKey={JSON.stringify(filters)}
        searchPlaceholder={t('folders.search')}
        empty={t('folders.empty')}
        filters={
          <>
            <FilterSelect
              label={t('folders.filters.status')}
              value={filters.status}
              options={[all('folders.filters.allStatuses'), ...FOLDER_STATUSES.map((s) => ({ value: s, label: t(`folderStatus.${s}`) }))]}
              onChange={(status) => set({ status })}
            />
            <FilterSelect
              label={t('folders.filters.exam_kind')}
              value={filters.exam_kind}
              options={[all('folders.filters.allExamKinds'), ...EXAM_KINDS.map((k) => ({ value: k, label: t(`examKind.${k}`) }))]}
              onChange={(exam_kind) => set({ exam_kind })}
            />
            <FilterSelect
              label={t('folders.filters.licence')}
              value={filters.licence}
              options={[all('folders.filters.allLicences'), ...LICENCES.map((l) => ({ value: l, label: l }))]}
              onChange={(licence) => set({ licence })}
            />
            {branches.length > 0 && (
              <FilterSelect
                label={t('filters.branch')}
                value={filters.branch_id}
                options={[all('filters.allBranches'), ...branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))]}
                onChange={(branch_id) => set({ branch_id })}
              />
            )}
            <FilterDate label={t('folders.filters.from')} value={filters.from} onChange={(from) => set({ from })} />
            <FilterDate label={t('folders.filters.to')} value={filters.to} onChange={(to) => set({ to })} />
          </>
        }
        actions={
          !creating && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
              {t('folders.new')}
            </button>
          )
        }
      />
    </div>
  );
}
