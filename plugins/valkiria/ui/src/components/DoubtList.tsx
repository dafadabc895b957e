import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, formatDateTime, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Doubt, DoubtStatus } from '../api';
import { shorten } from '../format';
import { DOUBT_STATUSES, SHORT_DOUBT, SHORT_STATEMENT } from '../lists';
import { doubtPath } from '../paths';
import { AnsweredBadge, ReadBadge } from './Badges';

/**
 * The columns of a list of doubts (`GET duda/read`): the student (left out on a student's own
 * page), the question's reference and statement (shortened), the doubt's text (shortened; it
 * opens the doubt), the date and the read/answered badges.
 */
export function useDoubtColumns({ student = true }: { student?: boolean } = {}): Column<Doubt>[] {
  const { t } = useTranslation(NAMESPACE);
  const columns: Column<Doubt>[] = [
    {
      key: 'question',
      header: t('columns.question'),
      render: (d) => (
        <span className="valkiria-order__main">
          <strong data-testid="doubt-reference">{d.question?.reference ?? t('none')}</strong>
          <span className="muted" data-testid="doubt-statement" title={d.question?.statement}>
            {shorten(d.question?.statement, SHORT_STATEMENT)}
          </span>
        </span>
      ),
    },
    {
      key: 'text',
      header: t('columns.doubt'),
      render: (d) => (
        <Link to={doubtPath(d.id)} title={d.text} aria-label={t('doubts.openNamed', { name: d.student?.name ?? '', date: formatDateTime(d.created_at) })} data-testid="doubt-open">
          {shorten(d.text, SHORT_DOUBT)}
        </Link>
      ),
    },
    { key: 'date', header: t('columns.date'), className: 'valkiria-nowrap', render: (d) => <span data-testid="doubt-date">{formatDateTime(d.created_at)}</span> },
    {
      key: 'state',
      header: t('columns.doubtState'),
      render: (d) => (
        <span className="valkiria-inline">
          <ReadBadge read={d.read === true} />
          <AnsweredBadge answered={Boolean(d.answer)} />
        </span>
      ),
    },
  ];
  if (!student) return columns;
  return [{ key: 'student', header: t('columns.student'), render: (d) => <span data-testid="doubt-student">{d.student?.name ?? t('none')}</span> }, ...columns];
}

/** The doubts' status filter: Sin leer, Leídas, Respondidas, Sin responder, Todas (''). */
export function DoubtStatusFilter({ value, onChange, testId }: { value: '' | DoubtStatus; onChange(value: '' | DoubtStatus): void; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span data-testid={testId}>
      <FilterSelect
        label={t('doubts.status')}
        value={value}
        options={DOUBT_STATUSES.map((s) => ({ value: s, label: t(`doubts.statuses.${s || 'all'}`) }))}
        onChange={(next) => onChange(next as '' | DoubtStatus)}
      />
    </span>
  );
}
