import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DeletedBadge, FilterSelect, FilteredList, formatDate, useApi, usePageLayout, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { dgtApi, type Book, type BookQuery } from '../api';
import { BOOK_STATUSES } from '../lists';
import { bookViewPath } from '../paths';
import { branchName, useBranches } from '../useBranches';
import { BookForm } from '../components/BookForm';

interface Filters {
  status: '' | 'open' | 'closed';
  branch_id: string;
}

/**
 * `/dgt/book/register/list/:new_book` — the register books (`GET dgt/book/register/read`):
 * search, open or closed, branch (when the user sees several); number, name, branch, dates and
 * how full each is. "Nuevo libro" (or `new_book` 1) opens the form above the list, then the new
 * book's view.
 */
export default function BookListPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => dgtApi(client), [client]);
  const navigate = useNavigate();
  const toast = useToast();
  const newBook = useParams().new_book === '1';
  const [creating, setCreating] = useState(newBook);
  // the address asking for the form again (the same page mounted) opens it
  useEffect(() => {
    if (newBook) setCreating(true);
  }, [newBook]);
  const [filters, setFilters] = useState<Filters>({ status: '', branch_id: '' });
  const branches = useBranches(api);
  const title = t('books.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    (q: ListQuery) => api.books.list({ search: q.search, page: q.page, per_page: q.perPage, status: filters.status, branch_id: filters.branch_id } satisfies BookQuery),
    [api, filters],
  );
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  const columns: Column<Book>[] = [
    {
      key: 'number',
      header: t('books.columns.number'),
      className: 'dgt-num',
      render: (b) => (
        <Link to={bookViewPath(b.id)} data-testid="book-number">
          {b.number ?? ''}
        </Link>
      ),
    },
    {
      key: 'name',
      header: t('books.columns.name'),
      render: (b) => (
        <>
          <Link to={bookViewPath(b.id)}>{b.name}</Link>
          {b.state === 'deleted' && (
            <>
              {' '}
              <DeletedBadge />
            </>
          )}
        </>
      ),
    },
  ];
  if (branches.length > 0) columns.push({ key: 'branch', header: t('books.columns.branch'), render: (b) => branchName(branches, b.branch_id) });
  columns.push(
    { key: 'opened_on', header: t('books.columns.opened_on'), className: 'dgt-nowrap', render: (b) => formatDate(b.opened_on) },
    { key: 'closed_on', header: t('books.columns.closed_on'), className: 'dgt-nowrap', render: (b) => formatDate(b.closed_on) },
    {
      key: 'fill',
      header: t('books.columns.fill'),
      className: 'dgt-nowrap',
      render: (b) => (
        <span data-testid="book-fill">
          {t('books.fillShort', { used: b.fill.used, capacity: b.fill.capacity })}
          {b.fill.full && (
            <>
              {' '}
              <span className="vk-badge vk-badge--danger">{t('books.full')}</span>
            </>
          )}
        </span>
      ),
    },
  );

  return (
    <div className="dgt-page" data-testid="book-list">
      {creating && (
        <section className="card" aria-labelledby="dgt-book-create-title" data-testid="book-create">
          <h2 id="dgt-book-create-title" className="card__title">
            {t('books.create.title')}
          </h2>
          <BookForm
            book={null}
            branches={branches}
            label={t('books.create.title')}
            submitLabel={t('books.create.submit')}
            onSubmit={async (body) => {
              const created = await api.books.create(body);
              toast.success(t('books.create.created', { name: created.name }));
              navigate(bookViewPath(created.id));
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setCreating(false)}>
                {t('cancel')}
              </button>
            }
          />
        </section>
      )}
      <FilteredList<Book>
        label={title}
        columns={columns}
        rowKey={(b) => b.id}
        load={load}
        filtersKey={JSON.stringify(filters)}
        searchPlaceholder={t('books.search')}
        empty={t('books.empty')}
        filters={
          <>
            <FilterSelect
              label={t('books.filters.status')}
              value={filters.status}
              options={[{ value: '', label: t('books.filters.allStatuses') }, ...BOOK_STATUSES.map((s) => ({ value: s, label: t(`books.filters.statuses.${s}`) }))]}
              onChange={(status) => set({ status: status as Filters['status'] })}
            />
            {branches.length > 0 && (
              <FilterSelect
                label={t('filters.branch')}
                value={filters.branch_id}
                options={[{ value: '', label: t('filters.allBranches') }, ...branches.map((b) => ({ value: String(b.branch_id), label: b.trade_name }))]}
                onChange={(branch_id) => set({ branch_id })}
              />
            )}
          </>
        }
        actions={
          !creating && (
            <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
              {t('books.new')}
            </button>
          )
        }
      />
    </div>
  );
}
