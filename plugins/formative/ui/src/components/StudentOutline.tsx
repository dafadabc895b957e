import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { StudentLesson, StudentSyllabus } from '../api';

/** The lessons of the student's page in order, numbered across the content. */
export function lessonsOf(syllabi: StudentSyllabus[]): StudentLesson[] {
  return syllabi.flatMap((s) => s.themes.flatMap((theme) => theme.lessons));
}

/**
 * The course's outline on the student's page: its syllabi, their themes and lessons, each marked
 * done, to do, or not included in the access. An open lesson opens with a click; the current one
 * is marked.
 */
export function StudentOutline({ syllabi, current, onOpen }: { syllabi: StudentSyllabus[]; current: number | null; onOpen(id: number): void }) {
  const { t } = useTranslation(NAMESPACE);
  const numbers = new Map(lessonsOf(syllabi).map((l, i) => [l.id, i + 1]));
  return (
    <nav className="formative-course" aria-label={t('student.outline')} data-testid="student-outline">
      {syllabi.map((s) => (
        <section key={s.id} className="formative-course__syllabus" aria-label={s.name}>
          {syllabi.length > 1 && <h3 className="formative-course__name">{s.name}</h3>}
          {s.themes.map((theme) => (
            <div key={theme.id} className="formative-course__theme">
              <h4 className="formative-course__title">{theme.title}</h4>
              <ol className="formative-course__lessons">
                {theme.lessons.map((lesson) => {
                  const mark = lesson.done ? 'done' : lesson.open ? 'open' : 'closed';
                  const label = t('student.lessonLabel', { number: numbers.get(lesson.id), title: lesson.title, mark: t(`student.marks.${mark}`) });
                  return (
                    <li key={lesson.id} className={`formative-course__lesson is-${mark}`} data-testid="student-lesson" data-mark={mark}>
                      {lesson.open ? (
                        <button
                          type="button"
                          className="formative-course__open"
                          aria-label={label}
                          aria-current={lesson.id === current ? 'step' : undefined}
                          onClick={() => onOpen(lesson.id)}
                        >
                          <span className="formative-course__number">{numbers.get(lesson.id)}</span>
                          <span>{lesson.title}</span>
                        </button>
                      ) : (
                        <span className="formative-course__open is-closed" aria-label={label}>
                          <span className="formative-course__number">{numbers.get(lesson.id)}</span>
                          <span>{lesson.title}</span>
                        </span>
                      )}
                      <span className={`formative-mark formative-mark--${mark}`} aria-hidden="true">
                        {t(`student.marks.${mark}`)}
                      </span>
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
        </section>
      ))}
    </nav>
  );
}
