import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, namedField } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { TEXT_MAX } from '../lists';

/** The host's reason for a refused send: the error naming a field (`text`, `id`) first. */
export function sendFailure(failure: unknown): string {
  const items = errorList(failure);
  return (items.find((item) => namedField(item)) ?? items[0])?.details ?? '';
}

/**
 * The box a message is written in (up to 2000 characters): Enter sends, Shift+Enter starts a
 * new line; "Enviar" too. While sending, "Enviando..."; a refusal says "Error al enviar" and the
 * host's reason, and the text stays to try again. `note` goes under the box.
 */
export function Composer({ onSend, disabled = false, note }: { onSend(text: string): Promise<unknown>; disabled?: boolean; note?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const trimmed = text.trim();

  async function send() {
    if (sending || disabled || !trimmed) return;
    setSending(true);
    setFailed(null);
    try {
      await onSend(trimmed);
      // Cleared unless more was written while it went.
      setText((now) => (now === text ? '' : now));
    } catch (failure) {
      setFailed(sendFailure(failure));
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  const described = [failed !== null ? `${id}-error` : null, note ? `${id}-note` : null].filter(Boolean).join(' ') || undefined;

  return (
    <form
      className="chat-composer"
      aria-label={t('composer.label')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        id={id}
        className="vk-input chat-composer__text"
        rows={3}
        maxLength={TEXT_MAX}
        value={text}
        disabled={disabled}
        placeholder={t('composer.placeholder')}
        aria-label={t('composer.text')}
        aria-invalid={failed !== null ? true : undefined}
        aria-describedby={described}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__bar">
        <span className="muted chat-composer__count" data-testid="composer-count">
          {text.length}/{TEXT_MAX}
        </span>
        {sending && (
          <span role="status" className="muted" data-testid="composer-sending">
            {t('composer.sending')}
          </span>
        )}
        <button type="submit" className="vk-btn vk-btn--primary" disabled={disabled || sending || !trimmed}>
          {t('composer.send')}
        </button>
      </div>
      {failed !== null && (
        <div className="vk-error" role="alert" id={`${id}-error`} data-testid="composer-error">
          <strong>{t('composer.failed')}</strong>
          {failed && <span data-testid="composer-error-detail">{failed}</span>}
        </div>
      )}
      {note && (
        <p className="muted chat-composer__note" id={`${id}-note`} data-testid="composer-note">
          {note}
        </p>
      )}
      <small className="muted">{t('composer.hint')}</small>
    </form>
  );
}
