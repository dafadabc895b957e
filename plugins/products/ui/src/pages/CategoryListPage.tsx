import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, PageState, changedFields, useApi, usePageLayout, useRecord, useToast, withoutNulls, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { productsApi, type Category } from '../api';
import { CATEGORY_STATUSES } from '../lists';
import { categoryListPath, categoryViewPath } from '../paths';
import { useCategoryActions } from '../actions';
import { CategoryForm } from '../components/CategoryForm';
import { ActionErrors } from '../components/ActionErrors';
import { CategoryStatusBadge, StateBadge } from '../components/Badges';

/**
 * `/product/category/list/:category_id` — the categories (`GET product/category/read`) by name:
 * search and status ("Pública" / "Privada"); name (a link to its view), status, how many
 * products it has and state. "Nueva categoría" opens the form above the list; "Editar" opens
 * the category's (its id in the address); "Activar"/"Desactivar" (`product/category/state`);
 * "Eliminar" asks first (its products stay, without it).
 */
export default function CategoryListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => productsApi(client), [client]);
  const navigate = useNavigate();
  const toast = useToast();
  const actions = useCategoryActions(api);
  const raw = useParams().category_id ?? '';
  const editing = /^\d+$/.test(raw) ? Number(raw) : 0;
  const edited = useRecord<Category>(editing, api.categories.read);
  const [status, setStatus] = useState('');
  const [creating, setCreating] = useState(false);
  // bumped after a write: the list is read again
  const [version, setVersion] = useState(0);
  const title = t('categories.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback((q: ListQuery) => api.categories.list({ search: q.search, page: q.page, per_page: q.perPage, status }), [api, status]);
  const changed = () => setVersion((v) => v + 1);
  const closeEdit = () => navigate(categoryListPath(0));

  async function toggle(category: Category) {
    if (await actions.toggle(category)) changed();
  }

  async function remove(category: Category) {
    if (!(await actions.remove(category))) return;
    if (category.id === editing) closeEdit();
    changed();
  }

  const columns: Column<Category>[] = [
    {
      key: 'name',
      header: t('categories.columns.name'),
      render: (c) => (
        <Link to={categoryViewPath(c.id)} data-testid="category-name">
          {c.name}
        </Link>
      ),
    },
    { key: 'status', header: t('categories.columns.status'), render: (c) => <CategoryStatusBadge status={c.status} /> },
    { key: 'products', header: t('categories.columns.products'), className: 'products-num', render: (c) => <span data-testid="category-products">{c.products}</span> },
    { key: 'state', header: t('categories.columns.state'), render: (c) => <StateBadge state={c.state} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (c) => (
        <span className="products-row-actions">
          <Link className="vk-btn vk-btn--light" to={categoryListPath(c.id)} aria-label={t('categories.edit.named', { name: c.name })}>
            {t('categories.edit.action')}
          </Link>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t(c.state === 'active' ? 'categories.state.deactivateNamed' : 'categories.state.activateNamed', { name: c.name })} onClick={() => void toggle(c)}>
            {t(c.state === 'active' ? 'categories.state.deactivate' : 'categories.state.activate')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('categories.delete.named', { name: c.name })} onClick={() => void remove(c)}>
            {t('categories.delete.action')}
          </button>
        </span>
      ),
    },
  ];

  const cancel = (onClick: () => void) => (
    <button type="button" className="vk-btn vk-btn--light" onClick={onClick}>
      {t('cancel')}
    </button>
  );

  return (
    <div className="products-page" data-testid="category-list">
      {creating && (
        <section className="card" aria-labelledby="products-category-create-title" data-testid="category-create">
          <h2 id="products-category-create-title" className="card__title">
            {t('categories.create.title')}
          </h2>
          <CategoryForm
            category={null}
            label={t('categories.create.title')}
            submitLabel={t('categories.create.submit')}
            onSubmit={async (body) => {
              const created = await api.categories.create(withoutNulls(body));
              toast.success(t('categories.create.created', { name: created.name }));
              setCreating(false);
              changed();
            }}
            extra={cancel(() => setCreating(false))}
          />
        </section>
      )}
      {editing > 0 && (
        <section className="card" aria-labelledby="products-category-edit-title" data-testid="category-edit">
          {edited.record ? (
            <>
              <h2 id="products-category-edit-title" className="card__title">
                {t('categories.edit.title', { name: edited.record.name })}
              </h2>
              <CategoryForm
                key={edited.formKey}
                category={edited.record}
                label={t('categories.edit.title', { name: edited.record.name })}
                submitLabel={t('save')}
                disabled={edited.record.state === 'deleted'}
                onSubmit={async (body) => {
                  const category = edited.record!;
                  const fields = changedFields(body, category);
                  if (Object.keys(fields).length === 0) {
                    toast.info(t('noChanges'));
                    return;
                  }
                  await api.categories.update(category.id, fields);
                  toast.success(t('categories.edit.saved', { name: body.name }));
                  closeEdit();
                  changed();
                }}
                extra={cancel(closeEdit)}
              />
            </>
          ) : (
            <PageState error={edited.failed} onRetry={edited.failed !== null ? edited.load : undefined} />
          )}
        </section>
      )}
      <ActionErrors errors={actions.errors} testId="category-action-errors" />
      <FilteredList<Category>
        label={title}
        columns={columns}
        rowKey={(c) => c.id}
        load={load}
        filtersKey={JSON.stringify({ status, version })}
        searchPlaceholder={t('categories.search')}
        empty={t('categories.empty')}
        filters={
          <FilterSelect
            label={t('categories.filters.status')}
            value={status}
            options={[{ value: '', label: t('categories.filters.allStatuses') }, ...CATEGORY_STATUSES.map((s) => ({ value: s, label: t(`categoryStatus.${s}`) }))]}
            onChange={setStatus}
          />
        }
        actions={
          !creating && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
              {t('categories.new')}
            </button>
          )
        }
      />
    </div>
  );
}
