/** A page of a list, as the host's `…/readall` calls answer it ("Viendo from a to de total"). */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
  from?: number;
  to?: number;
}

export interface ListQuery {
  /** Trimmed, 2+ characters, or '' for no search. */
  search: string;
  /** 1-based. */
  page: number;
  perPage: number;
}

export const DEFAULT_PER_PAGE = 25;

/** Lower-case without accents, for searching text the way the host does. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * A page of a list held in memory: every word of the search must appear (accents and case
 * ignored) in the text `haystack` gives for a row.
 */
export function pageLocally<T>(items: T[], query: ListQuery, haystack: (item: T) => string): ListPage<T> {
  const words = fold(query.search).split(/\s+/).filter(Boolean);
  const matching = words.length ? items.filter((item) => words.every((w) => fold(haystack(item)).includes(w))) : items;
  const perPage = Math.max(1, query.perPage);
  const pages = Math.max(1, Math.ceil(matching.length / perPage));
  const page = Math.min(Math.max(1, query.page), pages);
  const start = (page - 1) * perPage;
  const slice = matching.slice(start, start + perPage);
  return { items: slice, total: matching.length, page, per_page: perPage, from: slice.length ? start + 1 : 0, to: start + slice.length };
}
