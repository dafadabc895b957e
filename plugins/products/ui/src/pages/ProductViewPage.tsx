import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, changedFields, formatEuros, useApi, useLoad, usePageLayout, useRecord, useToast, withoutNulls } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { productsApi, type ProductDetail } from '../api';
import { rateText } from '../format';
import { posterProductPath, productListPath, productViewPath } from '../paths';
import { ON_SALE_STATUSES } from '../lists';
import { useProductActions } from '../actions';
import { ProductForm } from '../components/ProductForm';
import { sentProcess, type Tab } from '../components/productDraft';
import { ProcessRuns } from '../components/ProcessRuns';
import { ClonePricing } from '../components/ClonePricing';
import { ActionErrors } from '../components/ActionErrors';
import { PackBadge, ProductStatusBadge, StateBadge } from '../components/Badges';

/**
 * `/product/view/:product_id/:pack` — a product or a pack (`GET product/read/{id}`), or a new
 * one (0; `pack` 1 for a pack): the tabbed form (`create`, or `update` with only what changed),
 * the price, tax and total the host worked out, the packs that hold it, "Copiar precio a otros
 * productos", "Activar"/"Desactivar" and "Eliminar" (asked first), "Hacer un cartel" while it
 * is on sale (active, published or featured: the marketing poster), and what its automatic
 * processes did ("Procesos ejecutados"). A deleted one is read only.
 */
export default function ProductViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => productsApi(client), [client]);
  const params = useParams();
  const raw = params.product_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const packParam = params.pack === '1';
  const navigate = useNavigate();
  const toast = useToast();
  const actions = useProductActions(api);
  const { record: product, show, failed, formKey, load } = useRecord<ProductDetail>(Math.max(id, 0), api.products.read);
  const taxes = useLoad(api.products.taxes);
  const categories = useLoad(api.categories.all);
  const [cloning, setCloning] = useState(false);
  const [tab, setTab] = useState<Tab>('general');
  const isNew = id === 0;
  // a stored product is a pack or not whatever the address says
  const isPack = product ? product.is_pack : packParam;
  const title = isNew ? t(isPack ? 'view.newPack' : 'view.newProduct') : (product?.name ?? t('view.fallback'));
  usePageLayout({ title, breadcrumbs: [{ label: t('products.title'), to: productListPath() }, { label: title }] });

  if (id < 0) return <PageState error={t('view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (taxes.failed !== null) return <PageState error={taxes.failed} onRetry={taxes.reload} />;
  if (!taxes.data || (!isNew && !product)) return <PageState error={null} />;

  if (isNew) {
    return (
      <div className="products-page" data-testid="product-view">
        <section className="card" aria-labelledby="products-new-title">
          <h2 id="products-new-title" className="card__title">
            {title}
          </h2>
          <ProductForm
            product={null}
            isPack={isPack}
            taxes={taxes.data}
            categories={categories.data}
            categoriesFailed={categories.failed !== null}
            api={api}
            label={title}
            submitLabel={t(isPack ? 'view.createPack' : 'view.createProduct')}
            onSubmit={async (body) => {
              const created = await api.products.create({ ...withoutNulls(body), is_pack: isPack });
              toast.success(t(isPack ? 'view.packCreated' : 'view.productCreated', { name: created.name }));
              navigate(productViewPath(created.id, created.is_pack), { replace: true });
            }}
            extra={
              <Link className="vk-btn vk-btn--light" to={productListPath()}>
                {t('cancel')}
              </Link>
            }
          />
        </section>
      </div>
    );
  }
  if (!product) return <PageState error={null} />;

  const deleted = product.state === 'deleted';
  // what the shop sells (plugin `product::storefront`): only that may have a poster
  const onSale = product.state === 'active' && ON_SALE_STATUSES.includes(product.status);

  async function remove() {
    if (!product) return;
    if (await actions.remove(product)) navigate(productListPath());
  }

  async function toggle() {
    if (!product) return;
    const answer = await actions.toggle(product);
    // the form keeps what is being typed
    if (answer) show(answer, { redraw: false });
  }

  return (
    <div className="products-page" data-testid="product-view">
      <section className="card products-head" data-testid="product-head">
        <div>
          <h2 className="products-head__name" data-testid="product-title">
            {product.name}
          </h2>
          <p className="muted" data-testid="product-reference">
            {t('view.reference', { reference: product.reference })}
          </p>
          <p className="products-badges">
            {product.is_pack && <PackBadge />}
            <ProductStatusBadge status={product.status} />
            <StateBadge state={product.state} />
          </p>
        </div>
        <dl className="products-facts">
          <dt>{t('fields.price')}</dt>
          <dd data-testid="product-price">{formatEuros(product.price)}</dd>
          <dt>{t('fields.tax')}</dt>
          <dd data-testid="product-tax">{product.tax_name || rateText(product.tax_rate)}</dd>
          <dt>{t('fields.total')}</dt>
          <dd data-testid="product-total">{formatEuros(product.total)}</dd>
        </dl>
        <div className="products-actions">
          <Link className="vk-btn vk-btn--light" to={productListPath()}>
            {t('back')}
          </Link>
          {!deleted && (
            <>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setCloning((c) => !c)} aria-expanded={cloning}>
                {t('clone.action')}
              </button>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void toggle()}>
                {t(product.state === 'active' ? 'products.state.deactivate' : 'products.state.activate')}
              </button>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
                {t('products.delete.action')}
              </button>
            </>
          )}
          {onSale && (
            <Link className="vk-btn vk-btn--light" to={posterProductPath(product.id)}>
              {t('poster.make')}
            </Link>
          )}
        </div>
        {product.packs.length > 0 && (
          <div className="products-packs" data-testid="product-packs">
            <span className="muted">{t('view.inPacks', { count: product.packs.length })}</span>{' '}
            {product.packs.map((p, i) => (
              <span key={p.id}>
                {i > 0 && ', '}
                <Link to={productViewPath(p.id, true)}>{p.name}</Link>
              </span>
            ))}
          </div>
        )}
        <ActionErrors errors={actions.errors} testId="product-action-errors" />
      </section>
      {cloning && !deleted && (
        <ClonePricing
          api={api}
          product={product}
          onCancel={() => setCloning(false)}
          onDone={() => {
            setCloning(false);
          }}
        />
      )}
      {deleted && (
        <p className="vk-alert vk-alert--info" role="status">
          {t('view.deletedNotice')}
        </p>
      )}
      <section className="card" aria-labelledby="products-edit-title">
        <h2 id="products-edit-title" className="card__title">
          {t(product.is_pack ? 'view.packData' : 'view.productData')}
        </h2>
        <ProductForm
          key={formKey}
          product={product}
          isPack={product.is_pack}
          taxes={taxes.data}
          categories={categories.data}
          categoriesFailed={categories.failed !== null}
          api={api}
          label={t(product.is_pack ? 'view.packData' : 'view.productData')}
          submitLabel={t('save')}
          disabled={deleted}
          tab={tab}
          onTab={setTab}
          onSubmit={async (body) => {
            // the stored processes keep the kind's other fields empty: compared as they are sent
            const changed = changedFields(body, { ...product, processes: (product.processes ?? []).map(sentProcess) });
            if (Object.keys(changed).length === 0) {
              toast.info(t('noChanges'));
              return;
            }
            show(await api.products.update(product.id, changed));
            toast.success(t(product.is_pack ? 'view.packSaved' : 'view.productSaved', { name: body.name }));
          }}
        />
      </section>
      <ProcessRuns key={product.id} api={api} productId={product.id} readOnly={deleted} />
    </div>
  );
}
