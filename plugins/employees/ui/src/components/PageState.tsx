import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

/** "Cargando…" while a page's data is on its way, or the host's error with a retry. */
export function PageState({ error, onRetry }: { error: string | null; onRetry?(): void }) {
  const { t } = useTranslation(NAMESPACE);
  if (error === null) {
    return (
      <p role="status" className="muted">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="vk-alert vk-alert--danger" role="alert">
      <p>{error || t('loadError')}</p>
      {onRetry && (
        <button type="button" className="vk-btn vk-btn--light" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
