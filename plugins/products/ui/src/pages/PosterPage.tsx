import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, PageState, errorList, fieldId, hasErrorCode, useApi, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { productsApi, type PosterData } from '../api';
import { posterEditorPath, posterProductPath, productListPath } from '../paths';
import { PosterEditor } from '../components/PosterEditor';

/**
 * `/marketing/poster/editor` and `/marketing/poster/product/:id` — "Carteles": a product on sale
 * is chosen (`GET marketing/poster/data` → `products`; choosing one opens its address), then its
 * poster is made below (`GET marketing/poster/data?product_id=`, `components/PosterEditor.tsx`).
 * A product that is not on sale (`CONFLICT-000`) or not found shows the host's reason with a link
 * back to the chooser.
 */
export default function PosterPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => productsApi(client), [client]);
  const raw = useParams().id;
  // null: the chooser alone; -1: an address that names no product
  const chosen = raw === undefined ? null : /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : -1;
  const navigate = useNavigate();
  const chooserId = useId();
  const [data, setData] = useState<PosterData | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (chosen === -1) return;
    let live = true;
    setData(null);
    setFailure(null);
    api.posters.data(chosen ?? undefined).then(
      (answer) => live && setData(answer),
      (refused) => live && setFailure(refused ?? new Error('read failed')),
    );
    return () => {
      live = false;
    };
  }, [api, chosen, version]);

  const product = chosen !== null ? data?.product : null;
  const title = product ? t('poster.titleNamed', { name: product.name }) : t('poster.title');
  usePageLayout({ title, breadcrumbs: chosen === null ? [{ label: t('poster.title') }] : [{ label: t('poster.title'), to: posterEditorPath() }, { label: product?.name ?? title }] });

  const back = (
    <Link className="vk-btn vk-btn--light" to={posterEditorPath()}>
      {t('poster.chooser.back')}
    </Link>
  );
  if (chosen === -1) {
    return (
      <div className="products-page" data-testid="poster-page">
        <PageState error={t('poster.notFound')} />
        <p>{back}</p>
      </div>
    );
  }
  // the product is not on sale (hidden, discontinued, inactive), or not there
  if (hasErrorCode(failure, 'CONFLICT-000', 'NOT-FOUND-000')) {
    return (
      <div className="products-page" data-testid="poster-page">
        <div className="vk-alert vk-alert--danger" role="alert" data-testid="poster-refused">
          <p>{errorList(failure)[0]?.details || t('poster.notFound')}</p>
          {back}
        </div>
      </div>
    );
  }
  if (!data) return <PageState error={failure ? (errorList(failure)[0]?.details ?? '') : null} onRetry={() => setVersion((v) => v + 1)} />;

  return (
    <div className="products-page" data-testid="poster-page">
      <section className="card" aria-labelledby="products-poster-chooser-title" data-testid="poster-chooser">
        <h2 id="products-poster-chooser-title" className="card__title">
          {t('poster.chooser.title')}
        </h2>
        {data.products.length === 0 ? (
          <p className="products-actions" data-testid="poster-no-products">
            <span className="muted">{t('poster.chooser.none')}</span>
            <Link to={productListPath()}>{t('poster.chooser.products')}</Link>
          </p>
        ) : (
          <Field form={chooserId} field="product" label={t('poster.chooser.label')} hint={t('poster.chooser.hint')} className="products-poster-chooser">
            <select
              className="vk-input"
              id={fieldId(chooserId, 'product')}
              value={product ? String(product.id) : ''}
              onChange={(ev) => {
                if (ev.target.value) navigate(posterProductPath(Number(ev.target.value)));
              }}
            >
              {!product && <option value="">{t('poster.chooser.empty')}</option>}
              {data.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {t('poster.chooser.option', { name: p.name, reference: p.reference })}
                </option>
              ))}
            </select>
          </Field>
        )}
      </section>
      {product && <PosterEditor key={product.id} api={api} data={data} product={product} />}
    </div>
  );
}
