import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { CategoryStatus, ProductStatus, RecordState } from '../api';

const STATUS_TONE: Record<ProductStatus, string> = { published: 'vk-badge--success', featured: 'vk-badge--warning', hidden: '', discontinued: 'vk-badge--danger' };
const STATE_TONE: Record<RecordState, string> = { active: 'vk-badge--success', inactive: '', deleted: 'vk-badge--danger' };

/** A product's status: "Publicado", "Destacado", "Oculto", "Descatalogado". */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${STATUS_TONE[status] ?? ''}`} data-testid="product-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A category's status: "Pública" (the web shop shows it) or "Privada". */
export function CategoryStatusBadge({ status }: { status: CategoryStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${status === 'publish' ? 'vk-badge--success' : ''}`} data-testid="category-status" data-status={status}>
      {t(`categoryStatus.${status}`)}
    </span>
  );
}

/** A record's state: "Activo", "Inactivo", "Eliminado". */
export function StateBadge({ state, testId = 'record-state' }: { state: RecordState; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${STATE_TONE[state] ?? ''}`} data-testid={testId} data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}

/** "Pack": a product that bundles others. */
export function PackBadge() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className="vk-badge vk-badge--warning" data-testid="pack-badge">
      {t('pack')}
    </span>
  );
}
