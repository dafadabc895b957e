import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, FormActions, FormMessages, InputField, PageState, UI_NAMESPACE, useApi, useDraftForm, useLoad, useToast, type Column, type FieldErrors } from '@volante/plugin-ui';
import { usePageLayout } from '../../layout/LayoutContext';
import { mailCalls, type MailCalls } from './api';
import { DeliveriesCard } from './DeliveriesCard';
import { DefaultBadge } from './DefaultBadge';
import { mailLayoutViewPath } from './paths';
import { MAX_NAME, type MailLayout } from './types';

const NEW_LAYOUT_FIELDS = ['name'] as const;

/**
 * /mail/layout/list: the business's mail layouts (`mail/layout/read`, the default first), each
 * name opening its view, and "Nueva plantilla": a name, then its view; below, the mail the
 * modules sent ("Envíos de correo"). The host refuses the whole screen without
 * `business.general`: its message is the page's alert (the deliveries are not shown then).
 */
export default function MailLayoutListPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => mailCalls(api), [api]);
  const layouts = useLoad(calls.layouts.list);
  const [creating, setCreating] = useState(false);
  usePageLayout({ title: t('mail.layouts.title'), breadcrumbs: [{ label: t('mail.layouts.title') }] });

  const columns: Column<MailLayout>[] = [
    {
      key: 'name',
      header: t('mail.layouts.fields.name'),
      render: (l) => (
        <span className="mail-layouts__name">
          <Link to={mailLayoutViewPath(l.layout_id)}>{l.name}</Link>
          {l.is_default && <DefaultBadge />}
        </span>
      ),
    },
    { key: 'sender_name', header: t('mail.layouts.fields.sender_name'), render: (l) => l.sender_name || <span className="muted">—</span> },
    { key: 'reply_to', header: t('mail.layouts.fields.reply_to'), render: (l) => l.reply_to || <span className="muted">—</span> },
  ];

  const items = layouts.data ?? [];
  const noDefault = items.length > 0 && !items.some((l) => l.is_default);
  return (
    <>
      <section className="vk-list card mail-layouts">
        <div className="vk-list__toolbar">
          <p className="muted mail-layouts__intro">{t('mail.layouts.intro')}</p>
          {!creating && (
            <div className="vk-list__actions">
              <button type="button" className="vk-btn vk-btn--primary" onClick={() => setCreating(true)}>
                {t('mail.layouts.new')}
              </button>
            </div>
          )}
        </div>
        {creating && <NewLayoutForm calls={calls} onCancel={() => setCreating(false)} />}
        {noDefault && (
          <p className="vk-alert vk-alert--info" role="status" data-testid="mail-layouts-no-default">
            {t('mail.layouts.noDefault')}
          </p>
        )}
        {layouts.failed !== null ? (
          <PageState error={layouts.failed} onRetry={layouts.reload} />
        ) : (
          <DataTable columns={columns} rows={items} rowKey={(l) => l.layout_id} label={t('mail.layouts.title')} loading={layouts.data === null} empty={t('mail.layouts.none')} />
        )}
      </section>
      {layouts.failed === null && <DeliveriesCard calls={calls} />}
    </>
  );
}

/** "Nueva plantilla": its name only; created, its view opens. */
function NewLayoutForm({ calls, onCancel }: { calls: MailCalls; onCancel(): void }) {
  const { t } = useTranslation();
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const navigate = useNavigate();
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ name: string }, { name: string }>({ name: '' }, {
    fields: NEW_LAYOUT_FIELDS,
    toBody: (d) => (d.name.trim() ? { name: d.name.trim() } : null),
    required: 'name',
    validate: (d) => {
      const messages: FieldErrors = {};
      if (Array.from(d.name.trim()).length > MAX_NAME) messages.name = ui('form.maxLength', { count: MAX_NAME });
      return messages;
    },
    onSubmit: async (body) => {
      const created = await calls.layouts.create(body);
      toast.success(t('mail.layouts.created', { name: created.name }));
      navigate(mailLayoutViewPath(created.layout_id));
    },
    fallback: t('mail.layouts.createError'),
  });
  return (
    <form className="vk-form mail-layouts__new" noValidate onSubmit={handleSubmit} aria-label={t('mail.layouts.new')} aria-busy={busy}>
      <FormMessages errors={errors.errors} general={errors.general} testId="mail-layout-new-errors" />
      <InputField ctx={ctx} field="name" label={t('mail.layouts.fields.name')} required maxLength={MAX_NAME} value={draft.name} onChange={(name) => set({ name })} />
      <FormActions>
        <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
        <button type="submit" className="vk-btn vk-btn--primary" disabled={ctx.disabled}>
          {busy ? ui('form.saving') : t('mail.layouts.create')}
        </button>
      </FormActions>
    </form>
  );
}
