import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { TemaryStatus } from '../api';

/** A syllabus's status: "Desarrollo" or "Publicado". */
export function StatusBadge({ status }: { status: TemaryStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={status === 'publish' ? 'vk-badge vk-badge--success' : 'vk-badge vk-badge--warning'} data-testid="temary-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
