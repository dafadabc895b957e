import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  FormMessages,
  InputField,
  MoveButtons,
  NotesField,
  PageState,
  SelectField,
  SubmitActions,
  TabPanel,
  Tabs,
  UI_NAMESPACE,
  changedFields,
  namedField,
  useConfirm,
  useDraftForm,
  useLoad,
  useToast,
  type ApiErrorItem,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { BookContents, ClassDetail, GuidedApi, NewResource, Resource, ResourceChanges } from '../api';
import { findSubtheme, idOf, isConflict, isWebUrl, messagesOf, movedPosition, resourceTitle, subthemeLabel } from '../format';
import { ADD_TABS, MAX_TEXT, MAX_TITLE, MAX_URL } from '../lists';
import { KindBadge } from './Badges';

const ADD_ID = 'guided-add';
type AddTab = (typeof ADD_TABS)[number];

/**
 * The resources' editor of a class: its resources in order, each "↑"/"↓"
 * (`recurso/add/update {id, position}`), "Editar" (its title; a link's address, a note's text)
 * and "Quitar" (asked first; `recurso/add/delete`); then, as tabs, what to add at the end
 * (`recurso/add/create`): a part of the group's book (a subtheme whole, or one of its sheets or
 * videos), a link (title and address) or a note (title and text). Every write answers the class,
 * given to `onChanged`; a refusal of a deleted record (`CONFLICT-000`) reads it again (`onRefresh`).
 */
export function ResourceEditor({ api, klass, onChanged, onRefresh }: { api: GuidedApi; klass: ClassDetail; onChanged(klass: ClassDetail): void; onRefresh(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const bookId = klass.group.temary_id;
  const [tab, setTab] = useState<AddTab>(bookId ? 'book' : 'link');
  const resources = klass.resources;

  async function change(work: () => Promise<ClassDetail>, done?: string) {
    setFailures([]);
    setBusy(true);
    try {
      onChanged(await work());
      if (done) toast.success(done);
    } catch (failure) {
      setFailures(messagesOf(failure));
      if (isConflict(failure)) onRefresh();
    } finally {
      setBusy(false);
    }
  }

  async function remove(resource: Resource) {
    const title = resourceTitle(resource) || t(`kinds.${resource.kind}`);
    const ok = await confirm({ title: t('editor.remove.title'), message: t('editor.remove.question', { title }), confirmLabel: t('remove'), tone: 'danger' });
    if (ok) await change(() => api.resources.remove(resource.id), t('editor.remove.done', { title }));
  }

  /** A write of an add form: the class it answers shown, the refusal of a deleted record read again. */
  const added = useCallback(
    async (body: NewResource) => {
      try {
        onChanged(await api.resources.add(body));
      } catch (failure) {
        if (isConflict(failure)) onRefresh();
        throw failure;
      }
      toast.success(t('editor.added'));
    },
    [api, onChanged, onRefresh, toast, t],
  );

  return (
    <section className="card" aria-labelledby="guided-editor-title" aria-busy={busy} data-testid="resource-editor">
      <h2 id="guided-editor-title" className="card__title">
        {t('editor.title')}
      </h2>
      <ErrorList messages={failures} testId="resource-editor-errors" />
      {resources.length === 0 ? (
        <p className="muted" data-testid="resource-items-empty">
          {t('viewer.empty')}
        </p>
      ) : (
        <ol className="guided-order" aria-label={t('editor.list')}>
          {resources.map((resource, index) => {
            const title = resourceTitle(resource) || t(`kinds.${resource.kind}`);
            return (
              <li key={resource.id} className="guided-order__item" data-testid="resource-item" data-resource-id={resource.id} data-kind={resource.kind}>
                {editing === resource.id ? (
                  <ResourceEditForm
                    resource={resource}
                    onCancel={() => setEditing(null)}
                    onSubmit={async (changes) => {
                      if (Object.keys(changes).length === 0) {
                        toast.info(t('noChanges'));
                        setEditing(null);
                        return;
                      }
                      try {
                        onChanged(await api.resources.update(resource.id, changes));
                      } catch (failure) {
                        if (isConflict(failure)) onRefresh();
                        throw failure;
                      }
                      toast.success(t('editor.saved'));
                      setEditing(null);
                    }}
                  />
                ) : (
                  <div className="guided-order__row">
                    <span className="guided-order__position" data-testid="resource-item-position">
                      {resource.position}
                    </span>
                    <div className="guided-order__main guided-inline">
                      <KindBadge kind={resource.kind} />
                      <span data-testid="resource-item-title">{title}</span>
                      {resource.missing && (
                        <span className="vk-badge vk-badge--danger" data-testid="resource-item-missing">
                          {t('editor.missing')}
                        </span>
                      )}
                    </div>
                    <div className="guided-actions">
                      <MoveButtons
                        index={index}
                        count={resources.length}
                        busy={busy}
                        upLabel={t('editor.moveUp', { title })}
                        downLabel={t('editor.moveDown', { title })}
                        testId="resource-item"
                        onMove={(delta) => {
                          const position = movedPosition(resource.position, delta, resources.length);
                          if (position !== null) void change(() => api.resources.update(resource.id, { position }));
                        }}
                      />
                      <button
                        type="button"
                        className="vk-btn vk-btn--light"
                        data-testid="resource-item-edit"
                        aria-label={t('editor.editNamed', { title })}
                        disabled={busy}
                        onClick={() => {
                          setFailures([]);
                          setEditing(resource.id);
                        }}
                      >
                        {t('edit')}
                      </button>
                      <button type="button" className="vk-btn vk-btn--light" data-testid="resource-item-remove" aria-label={t('editor.removeNamed', { title })} disabled={busy} onClick={() => void remove(resource)}>
                        {t('remove')}
                      </button>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <h3 className="guided-subtitle">{t('editor.add')}</h3>
      <Tabs id={ADD_ID} label={t('editor.add')} tabs={ADD_TABS.map((key) => ({ key, label: t(`editor.tabs.${key}`) }))} selected={tab} onSelect={(key) => setTab(key as AddTab)} />
      <TabPanel id={ADD_ID} tab="book" selected={tab} className="guided-tab">
        {bookId ? (
          <AddFromBook api={api} bookId={bookId} classId={klass.id} onAdd={added} />
        ) : (
          <p className="muted" data-testid="add-book-none">
            {t('editor.book.none')}
          </p>
        )}
      </TabPanel>
      <TabPanel id={ADD_ID} tab="link" selected={tab} className="guided-tab">
        <AddLinkForm classId={klass.id} onAdd={added} />
      </TabPanel>
      <TabPanel id={ADD_ID} tab="note" selected={tab} className="guided-tab">
        <AddNoteForm classId={klass.id} onAdd={added} />
      </TabPanel>
    </section>
  );
}

// --- Adding from the book ----------------------------------------------------------------------

interface BookDraft {
  subtheme_id: string;
  /** '': the subtheme whole; `sheet:<id>` or `video:<id>`: one of its files. */
  part: string;
  title: string;
}

const BOOK_FIELDS = ['subtheme_id', 'part', 'title'] as const;

/** The host names the file it refuses (`sheet_id`, `video_id`): shown under the part's select. */
function bookField(item: ApiErrorItem): string | undefined {
  const field = namedField(item);
  return field === 'sheet_id' || field === 'video_id' || field === 'kind' ? 'part' : field;
}

/** What adding a part of the book sends; null without a subtheme. */
export function bookResourceBody(draft: BookDraft, classId: number): NewResource | null {
  const subthemeId = idOf(draft.subtheme_id);
  if (!subthemeId) return null;
  const title = draft.title.trim();
  const base = { class_id: classId, ...(title ? { title } : {}) };
  const [kind, raw] = draft.part.split(':');
  if (kind === 'sheet' && raw) return { ...base, kind: 'sheet', sheet_id: Number(raw) };
  if (kind === 'video' && raw) return { ...base, kind: 'video', video_id: Number(raw) };
  return { ...base, kind: 'subtheme', subtheme_id: subthemeId };
}

/** A part of the group's book (`GET clase/libro/digital/recursos?book_id=`): a subtheme, then all of it or one sheet or video. */
function AddFromBook({ api, bookId, classId, onAdd }: { api: GuidedApi; bookId: number; classId: number; onAdd(body: NewResource): Promise<void> }) {
  const { t } = useTranslation(NAMESPACE);
  const load = useCallback(() => api.books.contents(bookId), [api, bookId]);
  const contents = useLoad<BookContents>(load);
  const empty: BookDraft = { subtheme_id: '', part: '', title: '' };
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<BookDraft, NewResource>(empty, {
    fields: BOOK_FIELDS,
    fieldOf: bookField,
    toBody: (d) => bookResourceBody(d, classId),
    required: 'subtheme_id',
    onSubmit: async (body) => {
      await onAdd(body);
      setDraft(empty);
    },
    fallback: t('saveError'),
  });
  if (!contents.data) return <PageState error={contents.failed} onRetry={contents.reload} />;
  const subthemes = contents.data.themes.flatMap((theme) => theme.subthemes.map((s) => ({ value: String(s.id), label: subthemeLabel(theme.position, s) })));
  const chosen = findSubtheme(contents.data, Number(draft.subtheme_id))?.subtheme ?? null;
  const parts = chosen
    ? [
        ...chosen.sheets.map((s) => ({ value: `sheet:${s.id}`, label: t('editor.book.sheet', { title: s.title }) })),
        ...chosen.videos.map((v) => ({ value: `video:${v.id}`, label: t('editor.book.video', { title: v.title }) })),
      ]
    : [];
  return (
    <form className="vk-form guided-form" noValidate aria-label={t('editor.tabs.book')} aria-busy={busy} data-testid="add-book-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="add-book-form-errors" />
      <p className="muted" data-testid="add-book-name">
        {t('editor.book.from', { book: contents.data.name })}
      </p>
      {subthemes.length === 0 ? (
        <p className="muted" data-testid="add-book-empty">
          {t('editor.book.empty')}
        </p>
      ) : (
        <>
          <div className="vk-form__grid">
            <SelectField ctx={ctx} field="subtheme_id" label={t('editor.book.subtheme')} required empty={t('choose')} options={subthemes} value={draft.subtheme_id} onChange={(subtheme_id) => set({ subtheme_id, part: '' })} />
            <SelectField ctx={ctx} field="part" label={t('editor.book.part')} empty={t('editor.book.whole')} options={parts} disabled={!chosen} value={draft.part} onChange={(part) => set({ part })} />
            <InputField ctx={ctx} field="title" label={t('fields.title')} hint={t('editor.book.titleHint')} maxLength={MAX_TITLE} value={draft.title} onChange={(title) => set({ title })} />
          </div>
          <SubmitActions busy={busy} label={t('editor.book.submit')} />
        </>
      )}
    </form>
  );
}

// --- A link, a note --------------------------------------------------------------------------

interface LinkDraft {
  title: string;
  url: string;
}

/** What adding a link sends; null without an address. */
export function linkResourceBody(draft: LinkDraft, classId: number): NewResource | null {
  const url = draft.url.trim();
  if (!url) return null;
  const title = draft.title.trim();
  return { class_id: classId, kind: 'link', url, ...(title ? { title } : {}) };
}

function AddLinkForm({ classId, onAdd }: { classId: number; onAdd(body: NewResource): Promise<void> }) {
  const { t } = useTranslation(NAMESPACE);
  const empty: LinkDraft = { title: '', url: '' };
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<LinkDraft, NewResource>(empty, {
    fields: ['title', 'url'],
    toBody: (d) => linkResourceBody(d, classId),
    required: 'url',
    validate: (d) => ({ url: d.url.trim() && !isWebUrl(d.url) ? t('editor.link.invalid') : undefined }),
    onSubmit: async (body) => {
      await onAdd(body);
      setDraft(empty);
    },
    fallback: t('saveError'),
  });
  return (
    <form className="vk-form guided-form" noValidate aria-label={t('editor.tabs.link')} aria-busy={busy} data-testid="add-link-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="add-link-form-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('fields.title')} maxLength={MAX_TITLE} value={draft.title} onChange={(title) => set({ title })} />
        <InputField ctx={ctx} field="url" label={t('fields.url')} required hint={t('editor.link.hint')} maxLength={MAX_URL} value={draft.url} onChange={(url) => set({ url })} />
      </div>
      <SubmitActions busy={busy} label={t('editor.link.submit')} />
    </form>
  );
}

interface NoteDraft {
  title: string;
  text: string;
}

/** What adding a note sends; null without text. */
export function noteResourceBody(draft: NoteDraft, classId: number): NewResource | null {
  const text = draft.text.trim();
  if (!text) return null;
  const title = draft.title.trim();
  return { class_id: classId, kind: 'note', text, ...(title ? { title } : {}) };
}

function AddNoteForm({ classId, onAdd }: { classId: number; onAdd(body: NewResource): Promise<void> }) {
  const { t } = useTranslation(NAMESPACE);
  const empty: NoteDraft = { title: '', text: '' };
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<NoteDraft, NewResource>(empty, {
    fields: ['title', 'text'],
    toBody: (d) => noteResourceBody(d, classId),
    required: 'text',
    onSubmit: async (body) => {
      await onAdd(body);
      setDraft(empty);
    },
    fallback: t('saveError'),
  });
  return (
    <form className="vk-form guided-form" noValidate aria-label={t('editor.tabs.note')} aria-busy={busy} data-testid="add-note-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="add-note-form-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="title" label={t('fields.title')} maxLength={MAX_TITLE} value={draft.title} onChange={(title) => set({ title })} />
        <NotesField ctx={ctx} field="text" label={t('fields.text')} required maxLength={MAX_TEXT} value={draft.text} onChange={(text) => set({ text })} />
      </div>
      <SubmitActions busy={busy} label={t('editor.note.submit')} />
    </form>
  );
}

// --- Editing one ------------------------------------------------------------------------------

interface EditDraft {
  title: string;
  url: string;
  text: string;
}

/** What an edit sends: only what changed (the kind and the book's part stay). */
export function resourceChanges(draft: EditDraft, resource: Resource): ResourceChanges {
  const body: ResourceChanges = { title: draft.title.trim() };
  if (resource.kind === 'link') body.url = draft.url.trim();
  if (resource.kind === 'note') body.text = draft.text.trim();
  return changedFields(body, { title: resource.title ?? '', url: resource.url ?? '', text: resource.text ?? '' });
}

/** A resource's title, and a link's address or a note's text. */
function ResourceEditForm({ resource, onCancel, onSubmit }: { resource: Resource; onCancel(): void; onSubmit(changes: ResourceChanges): Promise<void> }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<EditDraft, ResourceChanges>(
    { title: resource.title ?? '', url: resource.url ?? '', text: resource.text ?? '' },
    {
      fields: resource.kind === 'link' ? ['title', 'url'] : resource.kind === 'note' ? ['title', 'text'] : ['title'],
      toBody: (d) => resourceChanges(d, resource),
      validate: (d) => ({
        url: resource.kind === 'link' ? (!d.url.trim() ? ui('form.required') : !isWebUrl(d.url) ? t('editor.link.invalid') : undefined) : undefined,
        text: resource.kind === 'note' && !d.text.trim() ? ui('form.required') : undefined,
      }),
      onSubmit,
      fallback: t('saveError'),
    },
  );
  let extra: ReactNode = null;
  if (resource.kind === 'link') {
    extra = <InputField ctx={ctx} field="url" label={t('fields.url')} required maxLength={MAX_URL} value={draft.url} onChange={(url) => set({ url })} />;
  } else if (resource.kind === 'note') {
    extra = <NotesField ctx={ctx} field="text" label={t('fields.text')} required maxLength={MAX_TEXT} value={draft.text} onChange={(text) => set({ text })} />;
  }
  return (
    <form className="vk-form guided-form" noValidate aria-label={t('editor.editNamed', { title: resourceTitle(resource) || t(`kinds.${resource.kind}`) })} aria-busy={busy} data-testid="resource-edit-form" onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId="resource-edit-form-errors" />
      <div className="vk-form__grid">
        <InputField
          ctx={ctx}
          field="title"
          label={t('fields.title')}
          hint={resource.kind === 'link' || resource.kind === 'note' ? undefined : t('editor.book.titleHint')}
          maxLength={MAX_TITLE}
          value={draft.title}
          onChange={(title) => set({ title })}
        />
        {extra}
      </div>
      <SubmitActions busy={busy} label={t('save')}>
        <button type="button" className="vk-btn vk-btn--light" data-testid="resource-edit-cancel" onClick={onCancel}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
