import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DeletedBadge,
  ErrorList,
  FilterSelect,
  FilteredList,
  PageState,
  errorList,
  formatDate,
  useApi,
  useConfirm,
  usePageLayout,
  useRecord,
  useToast,
  type Column,
  type ListQuery,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { dgtApi, type Book, type BookFields, type Entry, type EntryStatus } from '../api';
import { ENTRY_STATUSES } from '../lists';
import { changedFields, entryStatus, registerName, today } from '../format';
import { bookListPath } from '../paths';
import { branchName, useBranches } from '../useBranches';
import { BookBadges, EntryStatusBadge, ResultBadge } from '../components/Badges';
import { BookForm } from '../components/BookForm';
import { EntryPanel } from '../components/EntryPanel';

/**
 * `/dgt/book/register/view/:dgt_book_register_id/:new_student` — a register book
 * (`GET dgt/book/register/read?id=`): its data and how full it is, "Editar libro", "Cerrar libro"
 * / "Reabrir libro" (`closed_on` today or cleared), "Eliminar libro" (only without entries,
 * asked first); its entries (`student/read?book_id=`: search and status) and the entry form
 * ("Inscribir alumno", or `new_student` 1; an entry's own with `?entry=`).
 */
export default function BookViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => dgtApi(client), [client]);
  const params = useParams();
  const id = Number(params.dgt_book_register_id) || 0;
  const [search, setSearch] = useSearchParams();
  const entryId = Number(search.get('entry')) || null;
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const { record: book, show, failed, formKey, load, reload } = useRecord<Book>(id, api.books.read);
  const branches = useBranches(api);
  const newStudent = params.new_student === '1';
  const [creating, setCreating] = useState(newStudent);
  // the address asking for the form again (the same page mounted) opens it
  useEffect(() => {
    if (newStudent) setCreating(true);
  }, [newStudent]);
  const [editing, setEditing] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [status, setStatus] = useState<'' | EntryStatus>('');
  // bumped after an entry changes: the list is read again
  const [version, setVersion] = useState(0);
  const listTitle = t('books.title');
  const title = book ? t('books.view.title', { number: book.number ?? '', name: book.name }) : t('books.view.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: listTitle, to: bookListPath() }, { label: title }] });

  const loadEntries = useCallback(
    (q: ListQuery) => api.entries.list({ book_id: id, search: q.search, page: q.page, per_page: q.perPage, status }),
    [api, id, status],
  );

  if (!id) return <PageState error={t('books.view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!book) return <PageState error={null} />;

  const deleted = book.state === 'deleted';
  const closed = !!book.closed_on;
  const canEnrol = !deleted && !closed && !book.fill.full;
  const newEntry = () => {
    if (entryId) setSearch({}, { replace: true });
    setCreating(true);
  };
  const closePanel = () => {
    setCreating(false);
    if (entryId) setSearch({}, { replace: true });
  };
  const entriesChanged = () => {
    setVersion((v) => v + 1);
    reload();
  };

  async function update(fields: Partial<BookFields>, done: string) {
    setFailures([]);
    try {
      show(await api.books.update(id, fields));
      toast.success(done);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  async function remove() {
    if (!book) return;
    const ok = await confirm({ title: t('books.delete.title'), message: t('books.delete.question', { name: book.name }), confirmLabel: t('books.delete.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      await api.books.remove(id);
      toast.success(t('books.delete.done', { name: book.name }));
      navigate(bookListPath());
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  const columns: Column<Entry>[] = [
    { key: 'number', header: t('entries.columns.number'), className: 'dgt-num', render: (e) => e.number ?? '' },
    {
      key: 'name',
      header: t('entries.columns.name'),
      render: (e) => (
        <Link to={{ search: `?entry=${e.id}` }} data-testid="entry-name" onClick={() => setCreating(false)}>
          {registerName(e)}
        </Link>
      ),
    },
    { key: 'document', header: t('entries.columns.document'), className: 'dgt-nowrap' },
    { key: 'licence', header: t('entries.columns.licence') },
    { key: 'enrolled_on', header: t('entries.columns.enrolled_on'), className: 'dgt-nowrap', render: (e) => formatDate(e.enrolled_on) },
    { key: 'theory', header: t('entries.columns.theory'), render: (e) => <ResultBadge result={e.theory_result} /> },
    { key: 'practical', header: t('entries.columns.practical'), render: (e) => <ResultBadge result={e.practical_result} /> },
    { key: 'status', header: t('entries.columns.status'), render: (e) => <EntryStatusBadge status={entryStatus(e)} /> },
  ];

  const branch = branchName(branches, book.branch_id);
  return (
    <div className="dgt-page" data-testid="book-view">
      <section className="card dgt-head" data-testid="book-head">
        <div>
          <h2 className="dgt-head__name" data-testid="book-title">
            {title}
          </h2>
          {book.school_code && <p className="muted">{t('books.view.schoolCode', { code: book.school_code })}</p>}
          <p className="dgt-badges">
            <BookBadges status={closed ? 'closed' : 'open'} full={book.fill.full} />
            {deleted && <DeletedBadge />}
          </p>
        </div>
        <dl className="dgt-facts">
          {branch && (
            <>
              <dt>{t('books.fields.branch_id')}</dt>
              <dd>{branch}</dd>
            </>
          )}
          <dt>{t('books.fields.opened_on')}</dt>
          <dd data-testid="book-opened">{formatDate(book.opened_on) || t('none')}</dd>
          <dt>{t('books.fields.closed_on')}</dt>
          <dd data-testid="book-closed">{formatDate(book.closed_on) || t('none')}</dd>
          <dt>{t('books.view.fill')}</dt>
          <dd data-testid="book-fill">{t('books.fillOf', { used: book.fill.used, capacity: book.fill.capacity })}</dd>
          <dt>{t('books.view.next')}</dt>
          <dd data-testid="book-next">{book.fill.next_number ?? t('books.full')}</dd>
        </dl>
        <div className="dgt-actions">
          <Link className="vk-btn vk-btn--light" to={bookListPath()}>
            {t('back')}
          </Link>
          {!deleted && (
            <>
              <button type="button" className="vk-btn vk-btn--light" aria-pressed={editing} onClick={() => setEditing(!editing)}>
                {t('books.view.edit')}
              </button>
              {closed ? (
                <button type="button" className="vk-btn vk-btn--light" onClick={() => void update({ closed_on: null }, t('books.view.reopened'))}>
                  {t('books.view.reopen')}
                </button>
              ) : (
                <button type="button" className="vk-btn vk-btn--light" onClick={() => void update({ closed_on: today() }, t('books.view.closedDone'))}>
                  {t('books.view.close')}
                </button>
              )}
              {book.fill.used === 0 && (
                <button type="button" className="vk-btn vk-btn--danger" onClick={() => void remove()}>
                  {t('books.delete.action')}
                </button>
              )}
            </>
          )}
        </div>
        <ErrorList messages={failures} testId="book-action-errors" />
      </section>
      {deleted && (
        <p className="vk-alert vk-alert--danger" role="status">
          {t('books.view.deletedNotice')}
        </p>
      )}
      {editing && !deleted && (
        <section className="card" aria-labelledby="dgt-book-edit-title">
          <h2 id="dgt-book-edit-title" className="card__title">
            {t('books.view.editTitle')}
          </h2>
          <BookForm
            key={formKey}
            book={book}
            branches={branches}
            label={t('books.view.editTitle')}
            submitLabel={t('save')}
            onSubmit={async (body) => {
              const changed = changedFields(body, book);
              if (Object.keys(changed).length === 0) {
                toast.info(t('noChanges'));
                return;
              }
              show(await api.books.update(id, changed));
              toast.success(t('books.view.saved'));
              setEditing(false);
            }}
            extra={
              <button type="button" className="vk-btn vk-btn--light" onClick={() => setEditing(false)}>
                {t('cancel')}
              </button>
            }
          />
        </section>
      )}
      {entryId ? (
        <EntryPanel key={entryId} api={api} book={book} entryId={entryId} onClose={closePanel} onChanged={entriesChanged} />
      ) : (
        creating &&
        (canEnrol ? (
          <EntryPanel api={api} book={book} entryId={null} onClose={closePanel} onChanged={entriesChanged} />
        ) : (
          <p className="vk-alert dgt-alert--warning" role="status" data-testid="enrol-refused">
            {t(closed || deleted ? 'entries.create.closed' : 'entries.create.full')}
          </p>
        ))
      )}
      <FilteredList<Entry>
        label={t('entries.table')}
        columns={columns}
        rowKey={(e) => e.id}
        load={loadEntries}
        filtersKey={JSON.stringify({ status, version })}
        searchPlaceholder={t('entries.search')}
        empty={t('entries.empty')}
        filters={
          <FilterSelect
            label={t('entries.filters.status')}
            value={status}
            options={[{ value: '', label: t('entries.filters.allStatuses') }, ...ENTRY_STATUSES.map((s) => ({ value: s, label: t(`entryStatus.${s}`) }))]}
            onChange={(value) => setStatus(value as '' | EntryStatus)}
          />
        }
        actions={
          canEnrol ? (
            <button type="button" className="vk-btn vk-btn--primary" onClick={newEntry}>
              {t('entries.new')}
            </button>
          ) : (
            <span className="muted" data-testid="enrol-closed">
              {t(closed || deleted ? 'entries.create.closedShort' : 'entries.create.fullShort')}
            </span>
          )
        }
      />
    </div>
  );
}
