import { useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  FormActions,
  FormMessages,
  InputField,
  NotesField,
  PageState,
  UI_NAMESPACE,
  changedFields,
  errorList,
  useApi,
  useDraftForm,
  useRecord,
  useToast,
  type FieldErrors,
} from '@volante/plugin-ui';
import { useRemoveAndLeave } from '../../components/useRemoveAndLeave';
import { usePageLayout } from '../../layout/LayoutContext';
import { mailCalls } from './api';
import { DefaultBadge } from './DefaultBadge';
import { MAIL_LAYOUT_LIST_PATH } from './paths';
import { dressMail } from './preview';
import { MAX_FOOTER, MAX_HEADER, MAX_NAME, MAX_SENDER_NAME, type MailLayout, type MailLayoutFields } from './types';

export const LAYOUT_FIELDS = ['name', 'sender_name', 'reply_to', 'header', 'footer'] as const;

/** The form's draft: the layout's texts as typed. */
type Draft = MailLayoutFields;

const draftOf = (l: MailLayout): Draft => ({ name: l.name, sender_name: l.sender_name, reply_to: l.reply_to, header: l.header, footer: l.footer });

/** The texts as the host keeps them: trimmed ('' for none). */
function trimmed(d: Draft): MailLayoutFields {
  return { name: d.name.trim(), sender_name: d.sender_name.trim(), reply_to: d.reply_to.trim(), header: d.header.trim(), footer: d.footer.trim() };
}

function bodyOf(d: Draft): MailLayoutFields | null {
  const body = trimmed(d);
  return body.name ? body : null;
}

const length = (text: string) => Array.from(text.trim()).length;

/**
 * /mail/layout/view/:id: a mail layout's form (name, sender name, reply-to, header, footer)
 * sending only what changed, a live preview of a sample mail as it dresses it, "Usar como
 * predeterminada" (when it is not) and "Eliminar" (asked first, then back to the list).
 */
export default function MailLayoutViewPage() {
  const { t } = useTranslation();
  const api = useApi();
  const calls = useMemo(() => mailCalls(api), [api]);
  const raw = useParams().id ?? '';
  const id = /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : 0;
  const toast = useToast();
  const { record, show, failed, formKey, load } = useRecord<MailLayout>(id, calls.layouts.read);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const removeAndLeave = useRemoveAndLeave(setBusy, setFailures);

  const title = record?.name ?? t('mail.layouts.one');
  usePageLayout({ title, breadcrumbs: [{ label: t('mail.layouts.title'), to: MAIL_LAYOUT_LIST_PATH }, { label: title }] });

  if (!id) return <PageState error={t('mail.layouts.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!record) return <PageState error={null} />;

  async function makeDefault() {
    if (!record) return;
    setFailures([]);
    setBusy(true);
    try {
      // The form keeps what is being typed: only the default changes.
      show(await calls.layouts.update(record.layout_id, { is_default: true }), { redraw: false });
      toast.success(t('mail.layouts.madeDefault', { name: record.name }));
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || t('mail.layouts.defaultError')));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!record) return;
    await removeAndLeave({
      title: t('mail.layouts.deleteTitle'),
      message: record.is_default ? t('mail.layouts.deleteDefaultMessage', { name: record.name }) : t('mail.layouts.deleteMessage', { name: record.name }),
      confirmLabel: t('mail.layouts.delete'),
      call: () => calls.layouts.remove(record.layout_id),
      done: t('mail.layouts.deleted', { name: record.name }),
      to: MAIL_LAYOUT_LIST_PATH,
      fallback: t('mail.layouts.deleteError'),
    });
  }

  async function save(body: MailLayoutFields) {
    if (!record) return;
    const changed = changedFields(body, draftOf(record));
    if (Object.keys(changed).length === 0) {
      toast.info(t('mail.layouts.noChanges'));
      return;
    }
    show(await calls.layouts.update(record.layout_id, changed));
    toast.success(t('mail.layouts.saved'));
  }

  return (
    <div className="mail-layout" data-testid="mail-layout-view">
      <section className="card mail-layout__head">
        <div>
          {record.is_default ? (
            <p className="mail-layout__status">
              <DefaultBadge />
              <span className="muted">{t('mail.layouts.defaultNote')}</span>
            </p>
          ) : (
            <p className="mail-layout__status muted">{t('mail.layouts.notDefaultNote')}</p>
          )}
        </div>
        <div className="mail-layout__actions">
          {!record.is_default && (
            <button type="button" className="vk-btn vk-btn--outline" disabled={busy} onClick={() => void makeDefault()}>
              {t('mail.layouts.makeDefault')}
            </button>
          )}
          <button type="button" className="vk-btn vk-btn--danger" disabled={busy} onClick={() => void remove()}>
            {t('mail.layouts.delete')}
          </button>
        </div>
        <ErrorList messages={failures} testId="mail-layout-action-errors" />
      </section>
      <LayoutForm key={formKey} layout={record} disabled={busy} onSubmit={save} />
    </div>
  );
}

/** The layout's form and, beside it, the sample mail as the draft dresses it. */
function LayoutForm({ layout, disabled, onSubmit }: { layout: MailLayout; disabled: boolean; onSubmit(body: MailLayoutFields): Promise<unknown> }) {
  const { t } = useTranslation();
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { formId, draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<Draft, MailLayoutFields>(() => draftOf(layout), {
    fields: LAYOUT_FIELDS,
    toBody: bodyOf,
    required: 'name',
    validate: (d) => {
      const messages: FieldErrors = {};
      if (length(d.name) > MAX_NAME) messages.name = ui('form.maxLength', { count: MAX_NAME });
      if (length(d.sender_name) > MAX_SENDER_NAME) messages.sender_name = ui('form.maxLength', { count: MAX_SENDER_NAME });
      if (length(d.header) > MAX_HEADER) messages.header = ui('form.maxLength', { count: MAX_HEADER });
      if (length(d.footer) > MAX_FOOTER) messages.footer = ui('form.maxLength', { count: MAX_FOOTER });
      return messages;
    },
    onSubmit,
    fallback: t('mail.layouts.saveError'),
    disabled,
  });
  return (
    <div className="mail-layout__split">
      <section className="card" aria-labelledby={`${formId}-title`}>
        <h2 id={`${formId}-title`} className="card__title">
          {t('mail.layouts.edit')}
        </h2>
        <form className="vk-form" noValidate onSubmit={handleSubmit} aria-label={t('mail.layouts.edit')} aria-busy={busy}>
          <FormMessages errors={errors.errors} general={errors.general} testId="mail-layout-errors" />
          <div className="vk-form__grid">
            <InputField ctx={ctx} field="name" label={t('mail.layouts.fields.name')} required maxLength={MAX_NAME} value={draft.name} onChange={(name) => set({ name })} />
            <InputField
              ctx={ctx}
              field="sender_name"
              label={t('mail.layouts.fields.sender_name')}
              hint={t('mail.layouts.hints.sender_name', { name: t('app.name') })}
              maxLength={MAX_SENDER_NAME}
              value={draft.sender_name}
              onChange={(sender_name) => set({ sender_name })}
            />
            <InputField ctx={ctx} field="reply_to" label={t('mail.layouts.fields.reply_to')} hint={t('mail.layouts.hints.reply_to')} value={draft.reply_to} onChange={(reply_to) => set({ reply_to })} />
            <NotesField ctx={ctx} field="header" label={t('mail.layouts.fields.header')} maxLength={MAX_HEADER} value={draft.header} onChange={(header) => set({ header })} />
            <NotesField ctx={ctx} field="footer" label={t('mail.layouts.fields.footer')} maxLength={MAX_FOOTER} value={draft.footer} onChange={(footer) => set({ footer })} />
          </div>
          <FormActions>
            <Link className="vk-btn vk-btn--light" to={MAIL_LAYOUT_LIST_PATH}>
              {t('actions.back')}
            </Link>
            <button type="submit" className="vk-btn vk-btn--primary" disabled={ctx.disabled}>
              {busy ? ui('form.saving') : ui('form.save')}
            </button>
          </FormActions>
        </form>
      </section>
      <MailPreview draft={draft} />
    </div>
  );
}

/**
 * A sample mail as the layout dresses it (what is typed, trimmed as the host keeps it): who it
 * is from (the product's name without a sender name), whom replies go to (when set), then the
 * text exactly as the host composes it.
 */
export function MailPreview({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const titleId = useId();
  const layout = trimmed(draft);
  const text = dressMail(layout, t('mail.layouts.preview.sample'));
  return (
    <section className="card mail-preview" aria-labelledby={titleId} data-testid="mail-preview">
      <h2 id={titleId} className="card__title">
        {t('mail.layouts.preview.title')}
      </h2>
      <p className="muted">{t('mail.layouts.preview.hint')}</p>
      <div className="mail-preview__mail">
        <div className="mail-preview__envelope">
          <p data-testid="mail-preview-from">{t('mail.layouts.preview.from', { name: layout.sender_name || t('app.name') })}</p>
          {layout.reply_to && <p data-testid="mail-preview-reply-to">{t('mail.layouts.preview.replyTo', { address: layout.reply_to })}</p>}
        </div>
        <pre className="mail-preview__text" data-testid="mail-preview-text">
          {text}
        </pre>
      </div>
    </section>
  );
}
