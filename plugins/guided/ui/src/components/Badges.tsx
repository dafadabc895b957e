import { useTranslation } from 'react-i18next';
import { DeletedBadge } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ClassStatus, RecordState, ResourceKind } from '../api';

/** A class's status: "Pendiente", or "Impartida" in green. */
export function StatusBadge({ status, testId = 'class-status' }: { status: ClassStatus; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${status === 'given' ? 'vk-badge--success' : ''}`} data-testid={testId} data-status={status}>
      {t(`statuses.${status}`)}
    </span>
  );
}

/** A group or class not active: "Inactivo" (a warning), or the kit's "Eliminado"; nothing when active. */
export function StateBadge({ state, deletedLabel }: { state: RecordState | undefined; deletedLabel?: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (state === 'deleted') return <DeletedBadge label={deletedLabel} />;
  if (state !== 'inactive') return null;
  return (
    <span className="vk-badge vk-badge--warning" data-testid="inactive">
      {t('states.inactive')}
    </span>
  );
}

/** What a resource is: "Subtema", "Lámina", "Vídeo", "Enlace", "Nota". */
export function KindBadge({ kind }: { kind: ResourceKind }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge" data-testid="resource-kind" data-kind={kind}>
      {t(`kinds.${kind}`)}
    </span>
  );
}
