import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CourseSummary } from '../api';
import { dateRange } from '../format';
import { viewPath } from '../paths';
import { StatusBadge } from './Badges';

/**
 * The courses of a centre, a company or a worker (their detail): name (a link to it), days,
 * hours, the centre (a worker's) and status, in a card of their own.
 */
export function CourseTable({ courses, withCentre = false }: { courses: CourseSummary[] | undefined; withCentre?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const columns: Column<CourseSummary>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      render: (c) => (
        <Link to={viewPath('cursos', c.id)} data-testid="course-link">
          {c.name}
        </Link>
      ),
    },
    { key: 'dates', header: t('columns.dates'), className: 'consulting-nowrap', render: (c) => dateRange(c.start_date, c.end_date) || t('none') },
    { key: 'hours', header: t('columns.hours'), className: 'consulting-num', render: (c) => (c.hours === null ? t('none') : String(c.hours)) },
    ...(withCentre ? [{ key: 'centre', header: t('columns.centre'), render: (c: CourseSummary) => c.centre_name || t('none') }] : []),
    { key: 'status', header: t('columns.status'), render: (c) => <StatusBadge status={c.status} /> },
  ];
  const list = courses ?? [];
  return (
    <section className="card" aria-labelledby="consulting-courses-title" data-testid="detail-courses">
      <h2 id="consulting-courses-title" className="card__title">
        {t('detail.courses', { count: list.length })}
      </h2>
      <DataTable columns={columns} rows={list} rowKey={(c) => c.id} label={t('detail.coursesTable')} empty={t('detail.noCourses')} />
    </section>
  );
}
