import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { CourseState } from '../api';

const TONE: Record<CourseState, string> = { active: 'vk-badge--success', inactive: 'vk-badge--warning', deleted: 'vk-badge--danger' };

/** A course's state: "Activo", "Inactivo", "Eliminado". */
export function StateBadge({ state }: { state: CourseState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${TONE[state] ?? ''}`} data-testid="state-badge" data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}
