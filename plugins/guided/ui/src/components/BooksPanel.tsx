import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, PageState, SearchInput, fold, type Column, type Loaded } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Book } from '../api';

/**
 * "Libros digitales": the business's published syllabi (`GET clase/libro/digital/listado`, read
 * once by the page, which also offers them in the group form), each with its category,
 * description and contents. The finder narrows them as the host's search would (name,
 * description or category, accents and case ignored, from 2 characters). Without the temary
 * module the host's refusal is shown with a retry.
 */
export function BooksPanel({ books }: { books: Loaded<Book[]> }) {
  const { t } = useTranslation(NAMESPACE);
  const [search, setSearch] = useState('');
  const words = fold(search).split(/\s+/).filter(Boolean);
  const shown = (books.data ?? []).filter((b) => words.every((w) => fold([b.name, b.description ?? '', b.category ?? ''].join(' ')).includes(w)));
  const columns: Column<Book>[] = [
    {
      key: 'name',
      header: t('books.columns.name'),
      render: (b) => (
        <span className="guided-stack">
          <strong data-testid="book-name">{b.name}</strong>
          {b.description && <span className="muted">{b.description}</span>}
        </span>
      ),
    },
    { key: 'category', header: t('books.columns.category'), render: (b) => b.category || t('none') },
    {
      key: 'contents',
      header: t('books.columns.contents'),
      render: (b) => (
        <span data-testid="book-contents">{t('books.contents', { themes: b.themes, subthemes: b.subthemes, sheets: b.sheets, videos: b.videos })}</span>
      ),
    },
  ];
  return (
    <section className="card" aria-labelledby="guided-books-title" data-testid="books-panel">
      <h2 id="guided-books-title" className="card__title">
        {t('books.title')}
      </h2>
      <p className="muted">{t('books.intro')}</p>
      {books.data === null ? (
        <PageState error={books.failed} onRetry={books.reload} />
      ) : (
        <>
          <div className="guided-toolbar">
            <SearchInput onSearch={setSearch} placeholder={t('books.search')} debounceMs={0} />
          </div>
          <DataTable<Book> columns={columns} rows={shown} rowKey={(b) => b.id} label={t('books.title')} empty={search ? t('books.noneFound') : t('books.empty')} />
        </>
      )}
    </section>
  );
}
