import { useCallback, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, Paginator, useLoad } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { PublicBlogPost } from '../api';
import { CUSTOMER_PATHS, PUBLIC_BLOG_PER_PAGE } from '../lists';
import { excerpt, formatPublishAt, postParam } from '../blog';
import { paragraphs } from '../legal';
import { CustomerArea } from '../customer/CustomerArea';
import type { CustomerApi } from '../customer/session';
import { isWebAddress } from '../customer/browser';

/** The news' address: a tag's posts, a page of them, or one post (the others left out when empty). */
export function blogAddress({ tag = '', page = 1, post }: { tag?: string; page?: number; post?: number }): string {
  const query = new URLSearchParams();
  if (post) query.set('post', String(post));
  if (tag) query.set('tag', tag);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${CUSTOMER_PATHS.blog}?${search}` : CUSTOMER_PATHS.blog;
}

/** The page an address asks for (`?page=2`): a whole number from 1, else 1. */
const pageOf = (value: string | null) => (value && /^\d{1,6}$/.test(value.trim()) ? Math.max(1, Number(value.trim())) : 1);

/** An image's address as the host gives it (relative to its own host, which serves this app too): only a web address is shown. */
const imageUrl = (url: string | null | undefined) => (isWebAddress(url) ? url : null);

/**
 * `/layout/contact/blog` — "Noticias", the school's blog in the customer area (public, the web-api
 * key only: no customer needs to be signed in). The published posts, newest first
 * (`GET web/api/blog/read`, 10 a page): header image, title, date, tags (each a link to the posts
 * with it, `?tag=`) and the first paragraph; `?post=ID` opens one
 * (`GET web/api/blog/read?id=`): header, title, date, tags, the whole content (paragraphs) and
 * the gallery.
 */
export default function CustomerBlogPage() {
  return <CustomerArea requireSignIn={false}>{({ api }) => <Blog api={api} />}</CustomerArea>;
}

function Blog({ api }: { api: CustomerApi }) {
  const [params] = useSearchParams();
  const post = params.get('post');
  if (post !== null) return <PostView key={post} api={api} id={postParam(post)} />;
  return <PostList api={api} tag={params.get('tag')?.trim() ?? ''} page={pageOf(params.get('page'))} />;
}

/** A post's tags, each a link to the news with it. */
function Tags({ tags }: { tags: string[] }) {
  const { t } = useTranslation(NAMESPACE);
  if (tags.length === 0) return null;
  return (
    <ul className="web-tags web-tags--links" aria-label={t('customer.blog.tags')} data-testid="post-tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="web-tag" to={blogAddress({ tag })} aria-label={t('customer.blog.tagNamed', { tag })}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PublishedAt({ post }: { post: Pick<PublicBlogPost, 'publish_at'> }) {
  const text = formatPublishAt(post.publish_at);
  if (!text) return null;
  return (
    <time className="muted web-post__date" dateTime={post.publish_at ?? undefined} data-testid="post-date">
      {text}
    </time>
  );
}

function PostList({ api, tag, page }: { api: CustomerApi; tag: string; page: number }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const load = useCallback(() => api.blog({ tag, page, per_page: PUBLIC_BLOG_PER_PAGE }), [api, tag, page]);
  const loaded = useLoad(load);
  const data = loaded.data;

  return (
    <section className="card web-section" aria-labelledby="web-customer-blog-title" data-testid="customer-blog">
      <h1 id="web-customer-blog-title" className="web-customer__title">
        {t('customer.blog.title')}
      </h1>
      {tag && (
        <p className="web-actions" data-testid="blog-tag">
          <span>{t('customer.blog.tagged', { tag })}</span>
          <Link className="vk-btn vk-btn--light" to={blogAddress({})}>
            {t('customer.blog.all')}
          </Link>
        </p>
      )}
      {data && loaded.failed === null ? (
        data.items.length === 0 ? (
          <p className="muted" data-testid="blog-empty">
            {tag ? t('customer.blog.noneTagged', { tag }) : t('customer.blog.empty')}
          </p>
        ) : (
          <>
            <ul className="web-posts" aria-label={t('customer.blog.list')}>
              {data.items.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </ul>
            {data.total > data.per_page && (
              <Paginator page={data.page} pageSize={data.per_page} total={data.total} onPageChange={(n) => navigate(blogAddress({ tag, page: n }))} />
            )}
          </>
        )
      ) : (
        <PageState error={loaded.failed} onRetry={loaded.reload} />
      )}
    </section>
  );
}

/** A post in the list: header image, title (to the post), date, tags and the first paragraph. */
function PostCard({ post }: { post: PublicBlogPost }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const header = imageUrl(post.header_url);
  const first = excerpt(post.content);
  return (
    <li>
      <article className="web-post" aria-labelledby={headingId} data-testid="post-card">
        {header && <img className="web-post__header" src={header} alt="" />}
        <h2 id={headingId} className="web-post__title">
          <Link to={blogAddress({ post: post.id })}>{post.title}</Link>
        </h2>
        <PublishedAt post={post} />
        <Tags tags={post.tags} />
        {first && (
          <p className="web-text" data-testid="post-excerpt">
            {first}
          </p>
        )}
        <Link className="vk-btn vk-btn--light web-post__more" to={blogAddress({ post: post.id })} aria-label={t('customer.blog.readMoreNamed', { title: post.title })}>
          {t('customer.blog.readMore')}
        </Link>
      </article>
    </li>
  );
}

/** One post: header image, title, date, tags, the whole content (paragraphs) and its gallery. */
function PostView({ api, id }: { api: CustomerApi; id: number | 'new' | null }) {
  const { t } = useTranslation(NAMESPACE);
  const valid = typeof id === 'number';
  const load = useCallback(() => api.blogPost(valid ? id : 0), [api, id, valid]);
  const loaded = useLoad(load, valid);
  const post = loaded.data;
  const header = imageUrl(post?.header_url);
  const gallery = (post?.gallery_urls ?? []).flatMap((url) => (isWebAddress(url) ? [url] : []));

  return (
    <section className="card web-section" data-testid="customer-blog-post">
      <div className="web-actions">
        <Link className="vk-btn vk-btn--light" to={blogAddress({})}>
          {t('customer.blog.back')}
        </Link>
      </div>
      {!valid ? (
        <PageState error={t('customer.blog.notFound')} />
      ) : post && loaded.failed === null ? (
        <article className="web-post web-post--full" aria-labelledby="web-customer-post-title">
          {header && <img className="web-post__header" src={header} alt="" data-testid="post-header" />}
          <h1 id="web-customer-post-title" className="web-customer__title">
            {post.title}
          </h1>
          <PublishedAt post={post} />
          <Tags tags={post.tags} />
          <div className="web-legal__body web-legal__read" data-testid="post-content">
            {paragraphs(post.content).map((p, i) => (
              <p key={i} className="web-text">
                {p}
              </p>
            ))}
          </div>
          {gallery.length > 0 && (
            <section aria-labelledby="web-customer-post-gallery">
              <h2 id="web-customer-post-gallery" className="web-legal__title">
                {t('customer.blog.gallery')}
              </h2>
              <ul className="web-gallery" data-testid="post-gallery">
                {gallery.map((url, i) => (
                  <li key={`${i}-${url}`} className="web-gallery__item">
                    <a href={url} target="_blank" rel="noreferrer">
                      <img className="web-gallery__image" src={url} alt={t('customer.blog.galleryImage', { n: i + 1, title: post.title })} />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      ) : (
        <PageState error={loaded.failed} onRetry={loaded.reload} />
      )}
    </section>
  );
}
