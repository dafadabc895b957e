import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatEuros, useApi, useLoad, usePageLayout, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { productsApi, type Product } from '../api';
import { PRODUCT_STATUSES, STATE_FILTERS } from '../lists';
import { productViewPath } from '../paths';
import { useProductActions } from '../actions';
import { ActionErrors } from '../components/ActionErrors';
import { PackBadge, ProductStatusBadge, StateBadge } from '../components/Badges';

/**
 * `/product/list` — the catalogue (`GET product/read`): search, status, category, "Solo packs"
 * and state; reference, name (a link to it), categories, price and total in euros, status and
 * state. "Nuevo producto" and "Nuevo pack" open an empty one; "Eliminar" asks first (invoices
 * that name it keep it) and shows the host's refusal when a pack holds it, with a link to it.
 */
export default function ProductListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => productsApi(client), [client]);
  const actions = useProductActions(api);
  const [status, setStatus] = useState('');
  const [category, setCategory] = useState('');
  const [packs, setPacks] = useState(false);
  const [state, setState] = useState('');
  // bumped after a delete: the list is read again
  const [version, setVersion] = useState(0);
  const categories = useLoad(api.categories.all);
  const title = t('products.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    (q: ListQuery) =>
      api.products.list({ search: q.search, page: q.page, per_page: q.perPage, status, category_id: category ? Number(category) : undefined, is_pack: packs || undefined, state }),
    [api, status, category, packs, state],
  );
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name;

  async function remove(product: Product) {
    if (await actions.remove(product)) setVersion((v) => v + 1);
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
    {
      key: 'categories',
      header: t('products.columns.categories'),
      render: (p) =>
        p.category_ids
          .map(categoryName)
          .filter((name): name is string => !!name)
          .join(', ') || t('none'),
    },
    { key: 'price', header: t('products.columns.price'), className: 'products-num', render: (p) => formatEuros(p.price) },
    { key: 'total', header: t('products.columns.total'), className: 'products-num', render: (p) => formatEuros(p.total) },
    { key: 'status', header: t('products.columns.status'), render: (p) => <ProductStatusBadge status={p.status} /> },
    { key: 'state', header: t('products.columns.state'), render: (p) => <StateBadge state={p.state} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (p) =>
        p.state !== 'deleted' && (
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('products.delete.named', { name: p.name })} onClick={() => void remove(p)}>
            {t('products.delete.action')}
          </button>
        ),
    },
  ];

  return (
    <div className="products-page" data-testid="product-list">
      <ActionErrors errors={actions.errors} testId="product-action-errors" />
      <FilteredList<Product>
        label={title}
        columns={columns}
        rowKey={(p) => p.id}
        load={load}
        filtersKey={JSON.stringify({ status, category, packs, state, version })}
        searchPlaceholder={t('products.search')}
        empty={t('products.empty')}
        filters={
          <>
            <FilterSelect
              label={t('products.filters.status')}
              value={status}
              options={[{ value: '', label: t('products.filters.allStatuses') }, ...PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
              onChange={setStatus}
            />
            <FilterSelect
              label={t('products.filters.category')}
              value={category}
              options={[{ value: '', label: t('products.filters.allCategories') }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
              onChange={setCategory}
            />
            <FilterSelect
              label={t('filters.state')}
              value={state}
              options={STATE_FILTERS.map((s) => ({ value: s, label: t(`filters.states.${s || 'live'}`) }))}
              onChange={setState}
            />
            <label className="vk-check products-toggle">
              <input type="checkbox" checked={packs} onChange={(ev) => setPacks(ev.target.checked)} />
              {t('products.filters.packs')}
            </label>
          </>
        }
        actions={
          <>
            <Link className="vk-btn vk-btn--primary" to={productViewPath(0, false)}>
              {t('products.new')}
            </Link>
            <Link className="vk-btn vk-btn--outline" to={productViewPath(0, true)}>
              {t('products.newPack')}
            </Link>
          </>
        }
      />
    </div>
  );
}
