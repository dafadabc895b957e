import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState, formatBytes } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { linkFileUrl, type FormativeApi, type LessonFile, type LessonView as Lesson } from '../api';
import { isImage, messagesOf } from '../format';

/**
 * An open lesson on the student's page (`GET formative/student/lesson?reference=&id=`): its
 * syllabus and theme, its sections' text (plain text, its line breaks kept), its sheets (a png or
 * jpeg shown, each with "Descargar") and videos (the browser's player), every file read with the
 * link (`filesystem/file/read?file_id=N&link=`). "Marcar como hecha" / "Desmarcar"
 * (`formative/student/done`), "Anterior" / "Siguiente" (a neighbour not open is not offered) and
 * "Volver al índice". A refusal (a lesson not open: `CONFLICT-000`) is shown with its reason; a
 * link that stopped working goes to `onClosed`.
 */
export function LessonView({
  api,
  reference,
  id,
  canOpen,
  onOpen,
  onBack,
  onDone,
  onClosed,
}: {
  api: FormativeApi;
  reference: string;
  id: number;
  /** Whether a lesson is open to the student (the outline's answer). */
  canOpen(id: number): boolean;
  onOpen(id: number): void;
  onBack(): void;
  /** Marks the lesson done or not; resolves once the page has the new progress, rejects with the refusal. */
  onDone(id: number, done: boolean): Promise<void>;
  onClosed(failure: unknown): boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [lesson, setLesson] = useState<Lesson | null>(null);
  const [failed, setFailed] = useState<string[] | null>(null);
  const [marking, setMarking] = useState(false);
  const [markFailed, setMarkFailed] = useState<string[]>([]);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setLesson(null);
    setFailed(null);
    setMarkFailed([]);
    api.student.lesson(reference, id).then(
      (answer) => live && setLesson(answer),
      (failure) => {
        if (!live || onClosed(failure)) return;
        setFailed(messagesOf(failure));
      },
    );
    return () => {
      live = false;
    };
    // onClosed is the page's, stable for what it does
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, reference, id, version]);

  if (failed) {
    return (
      <article className="card formative-lesson" data-testid="lesson">
        <div className="vk-alert vk-alert--danger" role="alert" data-testid="lesson-refused">
          {failed.join(' · ')}
        </div>
        <p className="formative-actions">
          <button type="button" className="vk-btn vk-btn--light" onClick={onBack}>
            {t('student.back')}
          </button>
          <button type="button" className="vk-btn vk-btn--light" onClick={() => setVersion((v) => v + 1)}>
            {t('student.retry')}
          </button>
        </p>
      </article>
    );
  }
  if (!lesson) {
    return (
      <article className="card formative-lesson" data-testid="lesson">
        <PageState error={null} />
      </article>
    );
  }

  async function mark(done: boolean) {
    if (!lesson) return;
    setMarking(true);
    setMarkFailed([]);
    try {
      await onDone(lesson.id, done);
      setLesson({ ...lesson, done });
    } catch (failure) {
      if (!onClosed(failure)) setMarkFailed(messagesOf(failure));
    } finally {
      setMarking(false);
    }
  }

  const neighbour = (other: number | null) => (other && canOpen(other) ? other : null);
  const previous = neighbour(lesson.previous);
  const next = neighbour(lesson.next);
  return (
    <article className="card formative-lesson" aria-labelledby="formative-lesson-title" data-testid="lesson" data-lesson-id={lesson.id}>
      <header className="formative-lesson__head">
        <p className="muted formative-lesson__trail" data-testid="lesson-trail">
          {[lesson.syllabus, lesson.theme].filter(Boolean).join(' · ')}
        </p>
        <h2 id="formative-lesson-title" className="formative-lesson__title" data-testid="lesson-title">
          {lesson.title}
        </h2>
        {lesson.done && (
          <span className="vk-badge vk-badge--success" data-testid="lesson-done">
            {t('student.marks.done')}
          </span>
        )}
      </header>
      {lesson.sections.length === 0 && lesson.sheets.length === 0 && lesson.videos.length === 0 && <p className="muted">{t('student.emptyLesson')}</p>}
      {lesson.sections.map((section) => (
        <section key={section.id} className="formative-lesson__section" data-testid="lesson-section">
          {section.title && <h3>{section.title}</h3>}
          <p className="formative-text">{section.content}</p>
        </section>
      ))}
      {lesson.sheets.length > 0 && (
        <section className="formative-lesson__files" aria-label={t('student.sheets')}>
          <h3>{t('student.sheets')}</h3>
          <ul>
            {lesson.sheets.map((sheet) => (
              <SheetItem key={sheet.id} sheet={sheet} reference={reference} />
            ))}
          </ul>
        </section>
      )}
      {lesson.videos.length > 0 && (
        <section className="formative-lesson__files" aria-label={t('student.videos')}>
          <h3>{t('student.videos')}</h3>
          {lesson.videos.map((video) => (
            <figure key={video.id} className="formative-video" data-testid="lesson-video">
              <video controls preload="metadata" src={linkFileUrl(video.file_id, reference)} aria-label={video.title || t('student.video')}>
                <a href={linkFileUrl(video.file_id, reference)} target="_blank" rel="noopener noreferrer">
                  {t('student.openVideo', { title: video.title || t('student.video') })}
                </a>
              </video>
              {(video.title || video.description) && <figcaption className="muted">{[video.title, video.description].filter(Boolean).join(' · ')}</figcaption>}
            </figure>
          ))}
        </section>
      )}
      {markFailed.length > 0 && (
        <p className="vk-alert vk-alert--danger" role="alert" data-testid="mark-failed">
          {markFailed.join(' · ')}
        </p>
      )}
      <footer className="formative-lesson__nav">
        <button type="button" className="vk-btn vk-btn--light" disabled={!previous} onClick={() => previous && onOpen(previous)}>
          {t('student.previous')}
        </button>
        <button type="button" className={lesson.done ? 'vk-btn vk-btn--outline' : 'vk-btn vk-btn--primary'} disabled={marking} onClick={() => void mark(!lesson.done)} data-testid="mark">
          {marking ? t('student.marking') : lesson.done ? t('student.undo') : t('student.markDone')}
        </button>
        <button type="button" className="vk-btn vk-btn--light" disabled={!next} onClick={() => next && onOpen(next)}>
          {t('student.next')}
        </button>
        <button type="button" className="vk-btn vk-btn--light" onClick={onBack}>
          {t('student.back')}
        </button>
      </footer>
    </article>
  );
}

/** A sheet of the lesson: a png or jpeg shown, and "Descargar" for any. */
function SheetItem({ sheet, reference }: { sheet: LessonFile; reference: string }) {
  const { t } = useTranslation(NAMESPACE);
  const title = sheet.title || t('student.sheet');
  return (
    <li className="formative-sheet" data-testid="lesson-sheet">
      {isImage(sheet.content_type) && <img src={linkFileUrl(sheet.file_id, reference)} alt={title} className="formative-sheet__image" />}
      <span className="formative-stack">
        <strong>{title}</strong>
        {(sheet.description || sheet.size) && <span className="muted">{[sheet.description, sheet.size ? formatBytes(sheet.size) : ''].filter(Boolean).join(' · ')}</span>}
      </span>
      <a className="vk-btn vk-btn--outline" href={linkFileUrl(sheet.file_id, reference, true)} download aria-label={t('student.downloadNamed', { title })}>
        {t('student.download')}
      </a>
    </li>
  );
}
