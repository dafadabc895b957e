import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterSelect, PageState, formatDate, useApi, useLoad, usePageLayout, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type Block, type TestRow, type ValkiriaApi } from '../api';
import { countOf } from '../format';
import { DEFAULT_LICENCE, LICENCES, TEST_KINDS } from '../lists';
import { editorPath } from '../paths';
import { SubNav } from '../components/SubNav';
import { BlocksPanel } from '../components/BlocksPanel';
import { QuestionFinder } from '../components/QuestionFinder';
import { QuestionForm } from '../components/QuestionForm';

/**
 * `/test/edicion/list` — the bank of a licence (`?licence=`, B by default): its blocks, the
 * question finder (each question opens in the editor), "Nueva pregunta" and its tests
 * (`GET valkiria/blocktest`), with "Nuevo test".
 */
export default function BankPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const [query, setQuery] = useSearchParams();
  const asked = query.get('licence') ?? '';
  const licence = (LICENCES as readonly string[]).includes(asked) ? asked : DEFAULT_LICENCE;
  const readBlocks = useCallback(() => api.blocks.list(licence), [api, licence]);
  const blocks = useLoad(readBlocks);
  // bumped when the blocks change: the tests' block names are read again
  const [version, setVersion] = useState(0);
  usePageLayout({ title: t('nav.bank'), breadcrumbs: [{ label: t('title') }, { label: t('nav.bank') }] });

  return (
    <div className="valkiria-page" data-testid="bank">
      <SubNav />
      <div className="valkiria-toolbar">
        <span data-testid="bank-licence">
          <FilterSelect
            label={t('fields.licence')}
            value={licence}
            options={LICENCES.map((l) => ({ value: l, label: t('licenceNamed', { licence: l }) }))}
            onChange={(value) => setQuery(value === DEFAULT_LICENCE ? {} : { licence: value }, { replace: true })}
          />
        </span>
      </div>
      <div className="valkiria-layout valkiria-layout--side">
        <div className="valkiria-page">
          <QuestionFinder
            api={api}
            licence={licence}
            blocks={blocks.data ?? []}
            title={t('finder.title')}
            action={(q) => (
              <Link className="vk-btn vk-btn--light" to={editorPath(0, q.id, 0, licence)} aria-label={t('finder.openNamed', { reference: q.reference })} data-testid="finder-open">
                {t('edit')}
              </Link>
            )}
          />
          <NewQuestion key={licence} api={api} blocks={blocks.data ?? []} onCreated={blocks.reload} />
          <TestsCard key={`tests-${licence}`} api={api} licence={licence} version={version} />
        </div>
        <BlocksPanel licence={licence} blocks={blocks} api={api} onChanged={() => setVersion((v) => v + 1)} />
      </div>
    </div>
  );
}

/** "Nueva pregunta": the form opens under the button; once created it is empty again for the next one. */
function NewQuestion({ api, blocks, onCreated }: { api: ValkiriaApi; blocks: Block[]; onCreated(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const [lastBlock, setLastBlock] = useState<number | null>(null);
  return (
    <section className="card" aria-labelledby="valkiria-new-question" data-testid="new-question">
      <div className="valkiria-head">
        <h2 id="valkiria-new-question" className="card__title">
          {t('question.new')}
        </h2>
        {!open && (
          <button type="button" className="vk-btn vk-btn--primary" data-testid="new-question-open" onClick={() => setOpen(true)}>
            {t('question.new')}
          </button>
        )}
      </div>
      {open && (
        <QuestionForm
          key={round}
          blocks={blocks}
          question={null}
          blockId={lastBlock}
          label={t('question.new')}
          submitLabel={t('create')}
          testId="question-form"
          onSubmit={async (body) => {
            // an empty reference is left out: the host makes `P-<id>`
            const { reference, ...rest } = body;
            const created = await api.questions.create(reference ? body : rest);
            toast.success(t('question.created', { reference: created.reference }));
            setLastBlock(body.block_id);
            setRound((r) => r + 1);
            onCreated();
          }}
          extra={
            <button type="button" className="vk-btn vk-btn--light" data-testid="new-question-cancel" onClick={() => setOpen(false)}>
              {t('cancel')}
            </button>
          }
        />
      )}
    </section>
  );
}

/** The licence's tests by name (`GET valkiria/blocktest`), with the kind filter and "Nuevo test". */
function TestsCard({ api, licence, version }: { api: ValkiriaApi; licence: string; version: number }) {
  const { t } = useTranslation(NAMESPACE);
  const [kind, setKind] = useState('');
  const read = useCallback(() => api.tests.list(licence, { kind: kind || undefined }), [api, licence, kind, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const tests = useLoad(read);
  const columns: Column<TestRow>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (row) => (
        <Link to={editorPath(row.id)} data-testid="test-name">
          {row.name}
        </Link>
      ),
    },
    { key: 'kind', header: t('columns.kind'), render: (row) => (row.kind === 'block' ? t('kinds.blockNamed', { block: row.block ?? '' }) : t('kinds.exam')) },
    { key: 'questions', header: t('columns.questions'), className: 'valkiria-num', render: (row) => countOf(row.questions) },
    { key: 'max_errors', header: t('columns.maxErrors'), className: 'valkiria-num', render: (row) => row.max_errors ?? t('none') },
    { key: 'minutes', header: t('columns.minutes'), className: 'valkiria-num', render: (row) => row.minutes ?? t('none') },
    { key: 'attempts', header: t('columns.attempts'), className: 'valkiria-num', render: (row) => t('tests.passedOf', { passed: row.passed ?? 0, attempts: row.attempts ?? 0 }) },
    {
      key: 'expires_on',
      header: t('columns.expiresOn'),
      className: 'valkiria-nowrap',
      render: (row) =>
        row.expired ? (
          <span className="vk-badge vk-badge--danger" data-testid="test-expired">
            {t('expiry.expiredOn', { date: formatDate(row.expires_on) })}
          </span>
        ) : row.expires_on ? (
          formatDate(row.expires_on)
        ) : (
          t('none')
        ),
    },
  ];
  return (
    <section className="card" aria-labelledby="valkiria-tests-title" data-testid="tests">
      <div className="valkiria-head">
        <h2 id="valkiria-tests-title" className="card__title">
          {t('tests.title', { licence })}
        </h2>
        <div className="valkiria-actions">
          <span data-testid="tests-kind">
            <FilterSelect label={t('fields.kind')} value={kind} options={[{ value: '', label: t('tests.allKinds') }, ...TEST_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))]} onChange={setKind} />
          </span>
          <Link className="vk-btn vk-btn--primary" to={editorPath(0, 0, 0, licence)} data-testid="test-new">
            {t('tests.new')}
          </Link>
        </div>
      </div>
      {tests.data ? (
        <DataTable columns={columns} rows={tests.data} rowKey={(row) => row.id} label={t('tests.table')} empty={t('tests.empty')} />
      ) : (
        <PageState error={tests.failed} onRetry={tests.reload} />
      )}
    </section>
  );
}
