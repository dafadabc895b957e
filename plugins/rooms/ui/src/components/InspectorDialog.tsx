import { useTranslation } from 'react-i18next';
import { CheckField, Dialog, FormMessages, InputField, SubmitActions, UI_NAMESPACE, useDraftForm, type FieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Inspector, InspectorFields, Room, RoomsApi } from '../api';
import { MAX_EMAIL, MAX_NAME, MAX_ORGANISATION } from '../lists';

export const INSPECTOR_FIELDS = ['room_id', 'name', 'email', 'organisation', 'send'] as const;

interface InspectorDraft {
  name: string;
  email: string;
  organisation: string;
  send: boolean;
}

const emptyInspector = (): InspectorDraft => ({ name: '', email: '', organisation: '', send: false });

/** What `athena/create/inspector` gets (text trimmed), or null without a name. */
export function inspectorBody(roomId: number, draft: InspectorDraft): InspectorFields | null {
  const name = draft.name.trim();
  if (!name) return null;
  return { room_id: roomId, name, email: draft.email.trim(), organisation: draft.organisation.trim(), send: draft.send };
}

/**
 * "Nuevo inspector": name (required), e-mail, organisation and "Enviar el enlace por correo" (an
 * address is needed then). `athena/create/inspector` answers the inspector with their link; the
 * host's errors go under their field.
 */
export function InspectorDialog({ api, room, onClose, onCreated }: { api: RoomsApi; room: Room; onClose(): void; onCreated(inspector: Inspector, sent: boolean): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(emptyInspector, {
    fields: INSPECTOR_FIELDS,
    toBody: (d) => inspectorBody(room.id, d),
    required: 'name',
    validate: (d): FieldErrors => (d.send && !d.email.trim() ? { email: t('inspectors.errors.emailToSend') } : {}),
    onSubmit: async (body) => onCreated(await api.inspectors.create(body), body.send),
    fallback: t('actionError'),
  });

  return (
    <Dialog title={t('inspectors.create.title')} onClose={onClose} wide testId="inspector-dialog">
      <form className="vk-form" aria-label={t('inspectors.create.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <FormMessages errors={errors.errors} general={errors.general} testId="inspector-errors" />
        <div className="vk-form__grid">
          <InputField ctx={ctx} field="name" label={t('inspectors.fields.name')} value={draft.name} maxLength={MAX_NAME} required onChange={(name) => set({ name })} />
          <InputField ctx={ctx} field="organisation" label={t('inspectors.fields.organisation')} value={draft.organisation} maxLength={MAX_ORGANISATION} hint={t('inspectors.create.organisationHint')} onChange={(organisation) => set({ organisation })} />
          <InputField ctx={ctx} field="email" label={t('inspectors.fields.email')} value={draft.email} maxLength={MAX_EMAIL} onChange={(email) => set({ email })} />
          <CheckField ctx={ctx} field="send" label={t('inspectors.fields.send')} checked={draft.send} onChange={(send) => set({ send })} />
        </div>
        <SubmitActions busy={busy} label={t('inspectors.create.submit')}>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {ui('common.cancel')}
          </button>
        </SubmitActions>
      </form>
    </Dialog>
  );
}
