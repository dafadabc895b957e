import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, formatDate, useApi, usePageLayout, useRecord, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { coursesApi, type CourseDetail } from '../api';
import { KINDS, listPath, type Kind } from '../kinds';
import { VIEW_TABS, tabOf, type ViewTab } from '../lists';
import { formatHours } from '../format';
import { useLoad } from '@volante/plugin-ui';
import { useBranches } from '../useBranches';
import { StateBadge } from '../components/Badges';
import { DataTab } from '../tabs/DataTab';
import { StudentsTab } from '../tabs/StudentsTab';
import { SessionsTab } from '../tabs/SessionsTab';
import { CataloguesTab } from '../tabs/CataloguesTab';
import { SendInformationButton, WithoutEmailNotice, useCourseInformation } from '../components/CourseInformation';
import type { TabProps } from '../tabs/types';

/**
 * `/course/view/:course_id`, `/permisoa/view/:curso_permiso_a_id`,
 * `/recuperacionpuntos/view/:recuperacionpuntos_id` — a course (`GET <prefix>read?id=`): the head
 * (name, reference, category, state, dates, students, hours) and the tabs Datos, Alumnos,
 * Sesiones and Lugares y docentes (`?tab=` keeps the one open). Every write answers the course,
 * which is shown. A deleted course is read only. A training course (kind `course`) also mails
 * its information to its students (`course/send/information`), for a user with the permission.
 */
export default function CourseViewPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => coursesApi(client, kind), [client, kind]);
  const id = Number(useParams()[KINDS[kind].param]) || 0;
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { record: course, show, failed, formKey, load } = useRecord<CourseDetail>(id, api.courses.read);
  const groups = useLoad(api.groups.list, tab === 'data');
  const branches = useBranches(api, tab === 'data');
  const session = useSession();
  // the call exists for training courses only
  const informs = kind === 'course' && session.can(KINDS.course.permission);
  const information = useCourseInformation(api, course);
  const kindTitle = t(`kinds.${kind}.title`);
  const title = course?.name || t('view.title');
  usePageLayout({ title, breadcrumbs: [{ label: kindTitle, to: listPath(kind) }, { label: title }] });

  if (!id) return <PageState error={t('view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!course) return <PageState error={null} />;

  const readOnly = course.state === 'deleted';
  const select = (next: ViewTab) => setParams(next === 'data' ? {} : { tab: next }, { replace: true });
  const props: TabProps = { api, course, readOnly, onSaved: show };
  const dates = [formatDate(course.start_date), formatDate(course.end_date)].filter(Boolean).join(' – ');

  return (
    <div className="courses-page" data-testid="course-view">
      <section className="card courses-head" data-testid="course-head">
        <div>
          <h2 className="courses-head__name" data-testid="course-title">
            {course.name}
          </h2>
          <p className="muted">{[course.reference, t(`category.${course.category}`), course.group_name].filter(Boolean).join(' · ')}</p>
          <p className="courses-head__badges">
            <StateBadge state={course.state} />
          </p>
        </div>
        <dl className="courses-facts">
          <dt>{t('view.dates')}</dt>
          <dd data-testid="course-dates">{dates || t('view.none')}</dd>
          <dt>{t('view.students')}</dt>
          <dd data-testid="course-students">{t('view.studentsOf', { enrolled: course.enrolled, max: course.max_students })}</dd>
          <dt>{t('view.hours')}</dt>
          <dd data-testid="course-hours">{t('hoursOf', { done: formatHours(course.scheduled_hours), total: formatHours(course.hours) })}</dd>
          <dt>{t('fields.modality')}</dt>
          <dd>{t(`modality.${course.modality}`)}</dd>
        </dl>
        <div className="courses-actions">
          {informs && <SendInformationButton course={course} information={information} />}
          <Link className="vk-btn vk-btn--light" to={listPath(kind)}>
            {t('view.back')}
          </Link>
        </div>
      </section>
      {readOnly && (
        <p className="vk-alert vk-alert--danger" role="status">
          {t('view.deletedNotice')}
        </p>
      )}
      {informs && <WithoutEmailNotice information={information} />}
      <section className="card">
        <div className="vk-tabs courses-tabs" role="tablist" aria-label={t('view.tabs')}>
          {VIEW_TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`courses-tab-${key}`}
              aria-selected={tab === key}
              aria-controls="courses-tab-panel"
              className={tab === key ? 'vk-tab is-active' : 'vk-tab'}
              onClick={() => tab !== key && select(key)}
            >
              {t(`tabs.${key}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id="courses-tab-panel" aria-labelledby={`courses-tab-${tab}`} key={`${tab}-${formKey}`}>
          {tab === 'data' && <DataTab {...props} groups={groups.data ?? []} branches={branches} />}
          {tab === 'students' && <StudentsTab {...props} information={informs ? information : undefined} />}
          {tab === 'sessions' && <SessionsTab {...props} />}
          {tab === 'catalogues' && <CataloguesTab api={api} />}
        </div>
      </section>
    </div>
  );
}
