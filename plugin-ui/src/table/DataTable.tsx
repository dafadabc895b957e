import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** The cell; default: the row's `key` property as text. */
  render?(row: T): ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  /** The table's accessible name. */
  label: string;
  loading?: boolean;
  empty?: ReactNode;
}

/** A plain, accessible table: header row, one row per item, an "empty" row, busy while loading. */
export function DataTable<T>({ columns, rows, rowKey, label, loading = false, empty }: DataTableProps<T>) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div className="vk-table-wrap">
      <table className="vk-table" aria-label={label} aria-busy={loading}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="vk-table__empty">
              <td colSpan={columns.length}>{loading ? t('table.loading') : (empty ?? t('table.empty'))}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.className}>
                    {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
