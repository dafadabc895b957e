import { useTranslation } from 'react-i18next';
import { useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';

/** Puts `text` on the clipboard; false where the browser has no clipboard or refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A student's personal link: "Copiar el enlace" (the clipboard, "Enlace de … copiado") and a link
 * that opens it in a new tab; "Sin enlace" when there is none (revoked).
 */
export function CopyLink({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  if (!url) {
    return (
      <span className="muted" data-testid="link-none">
        {t('links.none')}
      </span>
    );
  }
  return (
    <>
      <button
        type="button"
        className="vk-btn vk-btn--light"
        aria-label={t('links.copyNamed', { name })}
        data-testid="copy-link"
        onClick={() => void copyText(url).then((done) => (done ? toast.success(t('links.copied', { name })) : toast.error(t('links.copyFailed', { url }))))}
      >
        {t('links.copy')}
      </button>
      <a className="vk-btn vk-btn--light" href={url} target="_blank" rel="noreferrer" aria-label={t('links.openNamed', { name })} data-testid="open-link">
        {t('links.open')}
      </a>
    </>
  );
}
