import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE, PageState, useLoad } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CustomerCourse } from '../api';
import { CourseStatusBadge } from '../components/Badges';
import type { CustomerApi } from './session';
import { browser, isWebAddress } from './browser';
import { courseProgress, coursesOf, formatDay } from './courses';

const hoursFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/**
 * "Mis cursos" on the dashboard: the customer's online courses (`GET web/api/user/formative`,
 * newest first, with the customer's sign-in), each with its name, hours, progress (lessons done
 * of the total), days of access, where it stands ("Disponible", "Empieza el …", "Terminó el …",
 * "En pausa"), "Completado" once finished, and, while its access is open (`url` given), "Estudiar":
 * the browser goes to the course's reading page (same Volante host; only an http(s) address).
 * A failure shows in the card with a retry; `SESSION-001` signs the customer out as every call does.
 */
export function CoursesCard({ api }: { api: CustomerApi }) {
  const { t } = useTranslation(NAMESPACE);
  const load = useCallback(() => api.courses().then(coursesOf), [api]);
  const loaded = useLoad(load);
  // the page goes away after "Estudiar": its buttons stay off meanwhile
  const [leaving, setLeaving] = useState(false);
  const courses = loaded.data;

  function study(url: string | null) {
    if (!isWebAddress(url)) return;
    setLeaving(true);
    browser.assign(url);
  }

  return (
    <section className="card web-section web-cards__wide" aria-labelledby="web-customer-courses" data-testid="summary-courses">
      <h2 id="web-customer-courses" className="card__title">
        {t('customer.dashboard.courses.title')}
      </h2>
      {!courses ? (
        <PageState error={loaded.failed} onRetry={loaded.reload} />
      ) : courses.length === 0 ? (
        <p className="muted web-hint" data-testid="courses-empty">
          {t('customer.dashboard.courses.empty')}
        </p>
      ) : (
        <ul className="web-courses" aria-label={t('customer.dashboard.courses.list')}>
          {courses.map((course) => (
            <CourseItem key={course.id} course={course} leaving={leaving} onStudy={study} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseItem({ course, leaving, onStudy }: { course: CustomerCourse; leaving: boolean; onStudy: (url: string | null) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const name = course.content_name || t('none');
  const share = courseProgress(course);
  const percent = t('customer.dashboard.courses.percent', { value: share });
  const hours = Number.isFinite(course.hours) && course.hours > 0 ? course.hours : null;
  const from = formatDay(course.starts_on);
  const to = formatDay(course.ends_on);

  return (
    <li className="web-course" data-testid="course" data-course={course.id}>
      <div className="web-course__head">
        <h3 className="web-course__name" data-testid="course-name">
          {name}
        </h3>
        <CourseStatusBadge course={course} />
        {course.completed_at && (
          <span className="vk-badge vk-badge--success" data-testid="course-completed" title={t('customer.dashboard.courses.completedOn', { date: formatDay(course.completed_at) })}>
            {t('customer.dashboard.courses.completed')}
          </span>
        )}
      </div>
      <dl className="web-facts">
        {hours !== null && (
          <div className="web-facts__row">
            <dt>{t('customer.dashboard.courses.hours')}</dt>
            <dd data-testid="course-hours">{t('customer.dashboard.courses.hoursValue', { count: hours, hours: hoursFormat.format(hours) })}</dd>
          </div>
        )}
        {(from || to) && (
          <div className="web-facts__row">
            <dt>{t('customer.dashboard.courses.access')}</dt>
            <dd data-testid="course-access">{t('customer.dashboard.courses.period', { from: from || t('none'), to: to || t('none') })}</dd>
          </div>
        )}
      </dl>
      <div className="web-progress" data-testid="course-progress">
        <span
          className="web-progress__bar"
          role="progressbar"
          aria-label={t('customer.dashboard.courses.progressOf', { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          aria-valuetext={percent}
        >
          <span className={share >= 100 ? 'web-progress__fill is-complete' : 'web-progress__fill'} style={{ width: `${share}%` }} />
        </span>
        <span className="web-progress__text">{percent}</span>
        <span className="muted">{t('customer.dashboard.courses.lessons', { count: course.total, done: course.done })}</span>
      </div>
      {isWebAddress(course.url) && (
        <button
          type="button"
          className="vk-btn vk-btn--primary"
          disabled={leaving}
          aria-label={t('customer.dashboard.courses.studyNamed', { name })}
          data-testid="course-study"
          onClick={() => onStudy(course.url)}
        >
          {t('customer.dashboard.courses.study')}
        </button>
      )}
    </li>
  );
}
