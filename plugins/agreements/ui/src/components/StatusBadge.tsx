import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { RequestStatus } from '../api';

/** A request's status: "Pendiente" (waiting for the signer) or "Firmado". */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={status === 'signed' ? 'vk-badge vk-badge--success' : 'vk-badge vk-badge--warning'} data-testid="request-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
