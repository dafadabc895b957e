import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  FormActions,
  FormMessages,
  InputField,
  NotesField,
  PageState,
  SelectField,
  UI_NAMESPACE,
  changedFields,
  useApi,
  useDraftForm,
  useLoad,
  useRecord,
  useToast,
  type FieldErrors,
} from '@volante/plugin-ui';
import { useRemoveAndLeave } from '../../components/useRemoveAndLeave';
import { usePageLayout } from '../../layout/LayoutContext';
import { LevelBadge, NOTIFICATION_LEVELS, formatMinute, type NotificationLevel } from '../../components/NotificationLevel';
import { providerCalls } from './api';
import type { PanelGroup } from './GroupsPanel';
import { NOTIFICATION_LIST_PATH, notificationViewPath } from './paths';
import type { NotificationFields, ProviderNotification } from './types';

export const NOTIFICATION_FIELDS = ['title', 'body', 'level', 'group_id', 'business_group_id'] as const;
export const MAX_TITLE = 150;
export const MAX_BODY = 5000;

/** The form's draft: the selects' values ('' for none / every school). */
interface Draft {
  title: string;
  body: string;
  level: NotificationLevel;
  group_id: string;
  business_group_id: string;
}

function draftOf(n: ProviderNotification | null): Draft {
  if (!n) return { title: '', body: '', level: 'info', group_id: '', business_group_id: '' };
  return {
    title: n.title,
    body: n.body ?? '',
    level: n.level,
    group_id: n.group ? String(n.group.group_id) : '',
    business_group_id: n.business_group ? String(n.business_group.group_id) : '',
  };
}

/** A stored notification's fields as the form sends them, to tell what an update changes. */
function fieldsOf(n: ProviderNotification): NotificationFields {
  return {
    title: n.title,
    body: n.body ?? '',
    level: n.level,
    group_id: n.group?.group_id ?? null,
    business_group_id: n.business_group?.group_id ?? null,
  };
}

function bodyOf(draft: Draft): NotificationFields | null {
  const title = draft.title.trim();
  if (!title) return null;
  return {
    title,
    body: draft.body.trim(),
    level: draft.level,
    group_id: draft.group_id ? Number(draft.group_id) : null,
    business_group_id: draft.business_group_id ? Number(draft.business_group_id) : null,
  };
}

/** The groups offered: the loaded ones, plus the notification's own when it is not among them. */
function withCurrent(groups: PanelGroup[] | null, current: { group_id: number; name: string } | null | undefined) {
  const options = (groups ?? []).map((g) => ({ value: String(g.group_id), label: g.name }));
  if (current && !options.some((o) => o.value === String(current.group_id))) options.push({ value: String(current.group_id), label: current.name });
  return options;
}

/**
 * /facilauto/notifications/view/:facilauto_notification_id (0: a new one). The form (title, body,
 * level, notification group, recipients: every school or a business group) creates it, or updates
 * it sending only what changed; "Eliminar" (asked first) takes it out of every inbox.
 */
export default function NotificationViewPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => providerCalls(api), [api]);
  const raw = useParams().facilauto_notification_id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const isNew = id === 0;
  const navigate = useNavigate();
  const toast = useToast();
  const groups = useLoad(calls.notificationGroups.list);
  const businessGroups = useLoad(calls.businessGroups.list);
  const { record, show, failed, formKey, load } = useRecord<ProviderNotification>(Math.max(id, 0), calls.notifications.read);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const removeAndLeave = useRemoveAndLeave(setBusy, setFailures);

  const title = isNew ? t('provider.notifications.new') : (record?.title ?? t('provider.notifications.one'));
  usePageLayout({
    title,
    breadcrumbs: [{ label: t('menu.provider') }, { label: t('provider.notifications.title'), to: NOTIFICATION_LIST_PATH }, { label: title }],
  });

  if (id < 0) return <PageState error={t('provider.notifications.notFound')} />;
  if (!isNew && failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!isNew && !record) return <PageState error={null} />;

  async function remove() {
    if (!record) return;
    await removeAndLeave({
      title: t('provider.notifications.deleteTitle'),
      message: t('provider.notifications.deleteMessage', { title: record.title }),
      confirmLabel: t('provider.notifications.delete'),
      call: () => calls.notifications.remove(record.notification_id),
      done: t('provider.notifications.deleted', { title: record.title }),
      to: NOTIFICATION_LIST_PATH,
      fallback: t('provider.notifications.deleteError'),
    });
  }

  async function save(body: NotificationFields) {
    if (!record) {
      const created = await calls.notifications.create(body);
      toast.success(t('provider.notifications.created', { title: created.title }));
      navigate(notificationViewPath(created.notification_id), { replace: true });
      return;
    }
    const changed = changedFields(body, fieldsOf(record));
    if (Object.keys(changed).length === 0) {
      toast.info(t('provider.notifications.noChanges'));
      return;
    }
    show(await calls.notifications.update(record.notification_id, changed));
    toast.success(t('provider.notifications.saved', { title: body.title }));
  }

  return (
    <div className="provider-notification" data-testid="notification-view">
      {record && (
        <section className="card provider-notification__head">
          <div>
            <p className="provider-notification__badges">
              <LevelBadge level={record.level} />
              <span className="muted">{record.business_group?.name ?? t('provider.notifications.allSchools')}</span>
            </p>
            <p className="muted" data-testid="notification-meta">
              {record.created_by_name
                ? t('provider.notifications.sentBy', { date: formatMinute(record.created_at), name: record.created_by_name })
                : t('provider.notifications.sentOn', { date: formatMinute(record.created_at) })}{' '}
              · {t('provider.notifications.readCount', { count: record.reads ?? 0 })}
            </p>
          </div>
          <button type="button" className="vk-btn vk-btn--danger" disabled={busy} onClick={() => void remove()}>
            {t('provider.notifications.delete')}
          </button>
          <ErrorList messages={failures} testId="notification-action-errors" />
        </section>
      )}
      <section className="card" aria-labelledby="notification-form-title">
        <h2 id="notification-form-title" className="card__title">
          {isNew ? t('provider.notifications.new') : t('provider.notifications.edit')}
        </h2>
        <NotificationForm
          key={formKey}
          notification={record}
          groups={withCurrent(groups.data, record?.group)}
          businessGroups={withCurrent(businessGroups.data, record?.business_group)}
          disabled={busy}
          onSubmit={save}
        />
      </section>
    </div>
  );
}

function NotificationForm({
  notification,
  groups,
  businessGroups,
  disabled,
  onSubmit,
}: {
  notification: ProviderNotification | null;
  groups: { value: string; label: string }[];
  businessGroups: { value: string; label: string }[];
  disabled: boolean;
  onSubmit(body: NotificationFields): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<Draft, NotificationFields>(() => draftOf(notification), {
    fields: NOTIFICATION_FIELDS,
    toBody: bodyOf,
    required: 'title',
    validate: (d) => {
      const messages: FieldErrors = {};
      if (Array.from(d.title.trim()).length > MAX_TITLE) messages.title = ui('form.maxLength', { count: MAX_TITLE });
      if (Array.from(d.body.trim()).length > MAX_BODY) messages.body = ui('form.maxLength', { count: MAX_BODY });
      return messages;
    },
    onSubmit,
    fallback: t('provider.notifications.saveError'),
    disabled,
  });
  const levels = NOTIFICATION_LEVELS.map((level) => ({ value: level, label: t(`notificationLevel.${level}`) }));
  return (
    <form className="vk-form" noValidate onSubmit={handleSubmit} aria-label={notification ? t('provider.notifications.edit') : t('provider.notifications.new')} aria-busy={busy}>
      <FormMessages errors={errors.errors} general={errors.general} testId="notification-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('provider.notifications.fields.title')} required maxLength={MAX_TITLE} value={draft.title} onChange={(title) => set({ title })} />
        <SelectField ctx={ctx} field="level" label={t('provider.notifications.fields.level')} value={draft.level} options={levels} onChange={(level) => set({ level: level as NotificationLevel })} />
        <SelectField ctx={ctx} field="group_id" label={t('provider.notifications.fields.group')} value={draft.group_id} empty={t('provider.notifications.noGroup')} options={groups} onChange={(group_id) => set({ group_id })} />
        <SelectField
          ctx={ctx}
          field="business_group_id"
          label={t('provider.notifications.fields.recipients')}
          value={draft.business_group_id}
          empty={t('provider.notifications.allSchools')}
          options={businessGroups}
          onChange={(business_group_id) => set({ business_group_id })}
        />
        <NotesField ctx={ctx} field="body" label={t('provider.notifications.fields.body')} maxLength={MAX_BODY} value={draft.body} onChange={(body) => set({ body })} />
      </div>
      <FormActions>
        <Link className="vk-btn vk-btn--light" to={NOTIFICATION_LIST_PATH}>
          {t('actions.back')}
        </Link>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={ctx.disabled}>
          {busy ? ui('form.saving') : ui('form.save')}
        </button>
      </FormActions>
    </form>
  );
}
