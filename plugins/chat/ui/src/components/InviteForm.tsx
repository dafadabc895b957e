import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckListField, FormActions, FormMessages, PageState, UI_NAMESPACE, useDraftForm, useLoad } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { ChatApi, Group } from '../api';
import { GROUP_EMPLOYEES_MAX } from '../lists';

/**
 * "Invitar": the employees who are not in the group yet (members nor invited), from
 * `chat/all`, to invite with `chat/group/invite`. Hands out the group the host answers.
 */
export function InviteForm({ api, group, onDone, onCancel }: { api: ChatApi; group: Group; onDone(group: Group): void; onCancel(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { data, failed, reload } = useLoad(api.overview);
  const options = useMemo(() => {
    const inside = new Set(group.members.map((m) => m.user_id));
    return (data?.employees ?? []).filter((e) => !inside.has(e.user_id)).map((e) => ({ value: String(e.user_id), label: e.name }));
  }, [data, group.members]);
  const { draft, set, ctx, busy, errors, handleSubmit } = useDraftForm<{ employees: string[] }, number[]>(
    { employees: [] },
    {
      fields: ['employees'],
      toBody: (d) => d.employees.map(Number),
      validate: (d) => ({
        employees:
          d.employees.length === 0 ? t('invite.none') : d.employees.length > GROUP_EMPLOYEES_MAX ? t('groups.form.tooMany', { count: GROUP_EMPLOYEES_MAX }) : undefined,
      }),
      onSubmit: async (employees) => onDone(await api.groups.invite(group.group_id, employees)),
      fallback: t('invite.failed'),
    },
  );

  const title = t('invite.title', { name: group.name });
  return (
    <section className="card chat-panel" aria-label={title} data-testid="invite-panel">
      <h3 className="card__title">{title}</h3>
      {data === null ? (
        <PageState error={failed} onRetry={reload} />
      ) : (
        <form className="vk-form" aria-label={title} aria-busy={busy} noValidate onSubmit={handleSubmit}>
          <FormMessages errors={errors.errors} general={errors.general} testId="invite-errors" />
          <CheckListField ctx={ctx} field="employees" label={t('invite.employees')} options={options} value={draft.employees} onChange={(employees) => set({ employees })} empty={t('invite.nobodyLeft')} />
          <FormActions>
            <button type="submit" className="vk-btn vk-btn--primary" disabled={busy || options.length === 0}>
              {busy ? ui('form.saving') : t('invite.submit')}
            </button>
            <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={onCancel}>
              {t('cancel')}
            </button>
          </FormActions>
        </form>
      )}
    </section>
  );
}
