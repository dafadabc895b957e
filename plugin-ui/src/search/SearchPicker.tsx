import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList } from '../api/errors';
import { SearchInput } from './SearchInput';

/** A picker's own wording, where the kit's would not do (each one optional). */
export interface SearchPickerTexts {
  /** The results list's accessible name (kit: "Resultados de la búsqueda"). */
  results?: string;
  /** Nothing found (kit: "No se ha encontrado nada"). */
  none?: string;
  /** After an item that cannot be chosen (kit: "ya elegido"). */
  taken?: string;
  /** A failed search the host gave no reason for (kit: "No se ha podido buscar"). */
  error?: string;
  /** The "Elegir" button's accessible name, from the item's name (kit: "Elegir {name}"). */
  chooseNamed?(name: string): string;
}

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
  texts?: SearchPickerTexts;
}

/**
 * Choosing one record with a search (a contact, a product, a file): the kit's search box, the
 * results of the latest search (an older answer arriving late is dropped), each with "Elegir",
 * "No se ha encontrado nada", or the host's reason when the search fails. The results close once
 * one is chosen. `texts` replaces the kit's wording where a plugin has its own.
 */
export function SearchPicker<T>({ find, itemKey, itemLabel, itemDetail, onChoose, taken, disabled = false, placeholder, label, testId = 'search-picker', debounceMs, texts = {} }: SearchPickerProps<T>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const chooseNamed = texts.chooseNamed ?? ((name: string) => t('picker.chooseNamed', { name }));
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
      setFailed(errorList(failure)[0]?.details || (texts.error ?? t('picker.error')));
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
      {results && results.length === 0 && <p className="muted">{texts.none ?? t('picker.none')}</p>}
      {results && results.length > 0 && (
        <ul className="vk-picker__results" aria-label={texts.results ?? t('picker.results')}>
          {results.map((item) => {
            const name = itemLabel(item);
            const detail = itemDetail?.(item);
            const already = taken?.(item) ?? false;
            return (
              <li key={itemKey(item)}>
                <span>
                  {name}
                  {detail && <span className="muted"> · {detail}</span>}
                  {already && <span className="muted"> · {texts.taken ?? t('picker.taken')}</span>}
                </span>
                <button
                  type="button"
                  className="vk-btn vk-btn--light"
                  aria-label={chooseNamed(name)}
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
