import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Priority } from '../api';

const PRIORITY_TONE: Record<Priority, string> = { low: 'agenda-badge--low', normal: '', high: 'vk-badge--danger' };

/** A task's priority: "Baja", "Normal", "Alta". */
export function PriorityBadge({ priority }: { priority: Priority }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${PRIORITY_TONE[priority] ?? ''}`} data-testid="task-priority" data-priority={priority}>
      {t(`priority.${priority}`)}
    </span>
  );
}

/** "Vencida": a task not done and due before today (the host's `overdue`). */
export function OverdueBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--danger" data-testid="task-overdue">
      {t('tasks.overdue')}
    </span>
  );
}

/** An event held or still to come: "Celebrado" / "Pendiente". */
export function HeldBadge({ checked }: { checked: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${checked ? 'vk-badge--success' : ''}`} data-testid="event-held">
      {checked ? t('events.held') : t('events.pending')}
    </span>
  );
}
