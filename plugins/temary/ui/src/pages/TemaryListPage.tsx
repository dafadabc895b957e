import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, ErrorList, FilterSelect, FilteredList, useApi, usePageLayout, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { temaryApi, type TemaryRow } from '../api';
import { STATE_FILTERS, STATUSES } from '../lists';
import { temaryPath } from '../paths';
import { useTemaryActions } from '../actions';
import { StatusBadge } from '../components/Badges';

/**
 * `/temary/list` — the syllabi (`GET temary/list`) by name: a search, the status ("Desarrollo",
 * "Publicado") and the state; name (a link to it), category, status and how many themes.
 * "Nuevo temario" opens an empty one; "Copiar" makes a copy with everything in it and opens it;
 * "Eliminar" asks first.
 */
export default function TemaryListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => temaryApi(client), [client]);
  const navigate = useNavigate();
  const actions = useTemaryActions(api);
  const [status, setStatus] = useState('');
  const [state, setState] = useState('');
  // bumped after a delete: the list is read again
  const [version, setVersion] = useState(0);
  const title = t('title');
  usePageLayout({ title, breadcrumbs: [{ label: title }] });

  const load = useCallback((q: ListQuery) => api.temaries.list({ search: q.search, status, state, page: q.page, per_page: q.perPage }), [api, status, state]);

  async function copy(temary: TemaryRow) {
    const made = await actions.clone(temary);
    if (made) navigate(temaryPath(made.id));
  }

  async function remove(temary: TemaryRow) {
    if (await actions.remove(temary)) setVersion((v) => v + 1);
  }

  const columns: Column<TemaryRow>[] = [
    {
      key: 'name',
      header: t('temaries.columns.name'),
      render: (row) => (
        <span className="temary-inline">
          <Link to={temaryPath(row.id)} data-testid="temary-name">
            {row.name}
          </Link>
          {row.state === 'deleted' && <DeletedBadge />}
        </span>
      ),
    },
    { key: 'category', header: t('temaries.columns.category'), render: (row) => row.category || t('none') },
    { key: 'status', header: t('temaries.columns.status'), render: (row) => <StatusBadge status={row.status} /> },
    { key: 'themes', header: t('temaries.columns.themes'), className: 'temary-num', render: (row) => <span data-testid="temary-themes">{row.themes}</span> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (row) =>
        row.state !== 'deleted' && (
          <span className="temary-row-actions">
            <button type="button" className="vk-btn vk-btn--light" aria-label={t('clone.named', { name: row.name })} disabled={actions.busy} onClick={() => void copy(row)}>
              {t('clone.action')}
            </button>
            <button type="button" className="vk-btn vk-btn--light" aria-label={t('temaries.delete.named', { name: row.name })} onClick={() => void remove(row)}>
              {t('delete')}
            </button>
          </span>
        ),
    },
  ];

  return (
    <div className="temary-page" data-testid="temary-list">
      <ErrorList messages={actions.errors} testId="temary-action-errors" />
      <FilteredList<TemaryRow>
        label={t('temaries.table')}
        columns={columns}
        rowKey={(row) => row.id}
        load={load}
        filtersKey={JSON.stringify({ status, state, version })}
        searchPlaceholder={t('temaries.search')}
        empty={t('temaries.empty')}
        filters={
          <>
            <FilterSelect
              label={t('temaries.filters.status')}
              value={status}
              options={[{ value: '', label: t('temaries.filters.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
              onChange={setStatus}
            />
            <FilterSelect
              label={t('temaries.filters.state')}
              value={state}
              options={STATE_FILTERS.map((s) => ({ value: s, label: t(`temaries.filters.states.${s || 'live'}`) }))}
              onChange={setState}
            />
          </>
        }
        actions={
          <Link className="vk-btn vk-btn--primary" to={temaryPath(0)}>
            {t('temaries.new')}
          </Link>
        }
      />
    </div>
  );
}
