import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_PER_PAGE, type ListPage, type ListQuery } from './page';

export interface UseListQueryOptions<T> {
  load(query: ListQuery): Promise<ListPage<T>>;
  perPage?: number;
  initialSearch?: string;
}

export interface ListState<T> {
  query: ListQuery;
  page: ListPage<T> | null;
  loading: boolean;
  error: unknown;
  /** A new search starts again at page 1. */
  setSearch(search: string): void;
  setPage(page: number): void;
  reload(): void;
}

/** A list's search, page and the answer to the latest query (older answers are dropped). */
export function useListQuery<T>({ load, perPage = DEFAULT_PER_PAGE, initialSearch = '' }: UseListQueryOptions<T>): ListState<T> {
  const [query, setQuery] = useState<ListQuery>({ search: initialSearch, page: 1, perPage });
  const [version, setVersion] = useState(0);
  const [page, setPageData] = useState<ListPage<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    let live = true;
    setLoading(true);
    loader.current(query).then(
      (answer) => {
        if (!live) return;
        setPageData(answer);
        setError(null);
        setLoading(false);
      },
      (failure) => {
        if (!live) return;
        setError(failure ?? new Error('list failed'));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [query, version]);

  const setSearch = useCallback((search: string) => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), []);
  const setPage = useCallback((n: number) => setQuery((q) => (q.page === n ? q : { ...q, page: n })), []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { query, page, loading, error, setSearch, setPage, reload };
}
