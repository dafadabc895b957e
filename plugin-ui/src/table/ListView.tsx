import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList } from '../api/errors';
import { SearchInput } from '../search/SearchInput';
import { Paginator } from '../paginator/Paginator';
import { DataTable, type Column } from './DataTable';
import { useListQuery } from './useListQuery';
import type { ListPage, ListQuery } from './page';

export interface ListViewProps<T> {
  columns: Column<T>[];
  rowKey(row: T): string | number;
  /** The table's accessible name. */
  label: string;
  load(query: ListQuery): Promise<ListPage<T>>;
  perPage?: number;
  /** Buttons beside the search box (e.g. "new"). */
  actions?: ReactNode;
  searchPlaceholder?: string;
  /** Wait after the last key before searching while typing (Enter does not wait). */
  debounceMs?: number;
  empty?: ReactNode;
  /** Bump to load again (after a change made elsewhere on the page). */
  reloadKey?: unknown;
}

/**
 * The generic list: search (trimmed, from 2 characters, while typing and on Enter, cleared when
 * emptied), the table and the paginator "Viendo x a y de z".
 */
export function ListView<T>({ columns, rowKey, label, load, perPage, actions, searchPlaceholder, debounceMs, empty, reloadKey }: ListViewProps<T>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const list = useListQuery<T>({ load, perPage });
  useReload(reloadKey, list.reload);
  const page = list.page;
  const errors = list.error ? errorList(list.error) : [];
  return (
    <section className="vk-list card">
      <div className="vk-list__toolbar">
        <SearchInput onSearch={list.setSearch} placeholder={searchPlaceholder} debounceMs={debounceMs} />
        {actions && <div className="vk-list__actions">{actions}</div>}
      </div>
      {errors.length > 0 && (
        <div className="vk-alert vk-alert--danger" role="alert">
          <span>{errors[0]?.details || t('table.error')}</span>{' '}
          <button type="button" className="vk-btn vk-btn--light" onClick={list.reload}>
            {t('table.retry')}
          </button>
        </div>
      )}
      <DataTable columns={columns} rows={page?.items ?? []} rowKey={rowKey} label={label} loading={list.loading} empty={empty} />
      <Paginator page={page?.page ?? list.query.page} pageSize={page?.per_page ?? list.query.perPage} total={page?.total ?? 0} onPageChange={list.setPage} />
    </section>
  );
}


function useReload(key: unknown, reload: () => void) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
