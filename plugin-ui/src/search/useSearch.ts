import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { SEARCH_MIN_LENGTH, searchQuery } from './search';

export interface UseSearchOptions {
  onSearch(query: string): void;
  minLength?: number;
  /** Wait this long after the last key before searching while typing (Enter searches at once). */
  debounceMs?: number;
  initialValue?: string;
}

/** Searches on typing and on Enter; '' is searched once when the box is emptied. */
export function useSearch({ onSearch, minLength = SEARCH_MIN_LENGTH, debounceMs = 300, initialValue = '' }: UseSearchOptions) {
  const [value, setValue] = useState(initialValue);
  const last = useRef<string>(searchQuery(initialValue, minLength) ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callback = useRef(onSearch);
  // The latest callback, without re-creating the handlers on every render.
  useLayoutEffect(() => {
    callback.current = onSearch;
  });

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);

  const fire = useCallback((query: string) => {
    cancel();
    last.current = query;
    callback.current(query);
  }, []);

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement> | string) => {
      const text = typeof event === 'string' ? event : event.target.value;
      setValue(text);
      const query = searchQuery(text, minLength);
      cancel();
      if (query === null || query === last.current) return;
      if (query === '' || debounceMs <= 0) fire(query);
      else timer.current = setTimeout(() => fire(query), debounceMs);
    },
    [minLength, debounceMs, fire],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      const query = searchQuery(event.currentTarget.value, minLength);
      if (query !== null) fire(query);
    },
    [minLength, fire],
  );

  const clear = useCallback(() => {
    setValue('');
    if (last.current !== '') fire('');
  }, [fire]);

  return { value, onChange, onKeyDown, clear };
}
