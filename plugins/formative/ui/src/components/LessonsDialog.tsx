import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Dialog, PageState, formatDate, useLoad, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Assignment, AssignmentLesson, FormativeApi } from '../api';
import { period } from '../format';
import { ProgressBar } from './ProgressBar';

/**
 * One student's lessons (`GET formative/assignment/read?id=`): the progress, then each lesson in
 * order with its syllabus and theme, and whether it is done (and when), open, or not included in
 * the student's share.
 */
export function LessonsDialog({ api, assignment, onClose }: { api: FormativeApi; assignment: Assignment; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const read = useCallback(() => api.assignments.read(assignment.id), [api, assignment.id]);
  const detail = useLoad(read);
  const a = detail.data;
  const columns: Column<AssignmentLesson & { number: number }>[] = [
    { key: 'number', header: t('lessons.columns.number'), className: 'formative-num', render: (l) => l.number },
    {
      key: 'title',
      header: t('lessons.columns.title'),
      render: (l) => (
        <span className="formative-stack">
          <strong data-testid="lesson-title">{l.title}</strong>
          <span className="muted">{[l.syllabus, l.theme].filter(Boolean).join(' · ')}</span>
        </span>
      ),
    },
    {
      key: 'state',
      header: t('lessons.columns.state'),
      render: (l) => (
        <span data-testid="lesson-state" className={l.done ? 'formative-done' : l.open ? '' : 'muted'}>
          {l.done ? (l.done_at ? t('lessons.doneAt', { date: formatDate(l.done_at) }) : t('lessons.done')) : l.open ? t('lessons.open') : t('lessons.closed')}
        </span>
      ),
    },
  ];
  return (
    <Dialog title={t('lessons.title', { name: assignment.name })} onClose={onClose} wide testId="lessons-dialog">
      {a === null ? (
        <PageState error={detail.failed} onRetry={detail.reload} />
      ) : (
        <div className="formative-tab">
          <p className="formative-inline">
            <span>{t('lessons.period', { period: period(a.starts_on, a.ends_on) })}</span>
            <span className="muted">{t('lessons.share', { percentage: a.percentage, open: a.open, total: a.total })}</span>
          </p>
          <ProgressBar value={a.progress} label={t('students.progressOf', { name: a.name })} detail={t('progress.lessons', { done: a.done, total: a.total })} />
          <DataTable columns={columns} rows={a.lessons.map((l, i) => ({ ...l, number: i + 1 }))} rowKey={(l) => l.id} label={t('lessons.table')} empty={t('lessons.empty')} />
        </div>
      )}
    </Dialog>
  );
}
