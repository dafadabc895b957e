import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import { useToast } from '../toast/ToastProvider';

/** Puts `text` on the clipboard; false where the browser has no clipboard (an insecure page) or refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export interface CopyOptions {
  /** Whose link it is: the toast says "Enlace de <name> copiado". */
  name?: string;
  /** The toast once copied, instead of the kit's. */
  copied?: string;
  /** The toast when it could not be copied, given the text to copy by hand. */
  failed?: (text: string) => string;
}

/**
 * What "Copiar" does, for a place that is not a `<CopyLink>` (an entry of an `<ActionsMenu>`):
 * `copy(text, options)` puts it on the clipboard and says so in a toast ("Enlace de <name>
 * copiado", or "Copiado al portapapeles"); where the browser will not copy, an error toast that
 * stays until closed shows the text to copy by hand. It answers whether it was copied.
 */
export function useCopy(): (text: string, options?: CopyOptions) => Promise<boolean> {
  const { t } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  return useCallback(
    async (text: string, { name, copied, failed }: CopyOptions = {}) => {
      const done = await copyText(text);
      if (done) toast.success(copied ?? (name ? t('copy.copiedNamed', { name }) : t('copy.copied')));
      else toast.error(failed ? failed(text) : t('copy.failed', { text }), { timeoutMs: 0 });
      return done;
    },
    [t, toast],
  );
}

/** A plugin's own wording in place of the kit's. */
export interface CopyLinkTexts {
  /** The button's text, instead of "Copiar". */
  copy?: string;
  /** The toast once copied, instead of "Enlace de <name> copiado" / "Copiado al portapapeles". */
  copied?: string;
  /** The toast when it could not be copied, given the text to copy by hand. */
  failed?: (text: string) => string;
  /** Shown when there is nothing to copy, instead of "No hay enlace disponible". */
  none?: string;
}

export interface CopyLinkProps {
  /** What goes on the clipboard: a link (or any text, such as a key). Null or '' shows "No hay enlace disponible". */
  text: string | null | undefined;
  /** Whose link it is: the button is named "Copiar el enlace de <name>" and the toast says "Enlace de <name> copiado". */
  name?: string;
  /** The button's accessible name when neither its text nor `name` says what it copies ("Copiar la clave de la API web"). */
  label?: string;
  /** The link itself before the button, opening in a new tab (`<testId>-url`). */
  showUrl?: boolean;
  texts?: CopyLinkTexts;
  /** Classes added to the whole (`vk-copy`). */
  className?: string;
  /** `<testId>-url` the link, `<testId>-copy` the button, `<testId>-none` the text without one. */
  testId?: string;
}

/**
 * "Copiar": puts a link (or a key) on the clipboard and says so in a toast ("Enlace de Ana
 * copiado", or "Copiado al portapapeles" without `name`). Where the browser will not copy (an
 * insecure page, a refusal) an error toast that stays until closed shows the text to copy by hand.
 * `showUrl` puts the link before the button; with nothing to copy it says "No hay enlace
 * disponible". `texts` puts a plugin's own wording in place of the kit's.
 */
export function CopyLink({ text, name, label, showUrl = false, texts = {}, className, testId = 'copy-link' }: CopyLinkProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const copy = useCopy();
  if (!text) {
    return (
      <span className="muted" data-testid={`${testId}-none`}>
        {texts.none ?? t('copy.none')}
      </span>
    );
  }
  const value = text;
  return (
    <span className={['vk-copy', className].filter(Boolean).join(' ')}>
      {showUrl && (
        <a href={value} target="_blank" rel="noopener noreferrer" className="vk-copy__url" data-testid={`${testId}-url`}>
          {value}
        </a>
      )}
      <button
        type="button"
        className="vk-btn vk-btn--light"
        aria-label={label ?? (name ? t('copy.copyNamed', { name }) : undefined)}
        data-testid={`${testId}-copy`}
        onClick={() => void copy(value, { name, copied: texts.copied, failed: texts.failed })}
      >
        {texts.copy ?? t('copy.copy')}
      </button>
    </span>
  );
}
