import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { errorList } from '../api/errors';
import { SearchInput } from '../search/SearchInput';
import { Paginator } from '../paginator/Paginator';
import { DataTable, type Column } from './DataTable';
import { useListQuery } from './useListQuery';
import type { ListPage, ListQuery } from './page';

export interface FilteredListProps<T> {
  columns: Column<T>[];
  rowKey(row: T): string | number;
  /** The table's accessible name. */
  label: string;
  /** A page for the search and page asked, with the filters the page holds. */
  load(query: ListQuery): Promise<ListPage<T>>;
  /** Changes whenever a filter does: the list goes back to page 1, the search stays. */
  filtersKey: string;
  /** Changes when the rows may have changed elsewhere (a realtime push): the same page is read again. */
  refreshKey?: string | number;
  /** The filters' controls, beside the search box. */
  filters?: ReactNode;
  /** Buttons at the end of the toolbar (e.g. "new"). */
  actions?: ReactNode;
  searchPlaceholder?: string;
  empty?: ReactNode;
  debounceMs?: number;
}

/**
 * The kit's list (`ListView`: search trimmed from 2 characters on typing and Enter, cleared when
 * emptied; the table; "Viendo x a y de z") with filters that keep the search when they change.
 * Made of the kit's own parts: `useListQuery`, `SearchInput`, `DataTable`, `Paginator`.
 */
export function FilteredList<T>({ columns, rowKey, label, load, filtersKey, refreshKey, filters, actions, searchPlaceholder, empty, debounceMs }: FilteredListProps<T>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const list = useListQuery<T>({ load });
  const first = useRef(true);
  const refreshed = useRef(refreshKey);
  useEffect(() => {
    if (refreshed.current === refreshKey) return;
    refreshed.current = refreshKey;
    list.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refreshKey]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (list.query.page !== 1) list.setPage(1);
    else list.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersKey]);
  const page = list.page;
  const errors = list.error ? errorList(list.error) : [];
  return (
    <section className="vk-list card">
      <div className="vk-list__toolbar vk-list__toolbar--filters">
        <SearchInput onSearch={list.setSearch} placeholder={searchPlaceholder} debounceMs={debounceMs} />
        {filters && <div className="vk-list__filters">{filters}</div>}
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

/** A filter of a list: a labelled select (the label read by screen readers only). */
export function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange(value: string): void }) {
  return (
    <label className="vk-inline-field">
      <span className="vk-visually-hidden">{label}</span>
      <select className="vk-input" value={value} aria-label={label} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={`o-${o.value}`} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
