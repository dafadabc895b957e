import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorList, SearchPicker, UI_NAMESPACE, formatEuros, indexedFieldErrors, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Product, ProductDetail, ProductsApi } from '../api';
import { rateText } from '../format';
import { ChosenList } from './ChosenList';

type Target = Pick<Product, 'id' | 'name' | 'reference'>;

/**
 * "Copiar precio a otros productos" (`POST product/pricing/clone {id, target_ids}`): the
 * product's stored price, tax, whether the shop shows the price and cost go to the products
 * chosen (found by name; packs are not offered, they take their price from their lines). Asked
 * first; a refused target (`target_ids[i]`) is named in the errors.
 */
export function ClonePricing({ api, product, onDone, onCancel }: { api: ProductsApi; product: ProductDetail; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [targets, setTargets] = useState<Target[]>([]);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function copy() {
    setFailures([]);
    if (targets.length === 0) {
      setFailures([t('clone.noTargets')]);
      return;
    }
    const ok = await confirm({
      title: t('clone.title'),
      message: t('clone.question', { name: product.name, count: targets.length, price: formatEuros(product.price), tax: product.tax_name || rateText(product.tax_rate) }),
      confirmLabel: t('clone.submit'),
    });
    if (!ok) return;
    const sent = targets.map((x) => x.id);
    setBusy(true);
    try {
      const answer = await api.products.clonePricing(product.id, sent);
      toast.success(t('clone.done', { count: answer.updated }));
      onDone();
    } catch (failure) {
      const named = indexedFieldErrors(failure, 'target_ids', (i) => targets.find((x) => x.id === sent[i])?.name);
      setFailures(named.map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card products-section" aria-labelledby="products-clone-title" data-testid="clone-pricing">
      <h2 id="products-clone-title" className="card__title">
        {t('clone.title')}
      </h2>
      <p className="muted">{t('clone.intro', { price: formatEuros(product.price), total: formatEuros(product.total) })}</p>
      <ErrorList messages={failures} testId="clone-errors" />
      <ChosenList<Target>
        items={targets}
        itemKey={(x) => x.id}
        itemLabel={(x) => x.name}
        render={(x) => `${x.name} · ${x.reference}`}
        onRemove={(x) => setTargets((list) => list.filter((y) => y.id !== x.id))}
        empty={t('clone.none')}
        label={t('clone.targets')}
        disabled={busy}
        testId="clone-targets"
      />
      <SearchPicker<Product>
        label={t('clone.search')}
        placeholder={t('clone.search')}
        find={api.products.find}
        itemKey={(p) => p.id}
        itemLabel={(p) => p.name}
        itemDetail={(p) => `${p.reference} · ${formatEuros(p.price)}`}
        taken={(p) => p.id === product.id || targets.some((x) => x.id === p.id)}
        onChoose={(p) => setTargets((list) => [...list, { id: p.id, name: p.name, reference: p.reference }])}
        disabled={busy}
        testId="clone-picker"
      />
      <div className="vk-form__actions">
        <button type="button" className="vk-btn vk-btn--light" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="vk-btn vk-btn--primary" disabled={busy} onClick={() => void copy()}>
          {busy ? ui('form.saving') : t('clone.submit')}
        </button>
      </div>
    </section>
  );
}
