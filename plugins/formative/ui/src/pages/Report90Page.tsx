import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatDate, useApi, usePageLayout, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { formativeApi, type Assignment } from '../api';
import { ProgressBar } from '../components/ProgressBar';
import { useContentChoices } from '../components/useContentChoices';

/**
 * `/report/formative/90/list` — the students who reached 90 % of a content (`GET
 * formative/report/90`, `formative.content.assign`), newest first: the content (all of them, or one), the
 * days they reached it ("Desde", "Hasta", inclusive), a search (name or e-mail); student, content,
 * its hours, the day 90 % was reached and the progress now.
 */
export default function Report90Page() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => formativeApi(client), [client]);
  const contents = useContentChoices(api);
  const [contentId, setContentId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const title = t('report90.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  const load = useCallback(
    (q: ListQuery) => api.reports.reached90({ content_id: contentId ? Number(contentId) : '', from, to, search: q.search, page: q.page, per_page: q.perPage }),
    [api, contentId, from, to],
  );
  const columns: Column<Assignment>[] = [
    {
      key: 'name',
      header: t('report90.columns.name'),
      render: (a) => (
        <span className="formative-stack">
          <strong data-testid="report-name">{a.name}</strong>
          {a.email && <span className="muted">{a.email}</span>}
        </span>
      ),
    },
    { key: 'content', header: t('report90.columns.content'), render: (a) => a.content_name },
    { key: 'hours', header: t('report90.columns.hours'), className: 'formative-num', render: (a) => t('hours', { count: a.hours ?? 0 }) },
    { key: 'reached_90_at', header: t('report90.columns.reached_90_at'), className: 'formative-nowrap', render: (a) => <span data-testid="report-reached">{formatDate(a.reached_90_at)}</span> },
    {
      key: 'progress',
      header: t('report90.columns.progress'),
      render: (a) => <ProgressBar value={a.progress} label={t('students.progressOf', { name: a.name })} detail={t('progress.lessons', { done: a.done, total: a.total })} />,
    },
  ];

  return (
    <div className="formative-page" data-testid="report-90">
      <p className="muted">{t('report90.hint')}</p>
      {contents.failed && (
        <p className="vk-alert vk-alert--danger" role="alert" data-testid="contents-failed">
          {contents.failed}
        </p>
      )}
      <FilteredList<Assignment>
        label={t('report90.table')}
        columns={columns}
        rowKey={(a) => a.id}
        load={load}
        filtersKey={JSON.stringify({ contentId, from, to })}
        searchPlaceholder={t('report90.search')}
        empty={t('report90.empty')}
        filters={
          <>
            <FilterSelect label={t('reports.content')} value={contentId} options={[{ value: '', label: t('reports.allContents') }, ...contents.options]} onChange={setContentId} />
            <label className="vk-inline-field formative-date-filter">
              <span>{t('report90.from')}</span>
              <input className="vk-input" type="date" value={from} aria-label={t('report90.fromLabel')} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label className="vk-inline-field formative-date-filter">
              <span>{t('report90.to')}</span>
              <input className="vk-input" type="date" value={to} aria-label={t('report90.toLabel')} onChange={(e) => setTo(e.target.value)} />
            </label>
          </>
        }
      />
    </div>
  );
}
