import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { SEARCH_MIN_LENGTH } from './search';
import { useSearch, type UseSearchOptions } from './useSearch';

export interface SearchInputProps extends UseSearchOptions {
  placeholder?: string;
  className?: string;
  id?: string;
}

/** A search box: trims, searches from 2 characters while typing and on Enter, clears when emptied. */
export function SearchInput({ placeholder, className, id, ...options }: SearchInputProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const search = useSearch(options);
  const min = options.minLength ?? SEARCH_MIN_LENGTH;
  return (
    <input
      type="search"
      id={id}
      className={className ?? 'vk-input vk-search'}
      value={search.value}
      onChange={search.onChange}
      onKeyDown={search.onKeyDown}
      placeholder={placeholder ?? t('search.placeholder')}
      aria-label={t('search.label')}
      title={t('search.hint', { count: min })}
      autoComplete="off"
    />
  );
}
