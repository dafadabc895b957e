/** The paginator's range: 'Viendo {from} a {to} de {total}' (pages are 1-based). */
export interface PageRange {
  from: number;
  to: number;
  total: number;
}

export function pageRange(page: number, pageSize: number, total: number): PageRange {
  if (total <= 0 || pageSize <= 0) return { from: 0, to: 0, total: Math.max(0, total) };
  const pages = pageCount(pageSize, total);
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize), total };
}

export function pageCount(pageSize: number, total: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** Page numbers to show around the current one, at most `width` of them. */
export function visiblePages(page: number, pages: number, width = 5): number[] {
  const count = Math.min(width, pages);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
