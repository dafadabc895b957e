import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect, FilteredList, formatDate, formatDateTime, useApi, usePageLayout, useToast, type Column, type ListQuery } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type Student } from '../api';
import { personName } from '../format';
import { LICENCES, STUDENT_STATUSES } from '../lists';
import { studentPath } from '../paths';
import { SubNav } from '../components/SubNav';
import { EnrolForm } from '../components/EnrolForm';
import { PinNotice } from '../components/PinNotice';

/**
 * `/valkiria/alumnos` — the students by last name (`GET valkiria/listuserautoescuela`): the
 * search (name or DNI, from 2 characters), the licence and the status filters, "Viendo x a y de
 * z"; each with their enrolments, attempts (passed) and the last one. Beside it, the enrolment of
 * a new student: once created their PIN is shown once, prominently, and the list is read again.
 */
export default function StudentsPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const toast = useToast();
  const [licence, setLicence] = useState('');
  const [status, setStatus] = useState('');
  const [version, setVersion] = useState(0);
  const [created, setCreated] = useState<Student | null>(null);
  usePageLayout({ title: t('nav.students'), breadcrumbs: [{ label: t('title') }, { label: t('nav.students') }] });

  const load = useCallback(
    (q: ListQuery) => api.students.list({ search: q.search, licence, status, page: q.page, per_page: q.perPage }),
    [api, licence, status],
  );

  const columns: Column<Student>[] = [
    {
      key: 'name',
      header: t('columns.student'),
      render: (s) => (
        <span className="valkiria-inline">
          <Link to={studentPath(s.id)} data-testid="student-name">
            {personName(s)}
          </Link>
          {s.state && s.state !== 'active' && <span className="vk-badge">{t(`states.${s.state}`)}</span>}
        </span>
      ),
    },
    { key: 'dni', header: t('columns.dni'), className: 'valkiria-nowrap', render: (s) => s.dni },
    {
      key: 'enrolments',
      header: t('columns.enrolments'),
      render: (s) =>
        s.enrolments?.length ? (
          <span className="valkiria-inline">
            {s.enrolments.map((e) => (
              <span key={e.id} className={`vk-badge ${e.expired ? 'vk-badge--danger' : 'vk-badge--success'}`} data-testid="student-enrolment" title={t('enrolments.until', { date: formatDate(e.expires_on) })}>
                {t('enrolments.short', { licence: e.licence, date: formatDate(e.expires_on) })}
              </span>
            ))}
          </span>
        ) : (
          t('none')
        ),
    },
    { key: 'attempts', header: t('columns.attempts'), className: 'valkiria-num', render: (s) => t('tests.passedOf', { passed: s.passed ?? 0, attempts: s.attempts ?? 0 }) },
    { key: 'last', header: t('columns.lastAttempt'), className: 'valkiria-nowrap', render: (s) => (s.last_attempt_at ? formatDateTime(s.last_attempt_at) : t('none')) },
  ];

  return (
    <div className="valkiria-page" data-testid="students">
      <SubNav />
      <div className="valkiria-layout valkiria-layout--side">
        <FilteredList<Student>
          label={t('students.table')}
          columns={columns}
          rowKey={(s) => s.id}
          load={load}
          filtersKey={JSON.stringify({ licence, status, version })}
          searchPlaceholder={t('students.search')}
          empty={t('students.empty')}
          filters={
            <>
              <span data-testid="students-licence">
                <FilterSelect label={t('fields.licence')} value={licence} options={[{ value: '', label: t('students.allLicences') }, ...LICENCES.map((l) => ({ value: l, label: t('licenceNamed', { licence: l }) }))]} onChange={setLicence} />
              </span>
              <span data-testid="students-status">
                <FilterSelect label={t('students.status')} value={status} options={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`students.statuses.${s || 'all'}`) }))} onChange={setStatus} />
              </span>
            </>
          }
        />
        <section className="card" aria-labelledby="valkiria-enrol-title" data-testid="enrol">
          <h2 id="valkiria-enrol-title" className="card__title">
            {t('enrol.title')}
          </h2>
          {created?.pin && (
            <>
              <PinNotice pin={created.pin} name={personName(created)} dni={created.dni} onDismiss={() => setCreated(null)} />
              <p>
                <Link to={studentPath(created.id)} data-testid="enrol-open-student">
                  {t('enrol.open', { name: personName(created) })}
                </Link>
              </p>
            </>
          )}
          <EnrolForm
            label={t('enrol.title')}
            submitLabel={t('enrol.submit')}
            testId="enrol-form"
            onSubmit={async (body) => {
              const student = await api.students.enrol(body);
              toast.success(t('enrol.done', { name: personName(student), licence: body.licence }));
              setCreated(student);
              setVersion((v) => v + 1);
            }}
          />
        </section>
      </div>
    </div>
  );
}
