import { useTranslation } from 'react-i18next';
import { ErrorList } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';

/** "Cargando…" while data is on its way, or the host's error (the kit's list) with a retry. */
export function LoadState({ error, onRetry, testId }: { error: string | null; onRetry?(): void; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (error === null) {
    return (
      <p role="status" className="muted" data-testid={testId}>
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="clock-load-error" data-testid={testId}>
      <ErrorList messages={[error || t('loadError')]} testId={testId ? `${testId}-errors` : 'load-errors'} />
      {onRetry && (
        <button type="button" className="vk-btn vk-btn--light" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
