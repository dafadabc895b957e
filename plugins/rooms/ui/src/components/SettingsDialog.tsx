import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, FormMessages, InputField, PageState, SubmitActions, UI_NAMESPACE, useDraftForm, useLoad, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { RoomsApi, Settings } from '../api';

const SETTINGS_FIELDS = ['meeting_server'] as const;

/**
 * "Ajustes": the meeting server (`GET|POST athena/settings`), the Jitsi Meet server whose
 * meetings the rooms open (`https://meet.jit.si` until changed). The host checks the address.
 */
export function SettingsDialog({ api, onClose }: { api: RoomsApi; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const settings = useLoad(api.settings.read);
  return (
    <Dialog title={t('settings.title')} onClose={onClose} wide testId="settings-dialog">
      {settings.data ? (
        <SettingsForm api={api} settings={settings.data} onClose={onClose} />
      ) : (
        <PageState error={settings.failed} onRetry={settings.reload} />
      )}
    </Dialog>
  );
}

function SettingsForm({ api, settings, onClose }: { api: RoomsApi; settings: Settings; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const initial = useMemo(() => ({ meeting_server: settings.meeting_server ?? '' }), [settings]);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm(initial, {
    fields: SETTINGS_FIELDS,
    toBody: (d) => (d.meeting_server.trim() ? { meeting_server: d.meeting_server.trim().replace(/\/+$/, '') } : null),
    required: 'meeting_server',
    onSubmit: async (body: Settings) => {
      await api.settings.save(body);
      toast.success(t('settings.saved'));
      onClose();
    },
    fallback: t('actionError'),
  });
  return (
    <form className="vk-form" aria-label={t('settings.title')} aria-busy={busy} noValidate onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="settings-errors" />
      <InputField
        ctx={ctx}
        field="meeting_server"
        label={t('settings.meeting_server')}
        value={draft.meeting_server}
        required
        hint={t('settings.hint')}
        onChange={(meeting_server) => set({ meeting_server })}
      />
      <p className="muted" data-testid="settings-note">
        {t('settings.note')}
      </p>
      <SubmitActions busy={busy} label={t('settings.submit')}>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {ui('common.cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
