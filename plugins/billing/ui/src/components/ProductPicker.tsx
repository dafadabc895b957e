import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput, errorList, formatEuros, useApi } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { billingApi, type CatalogueProduct } from '../api';

export interface ProductPickerProps {
  onChoose(product: CatalogueProduct): void;
  disabled?: boolean;
}

/**
 * Adds a line from the products module's catalogue: the kit's search box (trimmed, from 2
 * characters) over `GET product/read?search=&state=active&per_page=10`; discontinued products are
 * not offered. Each result shows its reference and price without tax; choosing one hands it to the
 * editor and empties the search. Only an answer to the latest search is shown.
 */
export function ProductPicker({ onChoose, disabled }: ProductPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const api = billingApi(useApi());
  const [results, setResults] = useState<CatalogueProduct[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A new search box (emptied) after each choice. */
  const [round, setRound] = useState(0);
  const asked = useRef(0);

  async function search(text: string) {
    const mine = ++asked.current;
    setFailure(null);
    if (!text) {
      setResults(null);
      return;
    }
    try {
      const found = await api.products.find(text);
      if (mine === asked.current) setResults(found.filter((p) => p.status !== 'discontinued'));
    } catch (e) {
      if (mine !== asked.current) return;
      setResults(null);
      setFailure(errorList(e)[0]?.details || t('catalogue.findError'));
    }
  }

  return (
    <fieldset className="vk-field billing-catalogue" data-testid="product-picker">
      <legend className="vk-label">{t('catalogue.title')}</legend>
      <SearchInput key={round} onSearch={(text) => void search(text)} placeholder={t('catalogue.search')} />
      {failure && (
        <p className="vk-error" role="alert">
          {failure}
        </p>
      )}
      {results && results.length === 0 && <p className="muted">{t('catalogue.none')}</p>}
      {results && results.length > 0 && (
        <ul className="billing-catalogue__results" aria-label={t('catalogue.results')}>
          {results.map((p) => (
            <li key={p.id} data-testid="product-result">
              <span>
                {p.name}
                {p.reference && <span className="muted"> · {p.reference}</span>}
                {p.is_pack && <span className="muted"> · {t('catalogue.pack')}</span>}
                <span className="muted"> · {t('catalogue.price', { price: formatEuros(p.price) })}</span>
              </span>
              <button
                type="button"
                className="vk-btn vk-btn--light"
                aria-label={t('catalogue.addNamed', { name: p.name })}
                disabled={disabled}
                onClick={() => {
                  asked.current += 1;
                  onChoose(p);
                  setResults(null);
                  setRound((r) => r + 1);
                }}
              >
                {t('catalogue.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
