import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog, FilterSelect, FilteredList, useApi, usePageLayout, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { formativeApi, type ContentRow } from '../api';
import { STATE_FILTERS, STATUS_FILTERS } from '../lists';
import { contentPath } from '../paths';
import { StateBadge, StatusBadge } from '../components/Badges';
import { ContentForm } from '../components/ContentForm';
import { useSyllabusName } from '../components/useSyllabusName';

/**
 * `/formative/content/list` — the business's formative contents (`GET formative/content/read`,
 * `formative.content`): a search (name, description or category), "Estado" (developing, published) and
 * "Situación"; name (opens the content), category, hours, days of access, how many syllabi and
 * students, and its status. "Nuevo contenido" (a dialog: `formative/content/create`, then the new
 * content's page).
 */
export default function ContentListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => formativeApi(client), [client]);
  const toast = useToast();
  const navigate = useNavigate();
  const nameOf = useSyllabusName();
  const [status, setStatus] = useState('');
  const [state, setState] = useState('');
  const [creating, setCreating] = useState(false);
  const title = t('list.title');
  // the list is the module's page: its title is the module's, said once
  usePageLayout({ title, breadcrumbs: [{ label: title }] });

  const load = useCallback((q: ListQuery) => api.contents.list({ search: q.search, status, state, page: q.page, per_page: q.perPage }), [api, status, state]);

  const columns: Column<ContentRow>[] = [
    {
      key: 'name',
      header: t('list.columns.name'),
      render: (c) => (
        <span className="formative-inline">
          <Link to={contentPath(c.id)} data-testid="content-name">
            {c.name}
          </Link>
          <StateBadge state={c.state} />
        </span>
      ),
    },
    { key: 'category', header: t('list.columns.category'), render: (c) => c.category || t('none') },
    { key: 'hours', header: t('list.columns.hours'), className: 'formative-num', render: (c) => t('hours', { count: c.hours ?? 0 }) },
    { key: 'access_days', header: t('list.columns.access_days'), className: 'formative-num', render: (c) => t('days', { count: c.access_days }) },
    { key: 'syllabi', header: t('list.columns.syllabi'), className: 'formative-num', render: (c) => c.syllabi },
    { key: 'students', header: t('list.columns.students'), className: 'formative-num', render: (c) => c.students },
    { key: 'status', header: t('list.columns.status'), render: (c) => <StatusBadge status={c.status} /> },
  ];

  return (
    <div className="formative-page" data-testid="content-list">
      <FilteredList<ContentRow>
        label={t('list.table')}
        columns={columns}
        rowKey={(c) => c.id}
        load={load}
        filtersKey={JSON.stringify({ status, state })}
        searchPlaceholder={t('list.search')}
        empty={t('list.empty')}
        filters={
          <>
            <FilterSelect label={t('list.filters.status')} value={status} options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`list.filters.statuses.${s || 'any'}`) }))} onChange={setStatus} />
            <FilterSelect label={t('list.filters.state')} value={state} options={STATE_FILTERS.map((s) => ({ value: s, label: t(`list.filters.states.${s || 'live'}`) }))} onChange={setState} />
          </>
        }
        actions={
          <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
            {t('list.new')}
          </button>
        }
      />
      {creating && (
        <Dialog title={t('contents.create.title')} onClose={() => setCreating(false)} wide testId="content-create">
          <ContentForm
            api={api}
            content={null}
            nameOf={nameOf}
            label={t('contents.create.title')}
            submitLabel={t('contents.create.submit')}
            onSubmit={async (body) => {
              const created = await api.contents.create(body);
              toast.success(t('contents.create.created', { name: created.name }));
              setCreating(false);
              navigate(contentPath(created.id));
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setCreating(false)}>
                {t('cancel')}
              </button>
            }
          />
        </Dialog>
      )}
    </div>
  );
}
