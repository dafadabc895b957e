import { useTranslation } from 'react-i18next';
import { DeletedBadge } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AssignmentStatus, ContentStatus, RecordState } from '../api';

/** A content's status: "Publicado" (it can be assigned) or "En desarrollo". */
export function StatusBadge({ status }: { status: ContentStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${status === 'publish' ? 'vk-badge--success' : 'vk-badge--warning'}`} data-testid="status">
      {t(`statuses.${status}`, { defaultValue: status })}
    </span>
  );
}

/** A record's state when it is not active: "Inactivo", or the kit's red "Eliminado". */
export function StateBadge({ state }: { state: RecordState }) {
  const { t } = useTranslation(NAMESPACE);
  if (state === 'deleted') return <DeletedBadge label={t('states.deleted')} />;
  if (state !== 'inactive') return null;
  return (
    <span className="vk-badge" data-testid="inactive">
      {t('states.inactive')}
    </span>
  );
}

const TONES: Record<AssignmentStatus, string> = {
  active: 'vk-badge--success',
  pending: 'vk-badge--warning',
  expired: 'vk-badge--danger',
  inactive: '',
};

/** An assignment's status: "En curso", "Pendiente" (not started), "Caducado", "En pausa". */
export function AssignmentBadge({ status }: { status: AssignmentStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={['vk-badge', TONES[status] ?? ''].filter(Boolean).join(' ')} data-testid="assignment-status">
      {t(`assignments.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}
