import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, FilterSelect, PageState, useApi, useLoad, usePageLayout, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { formativeApi, type Block, type FormativeApi } from '../api';
import { formatPercent, overallAverage } from '../format';
import { useContentChoices } from '../components/useContentChoices';

/** A row of the table: a block, or the totals under them. */
type Row = (Block & { total?: false }) | { total: true; lessons: number; average: number };

/**
 * `/report/formative/blocks/list` — how far the students of a content get in each block (a theme
 * of its syllabi): choose a content, then `GET formative/report/blocks?content_id=` (`formative.content.assign`)
 * as a table in order (syllabus, block, lessons, students who started it, who completed it, the
 * average share done), with the totals: students, lessons and the average of the whole content
 * (each block's weighted by its lessons).
 */
export default function ReportBlocksPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => formativeApi(client), [client]);
  const contents = useContentChoices(api);
  const [contentId, setContentId] = useState('');
  const title = t('blocks.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  return (
    <div className="formative-page" data-testid="report-blocks">
      <section className="card formative-section">
        <p className="muted">{t('blocks.hint')}</p>
        {contents.failed && (
          <p className="vk-alert vk-alert--danger" role="alert" data-testid="contents-failed">
            {contents.failed}
          </p>
        )}
        <div className="formative-toolbar">
          <FilterSelect
            label={t('reports.content')}
            value={contentId}
            options={[{ value: '', label: contents.loading ? t('blocks.loadingContents') : t('blocks.choose') }, ...contents.options]}
            onChange={setContentId}
          />
        </div>
        {contentId ? (
          <BlocksTable key={contentId} api={api} contentId={Number(contentId)} />
        ) : (
          <p className="muted" data-testid="blocks-choose">
            {t('blocks.chooseHint')}
          </p>
        )}
      </section>
    </div>
  );
}

/** One content's blocks and totals. */
function BlocksTable({ api, contentId }: { api: FormativeApi; contentId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const read = useCallback(() => api.reports.blocks(contentId), [api, contentId]);
  const report = useLoad(read);
  if (!report.data) return <PageState error={report.failed} onRetry={report.reload} />;
  const { blocks, students, lessons } = report.data;
  const rows: Row[] = blocks.length ? [...blocks, { total: true, lessons, average: overallAverage(blocks) }] : [];
  const cell = (row: Row, render: (block: Block) => string | number) => (row.total ? t('none') : render(row));
  const columns: Column<Row>[] = [
    { key: 'syllabus', header: t('blocks.columns.syllabus'), render: (r) => (r.total ? <strong>{t('blocks.total')}</strong> : r.syllabus) },
    { key: 'title', header: t('blocks.columns.title'), render: (r) => (r.total ? t('blocks.totalBlocks', { count: blocks.length }) : <span data-testid="block-title">{r.title}</span>) },
    { key: 'lessons', header: t('blocks.columns.lessons'), className: 'formative-num', render: (r) => r.lessons },
    { key: 'started', header: t('blocks.columns.started'), className: 'formative-num', render: (r) => cell(r, (b) => b.started) },
    { key: 'completed', header: t('blocks.columns.completed'), className: 'formative-num', render: (r) => cell(r, (b) => b.completed) },
    { key: 'average', header: t('blocks.columns.average'), className: 'formative-num', render: (r) => <span data-testid={r.total ? 'total-average' : 'block-average'}>{formatPercent(r.average)}</span> },
  ];
  return (
    <div className="formative-section" data-testid="blocks">
      <p className="formative-inline" data-testid="blocks-totals">
        <span>{t('blocks.students', { count: students })}</span>
        <span>{t('blocks.lessons', { count: lessons })}</span>
        <span>{t('blocks.average', { average: formatPercent(overallAverage(blocks)) })}</span>
      </p>
      <DataTable<Row> columns={columns} rows={rows} rowKey={(r) => (r.total ? 'total' : r.theme_id)} label={t('blocks.table')} empty={t('blocks.empty')} />
    </div>
  );
}
