import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListView, PageState, changedFields, formatEuros, useApi, usePageLayout, useRecord, useToast, withoutNulls, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { productsApi, type Category, type Product } from '../api';
import { categoryListPath, categoryViewPath, productViewPath } from '../paths';
import { useCategoryActions } from '../actions';
import { CategoryForm } from '../components/CategoryForm';
import { ActionErrors } from '../components/ActionErrors';
import { CategoryStatusBadge, PackBadge, ProductStatusBadge, StateBadge } from '../components/Badges';

/**
 * `/product/category/view/:category_id` — a category (`GET product/category/read?id=`), or a new
 * one (0): its form (`create`, or `update` with only what changed), "Activar"/"Desactivar",
 * "Eliminar" (asked first: its products stay) and its products (`GET product/read?category_id=`).
 * A deleted category is read only.
 */
export default function CategoryViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => productsApi(client), [client]);
  const raw = useParams().category_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const navigate = useNavigate();
  const toast = useToast();
  const actions = useCategoryActions(api);
  const { record: category, show, failed, formKey, load } = useRecord<Category>(Math.max(id, 0), api.categories.read);
  const isNew = id === 0;
  const title = isNew ? t('categories.create.title') : (category?.name ?? t('categories.view.fallback'));
  usePageLayout({ title, breadcrumbs: [{ label: t('categories.title'), to: categoryListPath() }, { label: title }] });
  const products = useCallback((q: ListQuery) => api.products.list({ category_id: Math.max(id, 0), search: q.search, page: q.page, per_page: q.perPage }), [api, id]);

  if (id < 0) return <PageState error={t('categories.view.notFound')} />;
  if (isNew) {
    return (
      <div className="products-page" data-testid="category-view">
        <section className="card" aria-labelledby="products-category-new-title">
          <h2 id="products-category-new-title" className="card__title">
            {title}
          </h2>
          <CategoryForm
            category={null}
            label={title}
            submitLabel={t('categories.create.submit')}
            onSubmit={async (body) => {
              const created = await api.categories.create(withoutNulls(body));
              toast.success(t('categories.create.created', { name: created.name }));
              navigate(categoryViewPath(created.id), { replace: true });
            }}
            extra={
              <Link className="vk-btn vk-btn--light" to={categoryListPath()}>
                {t('cancel')}
              </Link>
            }
          />
        </section>
      </div>
    );
  }
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!category) return <PageState error={null} />;

  const deleted = category.state === 'deleted';

  async function toggle() {
    if (!category) return;
    const answer = await actions.toggle(category);
    if (answer) show(answer, { redraw: false });
  }

  async function remove() {
    if (!category) return;
    if (await actions.remove(category)) navigate(categoryListPath());
  }

  const columns: Column<Product>[] = [
    { key: 'reference', header: t('products.columns.reference'), className: 'products-nowrap' },
    {
      key: 'name',
      header: t('products.columns.name'),
      render: (p) => (
        <span className="products-name">
          <Link to={productViewPath(p.id, p.is_pack)} data-testid="product-name">
            {p.name}
          </Link>
          {p.is_pack && <PackBadge />}
        </span>
      ),
    },
    { key: 'price', header: t('products.columns.price'), className: 'products-num', render: (p) => formatEuros(p.price) },
    { key: 'total', header: t('products.columns.total'), className: 'products-num', render: (p) => formatEuros(p.total) },
    { key: 'status', header: t('products.columns.status'), render: (p) => <ProductStatusBadge status={p.status} /> },
  ];

  return (
    <div className="products-page" data-testid="category-view">
      <section className="card products-head" data-testid="category-head">
        <div>
          <h2 className="products-head__name" data-testid="category-title">
            {category.name}
          </h2>
          <p className="products-badges">
            <CategoryStatusBadge status={category.status} />
            <StateBadge state={category.state} />
          </p>
        </div>
        <dl className="products-facts">
          <dt>{t('categories.columns.products')}</dt>
          <dd data-testid="category-count">{category.products}</dd>
        </dl>
        <div className="products-actions">
          <Link className="vk-btn vk-btn--light" to={categoryListPath()}>
            {t('categories.back')}
          </Link>
          {!deleted && (
            <>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void toggle()}>
                {t(category.state === 'active' ? 'categories.state.deactivate' : 'categories.state.activate')}
              </button>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
                {t('categories.delete.action')}
              </button>
            </>
          )}
        </div>
        <ActionErrors errors={actions.errors} testId="category-action-errors" />
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status">
          {t('categories.view.deletedNotice')}
        </p>
      )}
      <section className="card" aria-labelledby="products-category-edit-title">
        <h2 id="products-category-edit-title" className="card__title">
          {t('categories.view.editTitle')}
        </h2>
        <CategoryForm
          key={formKey}
          category={category}
          label={t('categories.view.editTitle')}
          submitLabel={t('save')}
          disabled={deleted}
          onSubmit={async (body) => {
            const fields = changedFields(body, category);
            if (Object.keys(fields).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            show(await api.categories.update(category.id, fields));
            toast.success(t('categories.edit.saved', { name: body.name }));
          }}
        />
      </section>
      <section className="card products-section" aria-labelledby="products-category-products-title" data-testid="category-products">
        <h2 id="products-category-products-title" className="card__title">
          {t('categories.view.products')}
        </h2>
        <ListView<Product> label={t('categories.view.products')} columns={columns} rowKey={(p) => p.id} load={products} searchPlaceholder={t('products.search')} empty={t('categories.view.noProducts')} />
      </section>
    </div>
  );
}
