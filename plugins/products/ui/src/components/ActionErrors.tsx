import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiErrorItem } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { productViewPath } from '../paths';

/** The pack an error names (`product/delete`'s CONFLICT-000 carries `data.pack_id`). */
export function packOf(item: ApiErrorItem): number | null {
  const id = (item.data as { pack_id?: unknown } | null)?.pack_id;
  return typeof id === 'number' && id > 0 ? id : null;
}

/**
 * A refused action's errors above a list or a record: the host's message (or its code), and
 * for a product a pack holds, a link to that pack ("Abrir el pack").
 */
export function ActionErrors({ errors, testId }: { errors: ApiErrorItem[]; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (errors.length === 0) return null;
  return (
    <div className="vk-alert vk-alert--danger" role="alert" data-testid={testId}>
      <ul className="products-errors">
        {errors.map((item, i) => {
          const pack = packOf(item);
          return (
            <li key={`${i}-${item.code}`}>
              {item.details || item.code}
              {pack && (
                <>
                  {' '}
                  <Link to={productViewPath(pack, true)}>{t('products.delete.openPack')}</Link>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
