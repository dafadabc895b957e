import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, errorList, hasErrorCode, useApi } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { formativeApi, type StudentView } from '../api';
import { period } from '../format';
import { LessonView } from '../components/LessonView';
import { ProgressBar } from '../components/ProgressBar';
import { StudentOutline, lessonsOf } from '../components/StudentOutline';

/** Why the page cannot show the course: an unknown link, a revoked one, the access not open now, or the service gone. */
type Closed = 'unknown' | 'revoked' | 'access' | 'unavailable';

/** The host's refusal of the link as the page says it; null for another failure. */
function closedBy(failure: unknown): Closed | null {
  if (!failure) return null;
  if (hasErrorCode(failure, 'LINK-001')) return 'revoked';
  if (hasErrorCode(failure, 'NOT-FOUND-000')) return 'unknown';
  if (hasErrorCode(failure, 'SERVICE-000')) return 'unavailable';
  // the plugin's: the access not started, ended or paused, the content not available, the temary module off
  if (hasErrorCode(failure, 'CONFLICT-000')) return 'access';
  return null;
}

/** The `?leccion=` of the address: the lesson open, or null for the outline. */
const LESSON_PARAM = 'leccion';

/**
 * `/formacion/:reference` — the public page of a student's link (no session: the shell shows it in
 * its public layout). `GET formative/student/read?reference=`: the course (name, description,
 * category, hours), the days of access, the progress and the outline (syllabi, themes, lessons
 * done, to do, or not included). An open lesson opens beside it (`?leccion=`): `components/
 * LessonView.tsx`. Marking a lesson done answers the new progress. A refused link says why:
 * unknown (`NOT-FOUND-000`) "Este enlace no es válido", revoked (`LINK-001`) "Este enlace ya no
 * da acceso", the access not open now or the content gone (`CONFLICT-000`) with the host's reason.
 */
export default function StudentPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => formativeApi(client), [client]);
  const reference = useParams().reference ?? '';
  const [params, setParams] = useSearchParams();
  const raw = params.get(LESSON_PARAM) ?? '';
  const lessonId = /^\d+$/.test(raw) ? Number(raw) : null;
  const [view, setView] = useState<StudentView | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setFailure(null);
    api.student.read(reference).then(
      (answer) => live && setView(answer),
      (refused) => live && setFailure(refused ?? new Error('read failed')),
    );
    return () => {
      live = false;
    };
  }, [api, reference, version]);

  /**
   * A refusal met while studying a lesson: a revoked link (or the service gone) closes the page;
   * others (a lesson not open or unknown, the access ended meanwhile) are the lesson's to show.
   */
  const onClosed = useCallback((refused: unknown) => {
    if (!hasErrorCode(refused, 'LINK-001', 'SERVICE-000')) return false;
    setFailure(refused);
    return true;
  }, []);
  const open = (id: number | null) => setParams(id ? { [LESSON_PARAM]: String(id) } : {});
  const lessons = view ? lessonsOf(view.syllabi) : [];
  const canOpen = (id: number) => lessons.some((l) => l.id === id && l.open);
  const done = useCallback(
    async (id: number, isDone: boolean) => {
      setView(await api.student.done(reference, id, isDone));
    },
    [api, reference],
  );

  const closed = closedBy(failure);
  if (closed) {
    const reason = closed === 'access' ? errorList(failure)[0]?.details : '';
    return (
      <section className="card formative-public formative-public--closed" role="alert" data-testid={`link-${closed}`}>
        <h1 className="formative-public__title">{t(`student.closed.${closed}.title`)}</h1>
        <p>{reason || t(`student.closed.${closed}.message`)}</p>
        {closed === 'access' && <p className="muted">{t('student.closed.access.hint')}</p>}
      </section>
    );
  }
  if (!view) {
    const failed = failure ? (errorList(failure)[0]?.details ?? '') : null;
    return <PageState error={failed} onRetry={() => setVersion((v) => v + 1)} />;
  }

  const next = lessons.find((l) => l.open && !l.done);
  const { content } = view;
  return (
    <div className="formative-public" data-testid="student-page">
      <section className="card formative-public__head" aria-labelledby="formative-course-title">
        <p className="muted formative-public__eyebrow">{t('student.eyebrow')}</p>
        <h1 id="formative-course-title" className="formative-public__title" data-testid="course-name">
          {content.name}
        </h1>
        {view.name && <p data-testid="course-hello">{t('student.hello', { name: view.name })}</p>}
        <p className="formative-inline muted" data-testid="course-facts">
          {content.category && <span>{t('student.category', { category: content.category })}</span>}
          <span>{t('hours', { count: content.hours ?? 0 })}</span>
          <span data-testid="course-access">{t('student.access', { period: period(view.starts_on, view.ends_on) })}</span>
        </p>
        {content.description && <p className="formative-text">{content.description}</p>}
        <ProgressBar value={view.progress} label={t('student.progress')} detail={t('progress.lessonsDone', { done: view.done, total: view.total })} testId="course-progress" />
        {view.open < view.total && (
          <p className="muted" data-testid="course-share">
            {t('student.share', { open: view.open, total: view.total })}
          </p>
        )}
      </section>
      <div className={lessonId ? 'formative-study formative-study--lesson' : 'formative-study'}>
        <section className="card formative-study__outline" aria-labelledby="formative-outline-title">
          <h2 id="formative-outline-title" className="formative-subtitle">
            {t('student.outline')}
          </h2>
          {lessons.length === 0 ? <p className="muted">{t('student.noLessons')}</p> : <StudentOutline syllabi={view.syllabi} current={lessonId} onOpen={open} />}
        </section>
        {lessonId ? (
          <LessonView key={lessonId} api={api} reference={reference} id={lessonId} canOpen={canOpen} onOpen={open} onBack={() => open(null)} onDone={done} onClosed={onClosed} />
        ) : (
          <section className="card formative-study__next" data-testid="continue">
            {next ? (
              <>
                <p>{view.done ? t('student.continueHint', { title: next.title }) : t('student.startHint', { title: next.title })}</p>
                <button type="button" className="vk-btn vk-btn--primary" onClick={() => open(next.id)}>
                  {view.done ? t('student.continue') : t('student.start')}
                </button>
              </>
            ) : (
              lessons.length > 0 && <p>{t('student.finished')}</p>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
