import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { ContactSchemas } from '../schema';

/** What a form's place shows until its schemas are there: "Cargando…", or the error with a retry. */
export function SchemasState({ schemas }: { schemas: ContactSchemas }) {
  const { t } = useTranslation(NAMESPACE);
  if (!schemas.failed) {
    return (
      <p role="status" className="muted" data-testid="schemas-loading">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="vk-alert vk-alert--danger" role="alert" data-testid="schemas-error">
      <p>{t('schemas.loadError')}</p>
      <button type="button" className="vk-btn vk-btn--light" onClick={schemas.reload}>
        {t('schemas.retry')}
      </button>
    </div>
  );
}
