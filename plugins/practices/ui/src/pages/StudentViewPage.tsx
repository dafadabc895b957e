import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, FormMessages, PageState, errorList, useApi, useConfirm, useFieldErrors, useLoad, usePageLayout, useRecord, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { practicesApi, type PracticesApi, type StudentDetail, type Teacher } from '../api';
import { studentListPath } from '../paths';
import { teacherOptions, useTeachers, useVehicles } from '../useStaff';
import { UnpaidBadge } from '../components/Badges';
import { SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';
import { StudentBags } from '../components/StudentBags';
import { StudentLessons } from '../components/StudentLessons';

/**
 * `/practices/student/:student_id` — a student of practical lessons (`GET hermes/student/read?id=`):
 * licence, usual teacher ("Cambiar profesor": `hermes/teacher/assign`), the lessons left and
 * those owed, "Dar de baja" (`hermes/student/delete`, asked first: lessons to come are
 * cancelled); their packs and their lessons. A student given leave is read only.
 */
export default function StudentViewPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => practicesApi(client), [client]);
  const id = Number(useParams().student_id) || 0;
  const toast = useToast();
  const confirm = useConfirm();
  const { record: student, show, failed, load } = useRecord<StudentDetail>(id, api.students.read);
  const changing = !!student && student.state !== 'deleted';
  const licence = student?.licence ?? '';
  const loadTypes = useCallback(() => api.types.ofLicence(licence), [api, licence]);
  const types = useLoad(loadTypes, changing && !!licence);
  const { teachers } = useTeachers(api, changing);
  const vehicles = useVehicles(api, changing);
  const [assigning, setAssigning] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const title = student?.name ?? t('students.view.fallback');
  usePageLayout({ title, breadcrumbs: [{ label: t('students.title'), to: studentListPath() }, { label: title }] });

  if (!id) return <PageState error={t('students.view.notFound')} />;
  if (failed !== null) return <PageState error={failed} onRetry={load} />;
  if (!student) return <PageState error={null} />;

  const saved = (answer: StudentDetail) => show(answer, { redraw: false });

  async function remove() {
    if (!student) return;
    const ok = await confirm({ title: t('students.delete.title'), message: t('students.delete.question', { name: student.name }), confirmLabel: t('students.delete.action'), tone: 'danger' });
    if (!ok) return;
    setFailures([]);
    try {
      saved(await api.students.remove(student.id));
      toast.success(t('students.delete.done', { name: student.name }));
      setAssigning(false);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    }
  }

  return (
    <div className="practices-page" data-testid="student-view">
      <section className="card practices-head" data-testid="student-head">
        <div>
          <h2 className="practices-head__name" data-testid="student-title">
            {student.name}
          </h2>
          <p className="muted">{t('students.view.licence', { licence: student.licence })}</p>
          <p className="practices-badges">
            {!changing && <span className="vk-badge vk-badge--danger">{t('students.deleted')}</span>}
            <UnpaidBadge count={student.unpaid} />
          </p>
        </div>
        <dl className="practices-facts">
          <dt>{t('students.fields.teacher_user_id')}</dt>
          <dd data-testid="student-teacher">{student.teacher_name ?? t('noTeacher')}</dd>
          <dt>{t('students.columns.remaining')}</dt>
          <dd data-testid="student-remaining">{student.remaining}</dd>
          <dt>{t('students.view.unpaid')}</dt>
          <dd data-testid="student-unpaid">{student.unpaid}</dd>
        </dl>
        <div className="practices-actions">
          <Link className="vk-btn vk-btn--light" to={studentListPath()}>
            {t('back')}
          </Link>
          {changing && (
            <>
              <button type="button" className="vk-btn vk-btn--light" aria-pressed={assigning} onClick={() => setAssigning(!assigning)}>
                {t('students.assign.open')}
              </button>
              <button type="button" className="vk-btn vk-btn--light" onClick={() => void remove()}>
                {t('students.delete.action')}
              </button>
            </>
          )}
        </div>
        <ErrorList messages={failures} testId="student-action-errors" />
        {assigning && changing && (
          <AssignTeacher
            api={api}
            student={student}
            teachers={teachers}
            onSaved={(answer) => {
              saved(answer);
              setAssigning(false);
            }}
            onClose={() => setAssigning(false)}
          />
        )}
      </section>
      {!changing && (
        <p className="vk-alert vk-alert--info" role="status">
          {t('students.view.deletedNotice')}
        </p>
      )}
      {types.failed !== null && (
        <p className="vk-alert vk-alert--danger" role="alert">
          {types.failed || t('types.loadError')}
        </p>
      )}
      <StudentBags api={api} student={student} types={types.data ?? []} changing={changing} onSaved={saved} />
      <StudentLessons api={api} student={student} types={types.data ?? []} teachers={teachers} vehicles={vehicles} changing={changing} onSaved={saved} />
    </div>
  );
}

const ASSIGN_FIELDS = ['teacher_user_id'] as const;

/** "Cambiar profesor": the usual teacher, or none (`null` takes the teacher away). */
function AssignTeacher({ api, student, teachers, onSaved, onClose }: { api: PracticesApi; student: StudentDetail; teachers: Teacher[] | null; onSaved(student: StudentDetail): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, ASSIGN_FIELDS);
  const [teacher, setTeacher] = useState(student.teacher_user_id ? String(student.teacher_user_id) : '');
  const [busy, setBusy] = useState(false);
  const ctx: FormContext = { formId, errors, disabled: busy };
  const title = t('students.assign.title');

  async function submit() {
    errors.reset();
    const chosen = teacher ? Number(teacher) : null;
    if (chosen === student.teacher_user_id) {
      toast.info(t('noChanges'));
      return;
    }
    setBusy(true);
    try {
      const answer = await api.students.assign(student.id, chosen);
      onSaved(answer);
      toast.success(answer.teacher_name ? t('students.assign.done', { name: answer.teacher_name }) : t('students.assign.removed'));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form practices-panel vk-field--wide"
      aria-label={title}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="assign-errors" />
      <div className="vk-form__grid">
        <SelectField
          ctx={ctx}
          field="teacher_user_id"
          label={title}
          value={teacher}
          onChange={setTeacher}
          empty={t('noTeacher')}
          options={teacherOptions(teachers, { user_id: student.teacher_user_id, name: student.teacher_name })}
        />
      </div>
      <SubmitActions busy={busy} label={t('students.assign.submit')}>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
