import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { CourseStatus, RecordState } from '../api';

const STATE_TONE: Record<RecordState, string> = { active: 'vk-badge--success', inactive: '', deleted: 'vk-badge--danger' };
const STATUS_TONE: Record<CourseStatus, string> = { draft: '', notified: 'vk-badge--warning', in_progress: 'vk-badge--success', finished: '', cancelled: 'vk-badge--danger' };

/** A record's state: "Activo", "Inactivo", "Eliminado". */
export function StateBadge({ state }: { state: RecordState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${STATE_TONE[state] ?? ''}`} data-testid="record-state" data-state={state}>
      {t(`states.${state}`, { defaultValue: state })}
    </span>
  );
}

/** A course's status: "En preparación", "Comunicado a FUNDAE", "En curso", "Finalizado", "Anulado". */
export function StatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${STATUS_TONE[status] ?? ''}`} data-testid="course-status" data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
