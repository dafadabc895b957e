import { useTranslation } from 'react-i18next';
import { useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';

/**
 * A button that puts `text` on the clipboard ("Enlace copiado"); where there is no clipboard (an
 * insecure page, a refusal) the toast shows the text to copy by hand.
 */
export function CopyLink({ text, label, testId }: { text: string; label: string; testId: string }) {
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
    <button type="button" className="vk-btn vk-btn--light" data-testid={testId} onClick={() => void copy()}>
      {label}
    </button>
  );
}
