import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList } from '../api/errors';
import { SearchInput } from './SearchInput';

export interface SearchPickerProps<T> {
  /** The items matching a search (trimmed, 2+ characters): a finder call of the host. */
  find(search: string): Promise<T[]>;
  itemKey(item: T): string | number;
  /** The item's name: its text, and the "Elegir …" button's accessible name. */
  itemLabel(item: T): string;
  /** A detail after the name (a tax code, a reference, a folder). */
  itemDetail?(item: T): string | null | undefined;
  onChoose(item: T): void;
  /** Items shown but not to be chosen again ("Ya elegido"): those already on the list. */
  taken?(item: T): boolean;
  disabled?: boolean;
  placeholder?: string;
  /** The group's accessible name (several pickers on one page). */
  label?: string;
  testId?: string;
  debounceMs?: number;
}

/**
 * Choosing one record with a search (a contact, a product, a file): the kit's search box, the
 * results of the latest search (an older answer arriving late is dropped), each with "Elegir",
 * "No se ha encontrado nada", or the host's reason when the search fails. The results close once
 * one is chosen.
 */
export function SearchPicker<T>({ find, itemKey, itemLabel, itemDetail, onChoose, taken, disabled = false, placeholder, label, testId = 'search-picker', debounceMs }: SearchPickerProps<T>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [results, setResults] = useState<T[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const asked = useRef(0);

  async function search(text: string) {
    const mine = ++asked.current;
    setFailed(null);
    if (!text) {
      setResults(null);
      return;
    }
    try {
      const found = await find(text);
      if (mine === asked.current) setResults(found);
    } catch (failure) {
      if (mine !== asked.current) return;
      setResults(null);
      setFailed(errorList(failure)[0]?.details || t('picker.error'));
    }
  }

  return (
    <div className="vk-picker" role="group" aria-label={label} data-testid={testId}>
      <SearchInput onSearch={(text) => void search(text)} placeholder={placeholder} debounceMs={debounceMs} />
      {failed && (
        <p className="vk-error" role="alert">
          {failed}
        </p>
      )}
      {results && results.length === 0 && <p className="muted">{t('picker.none')}</p>}
      {results && results.length > 0 && (
        <ul className="vk-picker__results" aria-label={t('picker.results')}>
          {results.map((item) => {
            const name = itemLabel(item);
            const detail = itemDetail?.(item);
            const already = taken?.(item) ?? false;
            return (
              <li key={itemKey(item)}>
                <span>
                  {name}
                  {detail && <span className="muted"> · {detail}</span>}
                  {already && <span className="muted"> · {t('picker.taken')}</span>}
                </span>
                <button
                  type="button"
                  className="vk-btn vk-btn--light"
                  aria-label={t('picker.chooseNamed', { name })}
                  disabled={disabled || already}
                  onClick={() => {
                    onChoose(item);
                    setResults(null);
                  }}
                >
                  {t('picker.choose')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
