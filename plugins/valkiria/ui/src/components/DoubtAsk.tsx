import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormMessages, NotesField, UI_NAMESPACE, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { isPin } from '../format';
import { MAX_DOUBT } from '../lists';
import { PinField } from './PinField';

/** What a doubt asked from a correction sends besides the student, question and attempt. */
export interface DoubtAsked {
  text: string;
  pin?: string;
}

interface DoubtAskProps {
  /** The question's number in the test. */
  number: number;
  twoFactor: boolean;
  send(doubt: DoubtAsked): Promise<unknown>;
  onRefused?(failure: unknown): void;
  /** The PIN's label ("PIN del alumno" by default). */
  pinLabel?: string;
}

/**
 * "Tengo una duda" under a corrected question: it opens a small form (the doubt's text; the PIN,
 * as the test asked it, when the student has two-factor), checked first; sent, it says "Duda
 * enviada" in its place. The host's errors under their fields (`REQ-102` on `pin`, `text`),
 * the rest above the form; `onRefused` is told of each refusal once shown.
 */
export function DoubtAsk({ number, twoFactor, send, onRefused, pinLabel }: DoubtAskProps) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <div className="valkiria-doubt-ask">
        <p className="vk-alert vk-alert--success" role="status" data-testid="doubt-sent">
          {t('ask.sent')}
        </p>
      </div>
    );
  }
  if (!open) {
    return (
      <div className="valkiria-doubt-ask">
        <button type="button" className="vk-btn vk-btn--light" aria-label={t('ask.actionNamed', { number })} data-testid="doubt-ask" onClick={() => setOpen(true)}>
          {t('ask.action')}
        </button>
      </div>
    );
  }
  return (
    <div className="valkiria-doubt-ask">
      <AskForm number={number} twoFactor={twoFactor} send={send} onRefused={onRefused} pinLabel={pinLabel} onSent={() => setSent(true)} onCancel={() => setOpen(false)} />
    </div>
  );
}

function AskForm({ number, twoFactor, send, onRefused, pinLabel, onSent, onCancel }: DoubtAskProps & { onSent(): void; onCancel(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ text: string; pin: string }, DoubtAsked>(
    { text: '', pin: '' },
    {
      fields: ['text', 'pin'],
      toBody: (d) => ({ text: d.text.trim(), ...(twoFactor ? { pin: d.pin.trim() } : {}) }),
      validate: (d) => ({
        text: d.text.trim() ? undefined : ui('form.required'),
        pin: twoFactor && !isPin(d.pin) ? t('take.pinNeeded') : undefined,
      }),
      onSubmit: async (body) => {
        await send(body);
        onSent();
      },
      onRefused,
      fallback: t('ask.error'),
    },
  );
  return (
    <form className="vk-form valkiria-inline-form" noValidate aria-label={t('ask.formNamed', { number })} aria-busy={busy} data-testid="doubt-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="doubt-form-errors" />
      <NotesField ctx={ctx} field="text" label={t('ask.text')} maxLength={MAX_DOUBT} value={draft.text} onChange={(text) => set({ text })} />
      {twoFactor && <PinField ctx={ctx} label={pinLabel} value={draft.pin} onChange={(pin) => set({ pin })} />}
      <FormActions>
        <button type="button" className="vk-btn vk-btn--light" disabled={busy} data-testid="doubt-cancel" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy} data-testid="doubt-send">
          {busy ? t('ask.sending') : t('ask.send')}
        </button>
      </FormActions>
    </form>
  );
}
