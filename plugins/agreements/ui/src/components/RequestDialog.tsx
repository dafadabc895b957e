import { useTranslation } from 'react-i18next';
import { CheckField, Dialog, FieldErrorMessage, FormMessages, InputField, SearchPicker, SubmitActions, UI_NAMESPACE, fieldId, useDraftForm, useToast, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { AgreementDetail, AgreementsApi, FoundContact, RequestCreate, SignRequest } from '../api';
import { MAX_DGT_CODE, MAX_NAME } from '../lists';

export const REQUEST_FIELDS = ['agreement_id', 'contact_id', 'email', 'send_mail', 'dgt_register_code', 'name'] as const;

export interface RequestDraft {
  contact: FoundContact | null;
  email: string;
  send_mail: boolean;
  dgt_register_code: string;
  /** The signer's name, when no contact is chosen. */
  name: string;
}

export const emptyRequest = (): RequestDraft => ({ contact: null, email: '', send_mail: false, dgt_register_code: '', name: '' });

/** What `agreement/request/create` gets: the contact's details fill in the rest on the host. */
export function requestBody(agreementId: number, draft: RequestDraft): RequestCreate {
  const name = draft.name.trim();
  return {
    agreement_id: agreementId,
    ...(draft.contact ? { contact_id: draft.contact.id } : {}),
    email: draft.email.trim(),
    send_mail: draft.send_mail,
    dgt_register_code: draft.dgt_register_code.trim(),
    ...(!draft.contact && name ? { signer: { name } } : {}),
  };
}

/**
 * "Solicitar firma": who signs — a contact found with the contacts module's finder (optional:
 * their details fill in the signer's, their address the e-mail, their DGT record the code) or
 * just a name —, the e-mail address, "Enviar el enlace por correo" (an address is needed then,
 * the contact's will do) and the DGT register code. `agreement/request/create`; the host's
 * errors go under their field.
 */
export function RequestDialog({ api, agreement, onClose, onCreated }: { api: AgreementsApi; agreement: AgreementDetail; onClose(): void; onCreated(request: SignRequest): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const { formId, draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(emptyRequest, {
    fields: REQUEST_FIELDS,
    toBody: (d) => requestBody(agreement.id, d),
    validate: (d): FieldErrors => (d.send_mail && !d.email.trim() && !d.contact?.email ? { email: t('request.errors.email') } : {}),
    onSubmit: async (body) => {
      const request = await api.requests.create(body);
      toast.success(request.mailed ? t('request.mailed', { email: request.email }) : t('request.created'));
      onCreated(request);
    },
    fallback: t('actionError'),
  });
  const contactId = fieldId(formId, 'contact_id');

  return (
    <Dialog title={t('request.title', { name: agreement.name })} onClose={onClose} testId="request-dialog">
      <form className="vk-form" aria-label={t('request.form')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId="request-errors" />
        <FieldErrorMessage form={formId} field="agreement_id" error={errors.errors.agreement_id} />
        <div className="vk-field vk-field--wide" role="group" aria-labelledby={`${contactId}-label`} id={contactId}>
          <span className="vk-label" id={`${contactId}-label`}>
            {t('request.fields.contact')}
          </span>
          {draft.contact ? (
            <p className="agreements-inline" data-testid="request-contact">
              <strong>{draft.contact.display_name}</strong>
              {draft.contact.fiscal_code && <span className="muted">{draft.contact.fiscal_code}</span>}
              <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={() => set({ contact: null })}>
                {t('request.removeContact')}
              </button>
            </p>
          ) : (
            <SearchPicker<FoundContact>
              find={api.contacts.find}
              itemKey={(c) => c.id}
              itemLabel={(c) => c.display_name}
              itemDetail={(c) => c.fiscal_code}
              placeholder={t('request.contactSearch')}
              label={t('request.fields.contact')}
              disabled={busy}
              testId="contact-finder"
              onChoose={(contact) => set({ contact, email: draft.email || contact.email || '' })}
            />
          )}
          <small className="muted">{t('request.contactHint')}</small>
          <FieldErrorMessage form={formId} field="contact_id" error={errors.errors.contact_id} />
        </div>
        <div className="vk-form__grid">
          {!draft.contact && <InputField ctx={ctx} field="name" label={t('request.fields.name')} value={draft.name} maxLength={MAX_NAME} onChange={(name) => set({ name })} />}
          <InputField ctx={ctx} field="email" label={t('request.fields.email')} value={draft.email} maxLength={200} onChange={(email) => set({ email })} />
          <CheckField ctx={ctx} field="send_mail" label={t('request.fields.send_mail')} checked={draft.send_mail} onChange={(send_mail) => set({ send_mail })} />
          <InputField
            ctx={ctx}
            field="dgt_register_code"
            label={t('request.fields.dgt_register_code')}
            value={draft.dgt_register_code}
            maxLength={MAX_DGT_CODE}
            hint={draft.contact ? t('request.dgtHint') : undefined}
            onChange={(dgt_register_code) => set({ dgt_register_code })}
          />
        </div>
        <SubmitActions busy={busy} label={t('request.submit')}>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {ui('common.cancel')}
          </button>
        </SubmitActions>
      </form>
    </Dialog>
  );
}
