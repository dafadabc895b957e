import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { LessonStatus, RecordState } from '../api';

const STATUS_TONE: Record<LessonStatus, string> = { scheduled: '', done: 'vk-badge--success', no_show: 'vk-badge--warning', cancelled: 'vk-badge--danger' };
const STATE_TONE: Record<RecordState, string> = { active: 'vk-badge--success', inactive: '', deleted: 'vk-badge--danger' };

/** A lesson's status: "Programada", "Dada", "No presentado", "Anulada". */
export function StatusBadge({ status }: { status: LessonStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${STATUS_TONE[status] ?? ''}`} data-testid="lesson-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A lesson type's state: offered, inactive, no longer offered. */
export function TypeStateBadge({ state }: { state: RecordState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${STATE_TONE[state] ?? ''}`} data-testid="type-state" data-state={state}>
      {t(`typeState.${state}`)}
    </span>
  );
}

/** "N prácticas pendientes de pago": lessons given or missed that no pack paid. */
export function UnpaidBadge({ count }: { count: number }) {
  const { t } = useTranslation(NAMESPACE);
  if (count <= 0) return null;
  return (
    <span className="vk-badge vk-badge--warning" data-testid="unpaid">
      {t('students.unpaid', { count })}
    </span>
  );
}
