import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DataTable,
  Dialog,
  ErrorList,
  Field,
  FormMessages,
  InputField,
  PageState,
  SubmitActions,
  UI_NAMESPACE,
  errorList,
  formatDateTime,
  useApi,
  useConfirm,
  useDraftForm,
  useLoad,
  usePageLayout,
  useSession,
  useToast,
  type Column,
  type FieldErrors,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { webApi, type LegalKindText, type LegalText, type LegalUpdate, type WebApi } from '../api';
import { LEGAL_KINDS, MAX_LEGAL_BODY, MAX_LEGAL_TITLE, PERMISSION } from '../lists';
import { legalState, preview } from '../legal';
import { LegalStateBadge } from '../components/Badges';
import { LegalTextDialog } from '../components/LegalText';

/** The kinds in the order the screens show them (the host's order), any other kind it answers after them. */
export function legalRows(texts: LegalKindText[]): LegalKindText[] {
  const known = LEGAL_KINDS.flatMap((kind) => texts.filter((k) => k.kind === kind));
  return [...known, ...texts.filter((k) => !LEGAL_KINDS.includes(k.kind))];
}

/**
 * `/web/info` — "Textos legales": what the law asks of a web shop, one card per kind (aviso legal,
 * privacidad, cookies, condiciones de compra) with the text in force (`GET web/legal/read`): its
 * title, version, date and the start of its body, or "Sin publicar" ("Retirado" when its newest
 * version took it down). Users with the `web` permission write a new version ("Editar":
 * `POST web/legal/update {kind, title, body}`) or take it down ("Retirar de la web": the same
 * with an empty body, asked first). "Versiones" lists a kind's versions
 * (`GET web/legal/read?kind=`), each one to read.
 */
export default function LegalPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => webApi(client), [client]);
  const session = useSession();
  const loaded = useLoad(api.legal.read);
  const title = t('legal.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  if (!loaded.data) return <PageState error={loaded.failed} onRetry={loaded.reload} />;
  const canWrite = session.can(PERMISSION);

  return (
    <div className="web-page" data-testid="legal-page">
      <p className="vk-alert vk-alert--info web-hint" data-testid="legal-hint">
        {t('legal.hint')}
      </p>
      <div className="web-legal">
        {legalRows(loaded.data.texts).map((entry) => (
          <LegalCard key={entry.kind} api={api} entry={entry} canWrite={canWrite} onChanged={loaded.reload} />
        ))}
      </div>
    </div>
  );
}

/** "Versión 3 · 27/11/2026 - 11:00:00". */
function useVersionLine() {
  const { t } = useTranslation(NAMESPACE);
  return (text: Pick<LegalText, 'version' | 'created_at'>) => t('legal.meta', { version: text.version, date: formatDateTime(text.created_at) });
}

function LegalCard({ api, entry, canWrite, onChanged }: { api: WebApi; entry: LegalKindText; canWrite: boolean; onChanged(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const versionLine = useVersionLine();
  const headingId = useId();
  const versionsId = useId();
  const [editing, setEditing] = useState(false);
  const [reading, setReading] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const { current } = entry;
  const state = legalState(current);
  const name = t(`legal.kinds.${entry.kind}`, { defaultValue: entry.name });
  const shown = state === 'published' && current ? preview(current.body) : null;

  async function withdraw() {
    if (!current) return;
    const ok = await confirm({
      title: t('legal.withdrawTitle', { name }),
      message: t('legal.withdrawQuestion'),
      confirmLabel: t('legal.withdraw'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    setBusy(true);
    try {
      const saved = await api.legal.update({ kind: entry.kind, title: current.title, body: '' });
      toast.success(t('legal.withdrawn', { name, version: saved.version }));
      onChanged();
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code || t('actionError')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card web-section" aria-labelledby={headingId} data-testid={`legal-${entry.kind}`} data-state={state}>
      <div className="web-legal__head">
        <h2 id={headingId} className="card__title">
          {name}
        </h2>
        <LegalStateBadge state={state} />
      </div>
      {current && (
        <p className="muted web-hint" data-testid="legal-meta">
          {versionLine(current)}
        </p>
      )}
      {shown && current ? (
        <div className="web-legal__preview">
          <h3 className="web-legal__title" data-testid="legal-title">
            {current.title}
          </h3>
          <div className="web-legal__body" data-testid="legal-preview">
            {shown.paragraphs.map((p, i) => (
              <p key={i} className="web-text">
                {p}
              </p>
            ))}
          </div>
        </div>
      ) : (
        <p className="muted web-hint" data-testid="legal-unpublished">
          {state === 'withdrawn' ? t('legal.withdrawnNote') : t('legal.unwrittenNote')}
        </p>
      )}
      <ErrorList messages={failures} testId={`legal-errors-${entry.kind}`} />
      <div className="web-actions">
        {canWrite && (
          <button type="button" className="vk-btn vk-btn--primary" disabled={busy} onClick={() => setEditing(true)}>
            {t('legal.edit')}
          </button>
        )}
        {shown?.cut && (
          <button type="button" className="vk-btn vk-btn--light" onClick={() => setReading(true)}>
            {t('legal.readAll')}
          </button>
        )}
        {current && (
          <button type="button" className="vk-btn vk-btn--light" aria-expanded={versionsOpen} aria-controls={versionsOpen ? versionsId : undefined} onClick={() => setVersionsOpen((open) => !open)}>
            {versionsOpen ? t('legal.versions.hide') : t('legal.versions.show')}
          </button>
        )}
        {canWrite && state === 'published' && (
          <button type="button" className="vk-btn vk-btn--danger" disabled={busy} onClick={() => void withdraw()}>
            {t('legal.withdraw')}
          </button>
        )}
      </div>
      {/* drawn again (read again) whenever a new version is in force */}
      {versionsOpen && current && <LegalVersions key={current.version} id={versionsId} api={api} entry={entry} name={name} />}
      {reading && current && <LegalTextDialog text={current} meta={versionLine(current)} onClose={() => setReading(false)} />}
      {editing && (
        <LegalEditor
          api={api}
          entry={entry}
          name={name}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
    </section>
  );
}

interface LegalDraft {
  title: string;
  body: string;
}

// the host's other errors (`kind`, CONFLICT) go above the form
const LEGAL_FIELDS = ['title', 'body'] as const;

/**
 * "Editar": the title and the body of a new version (the one in force to start from), saved with
 * `POST web/legal/update`. A body without a title is refused here; the host's errors go under
 * their field, the rest ("El texto no ha cambiado…", `CONFLICT-000`) above the form.
 */
function LegalEditor({ api, entry, name, onClose, onSaved }: { api: WebApi; entry: LegalKindText; name: string; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const { current } = entry;
  const next = (current?.version ?? 0) + 1;
  const { formId, draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<LegalDraft, LegalUpdate>(
    () => ({ title: current?.title ?? '', body: current?.body ?? '' }),
    {
      fields: LEGAL_FIELDS,
      validate: (d): FieldErrors => (d.body.trim() && !d.title.trim() ? { title: ui('form.required') } : {}),
      toBody: (d) => ({ kind: entry.kind, title: d.title.trim(), body: d.body.trim() }),
      onSubmit: async (body) => {
        const saved = await api.legal.update(body);
        toast.success(saved.body.trim() === '' ? t('legal.withdrawn', { name, version: saved.version }) : t('legal.saved', { name, version: saved.version }));
        onSaved();
      },
      fallback: t('actionError'),
    },
  );
  const title = t('legal.editor.title', { name });
  return (
    <Dialog title={title} onClose={onClose} wide testId="legal-editor">
      <form className="vk-form" aria-label={title} aria-busy={busy} noValidate onSubmit={handleSubmit}>
        <p className="muted web-hint">{t('legal.editor.explain', { version: next })}</p>
        <FormMessages errors={errors.errors} general={errors.general} testId="legal-editor-errors" />
        <InputField ctx={ctx} field="title" label={t('legal.editor.fields.title')} value={draft.title} maxLength={MAX_LEGAL_TITLE} required onChange={(value) => set({ title: value })} />
        <Field form={formId} field="body" label={t('legal.editor.fields.body')} error={errors.errors.body} hint={t('legal.editor.hints.body')} className="vk-field--wide">
          <textarea
            className="vk-input web-legal__textarea"
            rows={18}
            {...errors.control('body')}
            value={draft.body}
            maxLength={MAX_LEGAL_BODY}
            disabled={ctx.disabled}
            onChange={(ev) => set({ body: ev.target.value })}
          />
        </Field>
        <SubmitActions busy={busy} label={t('legal.editor.save')}>
          <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
            {ui('common.cancel')}
          </button>
        </SubmitActions>
      </form>
    </Dialog>
  );
}

/** "Versiones": a kind's versions, newest first (`GET web/legal/read?kind=`), each one to read. */
function LegalVersions({ id, api, entry, name }: { id: string; api: WebApi; entry: LegalKindText; name: string }) {
  const { t } = useTranslation(NAMESPACE);
  const versionLine = useVersionLine();
  const { kind } = entry;
  const load = useCallback(async () => (await api.legal.versions(kind)).versions ?? [], [api, kind]);
  const loaded = useLoad(load);
  const [reading, setReading] = useState<LegalText | null>(null);

  const columns: Column<LegalText>[] = [
    { key: 'version', header: t('legal.versions.columns.version'), className: 'web-num', render: (v) => <span data-testid="version-number">{v.version}</span> },
    { key: 'created_at', header: t('legal.versions.columns.created_at'), className: 'web-nowrap', render: (v) => formatDateTime(v.created_at) },
    {
      key: 'title',
      header: t('legal.versions.columns.title'),
      render: (v) => (
        <>
          <span data-testid="version-title">{v.title}</span>
          {legalState(v) === 'withdrawn' && (
            <>
              {' '}
              <LegalStateBadge state="withdrawn" />
            </>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('legal.versions.columns.actions'),
      className: 'vk-table__actions',
      render: (v) =>
        legalState(v) === 'published' && (
          <button type="button" className="vk-btn vk-btn--light" aria-label={t('legal.versions.readNamed', { version: v.version })} onClick={() => setReading(v)}>
            {t('legal.versions.read')}
          </button>
        ),
    },
  ];

  return (
    <div id={id} className="web-legal__versions" data-testid="legal-versions">
      <h3 className="web-legal__title">{t('legal.versions.title')}</h3>
      {loaded.data ? (
        <DataTable<LegalText> label={t('legal.versions.table', { name })} columns={columns} rows={loaded.data} rowKey={(v) => v.version} empty={t('legal.versions.empty')} />
      ) : (
        <PageState error={loaded.failed} onRetry={loaded.reload} />
      )}
      {reading && <LegalTextDialog text={reading} meta={versionLine(reading)} onClose={() => setReading(null)} />}
    </div>
  );
}
