import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { pageCount, pageRange, visiblePages } from './paginator';

export interface PaginatorProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
}

/** 'Viendo x a y de z' and the page buttons. */
export function Paginator({ page, pageSize, total, onPageChange }: PaginatorProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const range = pageRange(page, pageSize, total);
  const pages = pageCount(pageSize, total);
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav className="vk-paginator" aria-label={t('paginator.label')}>
      <span className="vk-paginator__text" data-testid="paginator-text">
        {t('paginator.showing', { from: range.from, to: range.to, total: range.total })}
      </span>
      <div className="vk-paginator__pages">
        <button type="button" className="vk-page" disabled={current <= 1} onClick={() => onPageChange(current - 1)} aria-label={t('paginator.previous')}>
          ‹
        </button>
        {visiblePages(current, pages).map((n) => (
          <button
            type="button"
            key={n}
            className={n === current ? 'vk-page is-active' : 'vk-page'}
            aria-current={n === current ? 'page' : undefined}
            aria-label={t('paginator.page', { page: n })}
            onClick={() => n !== current && onPageChange(n)}
          >
            {n}
          </button>
        ))}
        <button type="button" className="vk-page" disabled={current >= pages} onClick={() => onPageChange(current + 1)} aria-label={t('paginator.next')}>
          ›
        </button>
      </div>
    </nav>
  );
}
