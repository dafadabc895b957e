import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormMessages, InputField, UI_NAMESPACE, useDraftForm, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CustomerApi } from './session';
import { looksLikeEmail } from './checks';

export interface AccessFormProps {
  api: CustomerApi;
  /**
   * The area's page the mailed link opens (its path and `product` ids, never the key or the
   * token: the host adds them); the dashboard when absent.
   */
  next?: string;
  /** What the form says before sending and once sent; the dashboard's when absent. */
  messages?: { explain: string; sent: string };
}

/**
 * "Acceder al área de cliente": an e-mail to send the access link to
 * (`POST web/api/user/access {email, next?}`, key only), then the same notice whether or not the
 * e-mail is a customer's, and "Enviar otro enlace". The dashboard's, and the guest's on a new order.
 */
export function AccessForm({ api, next, messages }: AccessFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const [sent, setSent] = useState(false);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ email: string }, { email: string }>({ email: '' }, {
    fields: ['email'],
    toBody: (d) => ({ email: d.email.trim() }),
    validate: (d): FieldErrors => {
      const email = d.email.trim();
      if (!email) return { email: ui('form.required') };
      return looksLikeEmail(email) ? {} : { email: ui('form.email') };
    },
    onSubmit: async (body) => {
      await api.access(body.email, next);
      setSent(true);
    },
    fallback: t('actionError'),
  });

  return sent ? (
    <>
      <p className="vk-alert vk-alert--success" role="status" data-testid="access-sent">
        {messages?.sent ?? t('customer.access.sent')}
      </p>
      <button type="button" className="vk-btn vk-btn--light" onClick={() => setSent(false)}>
        {t('customer.access.again')}
      </button>
    </>
  ) : (
    <form className="vk-form" aria-label={t('customer.access.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <p className="muted web-hint">{messages?.explain ?? t('customer.access.explain')}</p>
      <FormMessages errors={errors.errors} general={errors.general} testId="access-errors" />
      <InputField ctx={ctx} field="email" label={t('customer.access.email')} value={draft.email} required onChange={(email) => set({ email })} />
      <FormActions>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy}>
          {busy ? t('customer.access.sending') : t('customer.access.submit')}
        </button>
      </FormActions>
    </form>
  );
}
