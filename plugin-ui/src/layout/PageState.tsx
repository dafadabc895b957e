import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';

export interface PageStateProps {
  /** null while loading; the host's message when the data could not be read ('' for the kit's). */
  error: string | null;
  /** Shows "Reintentar" beside the error. */
  onRetry?(): void;
}

/**
 * "Cargando…" while a page's data is on its way, or the host's error (the kit's "No se han podido
 * cargar los datos" when it has none) with a retry.
 */
export function PageState({ error, onRetry }: PageStateProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (error === null) {
    return (
      <p role="status" className="muted">
        {t('page.loading')}
      </p>
    );
  }
  return (
    <div className="vk-alert vk-alert--danger" role="alert">
      <p>{error || t('page.loadError')}</p>
      {onRetry && (
        <button type="button" className="vk-btn vk-btn--light" onClick={onRetry}>
          {t('page.retry')}
        </button>
      )}
    </div>
  );
}
