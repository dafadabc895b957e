import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ErrorList,
  Field,
  FilteredList,
  FormActions,
  FormMessages,
  ImageField,
  InputField,
  PageState,
  UI_NAMESPACE,
  errorList,
  namedField,
  useApi,
  useConfirm,
  useDraftForm,
  usePageLayout,
  useRecord,
  useSession,
  useToast,
  type ApiErrorItem,
  type Column,
  type FieldErrors,
  type ListPage,
  type ListQuery,
} from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { webApi, type BlogPage as BlogAnswer, type BlogPost, type BlogPostSave, type BlogStatus, type WebApi } from '../api';
import { BLOG_FOLDER, BLOG_PATH, BLOG_STATUSES, MAX_BLOG_CONTENT, MAX_BLOG_GALLERY, MAX_BLOG_TAG, MAX_BLOG_TAGS, MAX_BLOG_TITLE, PERMISSION, blogPostPath } from '../lists';
import { formatPublishAt, fromLocalInput, isFutureInput, parseTags, postParam, tagsText, toLocalInput } from '../blog';
import { BlogStatusBadge } from '../components/Badges';
import { GalleryField } from '../components/BlogImages';

type Counts = BlogAnswer['counts'];

/** The host's page (with `counts`) as the kit's lists take it. */
function listPage(answer: BlogAnswer): ListPage<BlogPost> {
  const { items, total, page, per_page } = answer;
  return { items, total, page, per_page };
}

/**
 * `/web/blog` — "Blog": the school's blog posts, newest first (`GET web/blog/post/read`): search
 * (title or tags), the status chips with how many posts each status holds (`counts`), and the
 * table: title (to the post), tags, status and the publication date in Spanish time ("Sin
 * fecha" when it has none). "Nueva entrada" (`?post=new`) and each post (`?post=ID`) open the
 * editor (`PostEditorPage`) in its place.
 */
export default function BlogPage() {
  const client = useApi();
  const api = useMemo(() => webApi(client), [client]);
  const [params] = useSearchParams();
  const post = params.get('post');
  return post === null ? <BlogList api={api} /> : <PostEditorPage key={post} api={api} post={postParam(post)} />;
}

function BlogList({ api }: { api: WebApi }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const [status, setStatus] = useState<BlogStatus | ''>('');
  const [counts, setCounts] = useState<Counts | null>(null);
  // the latest request: an older answer arriving late does not overwrite the counts
  const asked = useRef(0);
  const title = t('blog.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });
  const canWrite = session.can(PERMISSION);

  const load = useCallback(
    async (q: ListQuery) => {
      const n = ++asked.current;
      const answer = await api.blog.list({ status, search: q.search, page: q.page, per_page: q.perPage });
      if (n === asked.current) setCounts(answer.counts ?? null);
      return listPage(answer);
    },
    [api, status],
  );

  const countOf = (s: BlogStatus) => counts?.[s] ?? 0;
  const all = counts ? BLOG_STATUSES.reduce((sum, s) => sum + countOf(s), 0) : null;
  const chip = (value: BlogStatus | '', label: string, count: number | null) => (
    <button key={`status-${value}`} type="button" className="web-chip" aria-pressed={status === value} data-testid={`status-chip-${value || 'all'}`} onClick={() => setStatus(value)}>
      {label}
      {count !== null && <span className="web-chip__count">{t('blog.count', { count })}</span>}
    </button>
  );

  const columns: Column<BlogPost>[] = [
    {
      key: 'title',
      header: t('blog.columns.title'),
      render: (p) => (
        <Link to={blogPostPath(p.id)} data-testid="post-title">
          {p.title}
        </Link>
      ),
    },
    {
      key: 'tags',
      header: t('blog.columns.tags'),
      render: (p) =>
        p.tags.length > 0 ? (
          <span className="web-tags" data-testid="post-tags">
            {p.tags.map((tag) => (
              <span key={tag} className="web-tag">
                {tag}
              </span>
            ))}
          </span>
        ) : (
          t('none')
        ),
    },
    { key: 'status', header: t('blog.columns.status'), render: (p) => <BlogStatusBadge status={p.status} /> },
    {
      key: 'publish_at',
      header: t('blog.columns.date'),
      className: 'web-nowrap',
      render: (p) => <span data-testid="post-date">{formatPublishAt(p.publish_at) || t('blog.noDate')}</span>,
    },
    {
      key: 'actions',
      header: t('blog.columns.actions'),
      className: 'vk-table__actions',
      render: (p) => (
        <Link className="vk-btn vk-btn--light" to={blogPostPath(p.id)} aria-label={canWrite ? t('blog.editNamed', { title: p.title }) : t('blog.viewNamed', { title: p.title })}>
          {canWrite ? t('blog.edit') : t('blog.view')}
        </Link>
      ),
    },
  ];

  return (
    <div className="web-page" data-testid="blog-list">
      <FilteredList<BlogPost>
        label={t('blog.table')}
        columns={columns}
        rowKey={(p) => p.id}
        load={load}
        filtersKey={status}
        searchPlaceholder={t('blog.search')}
        empty={t('blog.empty')}
        filters={
          <div className="web-chips" role="group" aria-label={t('blog.filters.status')}>
            {chip('', t('blog.filters.all'), all)}
            {BLOG_STATUSES.map((s) => chip(s, t(`blogStatus.${s}`), counts ? countOf(s) : null))}
          </div>
        }
        actions={
          canWrite && (
            <Link className="vk-btn vk-btn--primary" to={blogPostPath('new')}>
              {t('blog.new')}
            </Link>
          )
        }
      />
    </div>
  );
}

/** A post to edit: read (`?id=`) unless it is a new one; the editor is drawn again with each answer. */
function PostEditorPage({ api, post }: { api: WebApi; post: number | 'new' | null }) {
  const { t } = useTranslation(NAMESPACE);
  const id = typeof post === 'number' ? post : 0;
  const { record, failed, load, formKey } = useRecord<BlogPost>(id, api.blog.read);
  const title = post === 'new' ? t('blog.new') : record ? record.title : t('blog.editor.loading');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: t('blog.title'), to: BLOG_PATH }, { label: title }] });

  let body;
  if (post === null) body = <PageState error={t('blog.editor.notFound')} />;
  else if (post === 'new') body = <PostEditor api={api} post={null} />;
  else if (failed !== null) body = <PageState error={failed} onRetry={load} />;
  else if (!record) body = <PageState error={null} />;
  else body = <PostEditor key={formKey} api={api} post={record} />;
  return (
    <div className="web-page" data-testid="blog-post">
      <div className="web-actions">
        <Link className="vk-btn vk-btn--light" to={BLOG_PATH}>
          {t('blog.editor.back')}
        </Link>
      </div>
      {body}
    </div>
  );
}

interface PostDraft {
  title: string;
  /** As typed: "a, b, c". */
  tags: string;
  header_file_id: number | null;
  content: string;
  gallery: number[];
  /** The `datetime-local` field's value (the browser's time), '' for none. */
  publish_at: string;
}

/** What the buttons save the post as ("Publicar" and "Programar" both send `published`). */
type Intent = 'pending' | 'published' | 'discarded';

// the host's other errors (`status`, `id`, NOT-FOUND…) go above the form, under the save error
const POST_FIELDS = ['title', 'tags', 'header_file_id', 'content', 'gallery', 'publish_at'] as const;

/** The host names an image of the gallery `gallery[2]` (a tag `tags[0]`): its error goes under the list. */
function postFieldOf(item: ApiErrorItem): string | undefined {
  return namedField(item)?.replace(/\[\d+\]$/, '');
}

/** What Enter saves a post as: what it is (a scheduled post is published at its date), a draft when new. */
const intentOf = (post: BlogPost | null): Intent => (post?.status === 'published' || post?.status === 'waiting' ? 'published' : post?.status === 'discarded' ? 'discarded' : 'pending');

/**
 * The editor of a post: title, tags (comma-separated), header image, content (plain text,
 * paragraphs by blank lines), gallery and publication date (`datetime-local`, the browser's time,
 * sent in UTC). "Guardar borrador" saves it as `pending`, "Publicar" as `published` (it reads
 * "Programar" when the date is in the future: the host stores it `waiting` and publishes it then),
 * "Descartar" (a saved post) as `discarded` (`POST web/blog/post/create`); "Eliminar" asks first
 * (`POST web/blog/post/delete`). The host's field errors go under their field; any other failure
 * shows "No se ha podido guardar la entrada" above the form. Without the `web` permission the post
 * is shown, not editable.
 */
function PostEditor({ api, post }: { api: WebApi; post: BlogPost | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const session = useSession();
  const toast = useToast();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const canWrite = session.can(PERMISSION);
  const intent = useRef<Intent>(intentOf(post));
  const [clicked, setClicked] = useState<Intent | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const saveError = t('blog.editor.saveError');

  const { formId, draft, set, setDraft, busy, errors, ctx, submit } = useDraftForm<PostDraft, BlogPostSave>(
    () => ({
      title: post?.title ?? '',
      tags: tagsText(post?.tags),
      header_file_id: post?.header_file_id ?? null,
      content: post?.content ?? '',
      gallery: post?.gallery ?? [],
      publish_at: toLocalInput(post?.publish_at),
    }),
    {
      fields: POST_FIELDS,
      fieldOf: postFieldOf,
      disabled: !canWrite || deleting,
      validate: (d): FieldErrors => {
        const found: FieldErrors = {};
        if (!d.title.trim()) found.title = ui('form.required');
        // a draft may be saved without content; a post on the site (or discarded) may not
        if (intent.current === 'published' && !d.content.trim()) found.content = ui('form.required');
        const tags = parseTags(d.tags);
        if (tags.some((tag) => tag.length > MAX_BLOG_TAG)) found.tags = t('blog.editor.errors.tagLength', { max: MAX_BLOG_TAG });
        else if (tags.length > MAX_BLOG_TAGS) found.tags = t('blog.editor.errors.tagsCount', { max: MAX_BLOG_TAGS });
        return found;
      },
      toBody: (d) => ({
        ...(post ? { id: post.id } : {}),
        title: d.title.trim(),
        tags: parseTags(d.tags),
        header_file_id: d.header_file_id,
        content: d.content.trim(),
        gallery: d.gallery,
        publish_at: fromLocalInput(d.publish_at),
        status: intent.current,
      }),
      onSubmit: async (body) => {
        const saved = await api.blog.save(body);
        toast.success(t(`blog.saved.${saved.status}`, { title: saved.title, date: formatPublishAt(saved.publish_at), defaultValue: t('blog.saved.pending', { title: saved.title }) }));
        navigate(BLOG_PATH);
      },
      fallback: saveError,
    },
  );

  function save(as: Intent) {
    intent.current = as;
    setClicked(as);
    setFailures([]);
    void submit();
  }

  async function remove() {
    if (!post) return;
    const ok = await confirm({
      title: t('blog.delete.title', { title: post.title }),
      message: t('blog.delete.question'),
      confirmLabel: t('blog.delete.action'),
      tone: 'danger',
    });
    if (!ok) return;
    setFailures([]);
    setDeleting(true);
    try {
      await api.blog.remove(post.id);
      toast.success(t('blog.delete.done', { title: post.title }));
      navigate(BLOG_PATH);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code || t('actionError')));
      setDeleting(false);
    }
  }

  const scheduled = isFutureInput(draft.publish_at);
  const formTitle = post ? t('blog.editor.form', { title: post.title }) : t('blog.new');
  // the host's other failures: the blog's save error, then what the host said (when it said something else)
  const details = errors.general.filter((message) => message !== saveError);
  const label = (as: Intent, text: string) => (busy && clicked === as ? ui('form.saving') : text);

  return (
    <section className="card web-section" data-testid="post-editor">
      <div className="web-legal__head">
        <h2 className="card__title">{formTitle}</h2>
        {post && <BlogStatusBadge status={post.status} />}
      </div>
      {!canWrite && <p className="muted web-hint">{t('noPermission')}</p>}
      <form
        className="vk-form"
        aria-label={formTitle}
        aria-busy={busy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canWrite) save(intentOf(post));
        }}
      >
        {errors.general.length > 0 ? (
          <div className="vk-alert vk-alert--danger" role="alert" data-testid="post-errors">
            <strong className="web-block">{saveError}</strong>
            {details.map((message, i) => (
              <span key={`${i}-${message}`} className="web-block">
                {message}
              </span>
            ))}
          </div>
        ) : (
          <FormMessages errors={errors.errors} general={[]} testId="post-errors" />
        )}
        <InputField ctx={ctx} field="title" label={t('blog.editor.fields.title')} value={draft.title} maxLength={MAX_BLOG_TITLE} required onChange={(value) => set({ title: value })} />
        <InputField ctx={ctx} field="tags" label={t('blog.editor.fields.tags')} hint={t('blog.editor.hints.tags', { max: MAX_BLOG_TAGS, length: MAX_BLOG_TAG })} value={draft.tags} onChange={(value) => set({ tags: value })} />
        <ImageField ctx={ctx} field="header_file_id" label={t('blog.editor.fields.header_file_id')} folder={BLOG_FOLDER} fileId={draft.header_file_id} onChange={(fileId) => set({ header_file_id: fileId })} />
        <Field form={formId} field="publish_at" label={t('blog.editor.fields.publish_at')} error={errors.errors.publish_at} hint={t('blog.editor.hints.publish_at')}>
          <input className="vk-input" type="datetime-local" {...errors.control('publish_at')} value={draft.publish_at} disabled={ctx.disabled} onChange={(ev) => set({ publish_at: ev.target.value })} />
        </Field>
        <Field form={formId} field="content" label={t('blog.editor.fields.content')} error={errors.errors.content} hint={t('blog.editor.hints.content')} className="vk-field--wide">
          <textarea
            className="vk-input web-legal__textarea"
            rows={16}
            {...errors.control('content')}
            value={draft.content}
            maxLength={MAX_BLOG_CONTENT}
            disabled={ctx.disabled}
            onChange={(ev) => set({ content: ev.target.value })}
          />
        </Field>
        <GalleryField
          ctx={ctx}
          field="gallery"
          label={t('blog.editor.fields.gallery')}
          hint={t('blog.editor.hints.gallery', { max: MAX_BLOG_GALLERY })}
          fileIds={draft.gallery}
          // each image uploaded is added to the draft as it is then (several arrive one after another)
          onAdd={(fileId) => setDraft((d) => (d.gallery.includes(fileId) || d.gallery.length >= MAX_BLOG_GALLERY ? d : { ...d, gallery: [...d.gallery, fileId] }))}
          onRemove={(index) => setDraft((d) => ({ ...d, gallery: d.gallery.filter((_, i) => i !== index) }))}
        />
        <ErrorList messages={failures} testId="post-delete-errors" />
        {canWrite && (
          <FormActions>
            {post && (
              <button type="button" className="vk-btn vk-btn--danger" disabled={busy || deleting} onClick={() => void remove()}>
                {t('blog.delete.action')}
              </button>
            )}
            {post && (
              <button type="button" className="vk-btn vk-btn--light" disabled={busy || deleting} onClick={() => save('discarded')}>
                {label('discarded', t('blog.editor.discard'))}
              </button>
            )}
            <button type="button" className="vk-btn vk-btn--outline" disabled={busy || deleting} onClick={() => save('pending')}>
              {label('pending', t('blog.editor.saveDraft'))}
            </button>
            <button type="button" className="vk-btn vk-btn--primary" disabled={busy || deleting} onClick={() => save('published')}>
              {label('published', scheduled ? t('blog.editor.schedule') : t('blog.editor.publish'))}
            </button>
          </FormActions>
        )}
      </form>
    </section>
  );
}
