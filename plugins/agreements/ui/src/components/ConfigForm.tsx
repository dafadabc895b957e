import { useTranslation } from 'react-i18next';
import { CheckField, InputField, NotesField, PageState, SubmitActions, UI_NAMESPACE, useDraftForm, useLoad, useToast, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AgreementConfig, AgreementsApi } from '../api';
import { FormCard } from './FormCard';
import { MAX_ADDRESS, MAX_BODY, MAX_NAME, MAX_SUBJECT, MAX_VALID_DAYS, MIN_VALID_DAYS, URL_PLACEHOLDER } from '../lists';

export const CONFIG_FIELDS = ['valid_days', 'mail_subject', 'mail_body', 'send_copy', 'business_name', 'business_nif', 'business_address'] as const;

/** The configuration as the form holds it (the days as typed). */
export type ConfigDraft = Omit<AgreementConfig, 'valid_days'> & { valid_days: string };

export const configDraft = (config: AgreementConfig): ConfigDraft => ({ ...config, valid_days: String(config.valid_days) });

/** The whole configuration to send (texts trimmed), or null while the days are not a whole number. */
export function configBody(draft: ConfigDraft): AgreementConfig | null {
  if (!/^\d+$/.test(draft.valid_days.trim())) return null;
  return {
    valid_days: Number(draft.valid_days),
    mail_subject: draft.mail_subject.trim(),
    mail_body: draft.mail_body.trim(),
    send_copy: draft.send_copy,
    business_name: draft.business_name.trim(),
    business_nif: draft.business_nif.trim(),
    business_address: draft.business_address.trim(),
  };
}

/** Whether the mail's body carries the signing page's address (`{{ url }}`, as the host takes it). */
export const hasUrlPlaceholder = (body: string) => body.includes(URL_PLACEHOLDER) || body.includes('{{url}}');

/**
 * The module's configuration (`agreement/config/read`, then `agreement/config/save` with all of
 * it): how many days a link lasts, the request mail (its body must carry `{{ url }}`), whether
 * the signer gets the signed copy, and the business's name, NIF and address the `business_*`
 * variables print. The host's errors go under their field.
 */
export function ConfigForm({ api }: { api: AgreementsApi }) {
  const config = useLoad(api.config.read);
  if (!config.data) return <PageState error={config.failed} onRetry={config.reload} />;
  return <LoadedConfigForm api={api} config={config.data} />;
}

function LoadedConfigForm({ api, config }: { api: AgreementsApi; config: AgreementConfig }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm(() => configDraft(config), {
    fields: CONFIG_FIELDS,
    toBody: configBody,
    validate: (d): FieldErrors => {
      const found: FieldErrors = {};
      const days = Number(d.valid_days);
      if (!/^\d+$/.test(d.valid_days.trim()) || days < MIN_VALID_DAYS || days > MAX_VALID_DAYS) found.valid_days = t('config.errors.validDays', { min: MIN_VALID_DAYS, max: MAX_VALID_DAYS });
      if (!d.mail_subject.trim()) found.mail_subject = ui('form.required');
      if (!d.mail_body.trim()) found.mail_body = ui('form.required');
      else if (!hasUrlPlaceholder(d.mail_body)) found.mail_body = t('config.errors.url', { url: URL_PLACEHOLDER });
      return found;
    },
    onSubmit: async (body) => {
      setDraft(configDraft(await api.config.save(body)));
      toast.success(t('config.saved'));
    },
    fallback: t('actionError'),
  });

  return (
    <FormCard id="agreements-config-title" title={t('config.title')} busy={busy} errors={errors} errorsTestId="config-errors" testId="agreement-config" onSubmit={handleSubmit}>
      <div className="vk-form__grid">
        <InputField
          ctx={ctx}
          field="valid_days"
          label={t('config.fields.valid_days')}
          value={draft.valid_days}
          inputMode="numeric"
          required
          hint={t('config.hints.valid_days', { min: MIN_VALID_DAYS, max: MAX_VALID_DAYS })}
          onChange={(valid_days) => set({ valid_days })}
        />
        <CheckField ctx={ctx} field="send_copy" label={t('config.fields.send_copy')} checked={draft.send_copy} hint={t('config.hints.send_copy')} onChange={(send_copy) => set({ send_copy })} />
        <InputField ctx={ctx} field="mail_subject" label={t('config.fields.mail_subject')} value={draft.mail_subject} maxLength={MAX_SUBJECT} required onChange={(mail_subject) => set({ mail_subject })} />
      </div>
      <NotesField ctx={ctx} field="mail_body" label={t('config.fields.mail_body')} value={draft.mail_body} maxLength={MAX_BODY} onChange={(mail_body) => set({ mail_body })} />
      <p className="muted agreements-hint" data-testid="config-mail-hint">
        {t('config.hints.mail_body', { url: URL_PLACEHOLDER, name: '{{ name }}', agreement: '{{ agreement }}', business: '{{ business_name }}' })}
      </p>
      <h3 className="agreements-subtitle">{t('config.business')}</h3>
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="business_name" label={t('config.fields.business_name')} value={draft.business_name} maxLength={MAX_NAME} onChange={(business_name) => set({ business_name })} />
        <InputField ctx={ctx} field="business_nif" label={t('config.fields.business_nif')} value={draft.business_nif} maxLength={20} onChange={(business_nif) => set({ business_nif })} />
        <InputField ctx={ctx} field="business_address" label={t('config.fields.business_address')} value={draft.business_address} maxLength={MAX_ADDRESS} onChange={(business_address) => set({ business_address })} />
      </div>
      <SubmitActions busy={busy} label={t('config.save')} />
    </FormCard>
  );
}
