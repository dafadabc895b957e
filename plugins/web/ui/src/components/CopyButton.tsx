import { useTranslation } from 'react-i18next';
import { useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';

/**
 * "Copiar": puts `text` on the clipboard ("Copiado"); where there is no clipboard (an insecure
 * page, a refusal) the toast shows the text to copy by hand.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copy.done'));
    } catch {
      toast.info(t('copy.byHand', { text }));
    }
  }
  return (
    <button type="button" className="vk-btn vk-btn--light" aria-label={label} onClick={() => void copy()}>
      {t('copy.action')}
    </button>
  );
}
