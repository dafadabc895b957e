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
 * Someone's personal link: the address (opens in a new tab) and "Copiar" (the clipboard, "Enlace
 * copiado"); "No hay enlace disponible" when there is none (deleted, revoked or expired).
 */
export function CopyLink({ url, name, testId = 'link' }: { url: string | null; name: string; testId?: string }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  if (!url) {
    return (
      <span className="muted" data-testid={`${testId}-none`}>
        {t('links.none')}
      </span>
    );
  }
  return (
    <span className="rooms-link" data-testid={testId}>
      <a href={url} target="_blank" rel="noreferrer" className="rooms-link__url" data-testid={`${testId}-url`}>
        {url}
      </a>
      <button
        type="button"
        className="vk-btn vk-btn--light"
        aria-label={t('links.copyNamed', { name })}
        onClick={() =>
          void copyText(url).then((done) => (done ? toast.success(t('links.copied', { name })) : toast.error(t('links.copyFailed'))))
        }
      >
        {t('links.copy')}
      </button>
    </span>
  );
}
