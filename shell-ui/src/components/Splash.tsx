import { useTranslation } from 'react-i18next';

/** While the session is checked or a page loads. */
export function Splash({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'splash splash--inline' : 'splash'} role="status" aria-live="polite">
      <span className="splash__spinner" aria-hidden="true" />
      <span className="splash__text">{t('common.loading')}</span>
    </div>
  );
}
