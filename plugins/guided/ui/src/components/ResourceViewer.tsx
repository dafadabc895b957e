import { useTranslation } from 'react-i18next';
import { fileReadUrl, formatBytes } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { MediaContent, Resource } from '../api';
import { fileShape, mediaOf, nameOf, resourceTitle, subthemeOf } from '../format';
import { KindBadge } from './Badges';

/**
 * A class's resources as the classroom sees them, one at a time: "Recurso n de N", "Anterior
 * recurso"/"Siguiente recurso" and the list of them to jump to. A subtheme shows its theme, its
 * sections' text, its sheets (png/jpeg inline, a PDF as a link) and its videos; a sheet or a video
 * alone the same way; a link opens in a new tab; a note shows its text. A part deleted from the
 * book (or the temary module off) says so. Files are read with the session's token
 * (`fileReadUrl`).
 */
export function ResourceViewer({ resources, index, onIndex, token }: { resources: Resource[]; index: number; onIndex(index: number): void; token: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (resources.length === 0) {
    return (
      <section className="card" aria-labelledby="guided-viewer-title" data-testid="resource-viewer">
        <h2 id="guided-viewer-title" className="card__title">
          {t('viewer.title')}
        </h2>
        <p className="muted" data-testid="resources-empty">
          {t('viewer.empty')}
        </p>
      </section>
    );
  }
  const current = resources[Math.min(index, resources.length - 1)];
  const at = resources.indexOf(current);
  return (
    <section className="card guided-viewer" aria-labelledby="guided-viewer-title" data-testid="resource-viewer">
      <div className="guided-viewer__bar">
        <h2 id="guided-viewer-title" className="card__title">
          {t('viewer.title')}
        </h2>
        <div className="guided-actions">
          <button type="button" className="vk-btn vk-btn--light" data-testid="resource-prev" disabled={at <= 0} onClick={() => onIndex(at - 1)}>
            {t('viewer.previous')}
          </button>
          <span className="guided-viewer__counter" data-testid="resource-counter" aria-live="polite">
            {t('viewer.counter', { position: at + 1, total: resources.length })}
          </span>
          <button type="button" className="vk-btn vk-btn--primary" data-testid="resource-next" disabled={at >= resources.length - 1} onClick={() => onIndex(at + 1)}>
            {t('viewer.next')}
          </button>
        </div>
      </div>
      <div className="guided-viewer__body">
        <nav className="guided-viewer__list" aria-label={t('viewer.list')}>
          <ol>
            {resources.map((r, i) => (
              <li key={r.id}>
                <button
                  type="button"
                  className={`guided-viewer__jump ${i === at ? 'is-current' : ''}`}
                  data-testid="resource-jump"
                  data-resource-id={r.id}
                  aria-current={i === at ? 'step' : undefined}
                  onClick={() => onIndex(i)}
                >
                  {t('viewer.item', { position: i + 1, title: resourceTitle(r) || t(`kinds.${r.kind}`) })}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <article className="guided-resource" data-testid="resource-current" data-resource-id={current.id} data-kind={current.kind} aria-labelledby="guided-resource-title">
          <header className="guided-inline">
            <KindBadge kind={current.kind} />
            <h3 id="guided-resource-title" className="guided-resource__title" data-testid="resource-title">
              {resourceTitle(current) || t(`kinds.${current.kind}`)}
            </h3>
          </header>
          <ResourceBody resource={current} token={token} />
        </article>
      </div>
    </section>
  );
}

/** What a resource shows. */
function ResourceBody({ resource, token }: { resource: Resource; token: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (resource.missing || ((resource.kind === 'subtheme' || resource.kind === 'sheet' || resource.kind === 'video') && !resource.content)) {
    return (
      <p className="vk-alert vk-alert--danger" role="status" data-testid="resource-missing">
        {t('viewer.missing')}
      </p>
    );
  }
  if (resource.kind === 'link') {
    return (
      <p>
        <a href={resource.url ?? ''} target="_blank" rel="noopener noreferrer" data-testid="resource-link">
          {resource.url}
        </a>
      </p>
    );
  }
  if (resource.kind === 'note') {
    return (
      <p className="guided-text guided-note" data-testid="resource-note">
        {resource.text}
      </p>
    );
  }
  const subtheme = subthemeOf(resource);
  if (subtheme) {
    const theme = nameOf(subtheme.theme);
    return (
      <div className="guided-subtheme" data-testid="resource-subtheme">
        {theme && (
          <p className="muted" data-testid="resource-theme">
            {t('viewer.theme', { theme })}
          </p>
        )}
        {subtheme.sections.map((section) => (
          <section key={section.id} className="guided-section" data-testid="resource-section">
            <h4>{section.title}</h4>
            <p className="guided-text">{section.content}</p>
          </section>
        ))}
        {subtheme.sheets.length > 0 && (
          <section className="guided-media" aria-label={t('viewer.sheets')}>
            <h4>{t('viewer.sheets')}</h4>
            {subtheme.sheets.map((sheet) => (
              <MediaView key={sheet.id} kind="sheet" media={sheet} token={token} />
            ))}
          </section>
        )}
        {subtheme.videos.length > 0 && (
          <section className="guided-media" aria-label={t('viewer.videos')}>
            <h4>{t('viewer.videos')}</h4>
            {subtheme.videos.map((video) => (
              <MediaView key={video.id} kind="video" media={video} token={token} />
            ))}
          </section>
        )}
      </div>
    );
  }
  const media = mediaOf(resource);
  if (!media) return null;
  const from = nameOf(media.subtheme);
  return (
    <div className="guided-media">
      {from && (
        <p className="muted" data-testid="resource-from">
          {t('viewer.from', { subtheme: from })}
        </p>
      )}
      <MediaView kind={resource.kind === 'video' ? 'video' : 'sheet'} media={media} token={token} titled={false} />
    </div>
  );
}

/**
 * A sheet or a video of the book: a png or jpeg sheet inline (a link to open it whole), a PDF or
 * another file as a link opening in a new tab, a video in the browser's player.
 */
function MediaView({ kind, media, token, titled = true }: { kind: 'sheet' | 'video'; media: MediaContent; token: string | null; titled?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const url = fileReadUrl(media.file_id, token);
  const title = media.title || t(`kinds.${kind}`);
  let shown;
  if (kind === 'video') {
    shown = (
      <video className="guided-video" controls preload="metadata" src={url} data-testid="resource-video" aria-label={title}>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('viewer.open', { title })}
        </a>
      </video>
    );
  } else if (fileShape(media.content_type) === 'image') {
    shown = (
      <a href={url} target="_blank" rel="noopener noreferrer" className="guided-sheet" aria-label={t('viewer.open', { title })}>
        <img src={url} alt={title} data-testid="resource-sheet-image" />
      </a>
    );
  } else {
    shown = (
      <a href={url} target="_blank" rel="noopener noreferrer" data-testid="resource-sheet-link" data-shape={fileShape(media.content_type)}>
        {fileShape(media.content_type) === 'pdf' ? t('viewer.openPdf', { title }) : t('viewer.open', { title })}
      </a>
    );
  }
  return (
    <figure className="guided-figure" data-testid="resource-file" data-kind={kind} data-file-id={media.file_id}>
      {shown}
      {(titled || media.description) && (
        <figcaption className="muted">
          {[titled ? title : '', media.description ?? '', media.size ? formatBytes(media.size) : ''].filter(Boolean).join(' · ')}
        </figcaption>
      )}
    </figure>
  );
}
