import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, FilterSelect, UI_NAMESPACE, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Block, FoundQuestion, SearchMode, ValkiriaApi } from '../api';
import { blockName, messagesOf } from '../format';
import { FINDER_LIMIT, SEARCH_MODES } from '../lists';

/** The least a text search needs (the host's rule), and a reference's. */
const MIN_TEXT = 2;
const MIN_REFERENCE = 1;

/**
 * The question finder of a licence (`GET valkiria/test/question/search/{mode}`, 20 at most): by
 * text (statement, answers and explanation, from 2 characters), by reference (starting with),
 * by block, or the most failed in live attempts. The results show reference, block, statement,
 * the translations' languages (and, the most failed, how often), and `action` for each (open
 * it, add it to a test). With `onlyBlock` (a block test) the block is fixed and only its
 * questions are shown. A new licence clears the results.
 */
export function QuestionFinder({
  api,
  licence,
  blocks,
  onlyBlock,
  action,
  title,
  testId = 'finder',
}: {
  api: ValkiriaApi;
  licence: string;
  blocks: Block[];
  onlyBlock?: number | null;
  action(question: FoundQuestion): ReactNode;
  title: string;
  testId?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const headingId = useId();
  const [mode, setMode] = useState<SearchMode>(onlyBlock ? 'block' : 'text');
  const [text, setText] = useState('');
  const [block, setBlock] = useState('');
  const [results, setResults] = useState<FoundQuestion[] | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    asked.current += 1;
    setResults(null);
    setFailures([]);
    setBlock('');
    if (onlyBlock) setMode((m) => (m === 'failed' ? 'block' : m));
  }, [licence, onlyBlock]);

  async function search(event: FormEvent) {
    event.preventDefault();
    const wanted = mode === 'block' ? (onlyBlock ? String(onlyBlock) : block) : mode === 'failed' ? '' : text.trim();
    const short =
      (mode === 'text' && wanted.length < MIN_TEXT && ui('search.hint', { count: MIN_TEXT })) ||
      (mode === 'reference' && wanted.length < MIN_REFERENCE && t('finder.referenceNeeded')) ||
      (mode === 'block' && !wanted && t('finder.blockNeeded'));
    if (short) {
      setFailures([short]);
      return;
    }
    const mine = ++asked.current;
    setFailures([]);
    setBusy(true);
    try {
      const found = await api.questions.search(mode, licence, wanted, FINDER_LIMIT);
      if (mine === asked.current) setResults(onlyBlock ? found.filter((q) => q.block_id === onlyBlock) : found);
    } catch (failure) {
      if (mine === asked.current) {
        setResults(null);
        setFailures(messagesOf(failure));
      }
    } finally {
      if (mine === asked.current) setBusy(false);
    }
  }

  const columns: Column<FoundQuestion>[] = [
    { key: 'reference', header: t('columns.reference'), className: 'valkiria-nowrap', render: (q) => <span data-testid="finder-reference">{q.reference}</span> },
    { key: 'block', header: t('columns.block'), render: (q) => blockName(q.block) || t('none') },
    { key: 'statement', header: t('columns.statement'), render: (q) => <span data-testid="finder-statement">{q.statement}</span> },
    {
      key: 'translations',
      header: t('columns.translations'),
      render: (q) => (q.translations?.length ? q.translations.map((l) => l.toUpperCase()).join(' · ') : t('none')),
    },
    ...(mode === 'failed'
      ? [{ key: 'failed', header: t('columns.failed'), className: 'valkiria-num', render: (q: FoundQuestion) => t('finder.failedOf', { failed: q.failed ?? 0, answered: q.answered ?? 0 }) }]
      : []),
    { key: 'actions', header: t('columns.actions'), className: 'vk-table__actions', render: action },
  ];

  const modes = onlyBlock ? SEARCH_MODES.filter((m) => m !== 'failed') : SEARCH_MODES;
  return (
    <section className="card valkiria-finder" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="card__title">
        {title}
      </h2>
      <form className="vk-list__toolbar vk-list__toolbar--filters" role="search" aria-label={title} onSubmit={(ev) => void search(ev)}>
        <span data-testid="finder-mode">
          <FilterSelect
            label={t('finder.mode')}
            value={mode}
            options={modes.map((m) => ({ value: m, label: t(`finder.modes.${m}`) }))}
            onChange={(value) => {
              setMode(value as SearchMode);
              setFailures([]);
            }}
          />
        </span>
        {(mode === 'text' || mode === 'reference') && (
          <input
            type="search"
            className="vk-input vk-search"
            value={text}
            aria-label={t(`finder.placeholders.${mode}`)}
            placeholder={t(`finder.placeholders.${mode}`)}
            autoComplete="off"
            data-testid="finder-text"
            onChange={(ev) => setText(ev.target.value)}
          />
        )}
        {mode === 'block' && !onlyBlock && (
          <span data-testid="finder-block">
            <FilterSelect
              label={t('fields.block')}
              value={block}
              options={[{ value: '', label: t('finder.chooseBlock') }, ...blocks.map((b) => ({ value: String(b.id), label: t('question.blockOption', { position: b.position, name: b.name }) }))]}
              onChange={setBlock}
            />
          </span>
        )}
        {mode === 'block' && onlyBlock && <span className="muted">{t('finder.onlyBlock', { name: blocks.find((b) => b.id === onlyBlock)?.name ?? '' })}</span>}
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy} data-testid="finder-search">
          {t('finder.search')}
        </button>
      </form>
      <ErrorList messages={failures} testId="finder-errors" />
      {results && <DataTable columns={columns} rows={results} rowKey={(q) => q.id} label={t('finder.results')} loading={busy} empty={t('finder.none')} />}
    </section>
  );
}
