import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, FormMessages, errorList, formatDate, useApi, useFieldErrors, usePageLayout, useSession, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { practicesApi, type Agenda, type Lesson } from '../api';
import type { QuickStatus } from '../lists';
import { byDay, dayHeading, lessonTimes, today } from '../format';
import { studentViewPath } from '../paths';
import { teacherOptions, useTeachers } from '../useStaff';
import { StatusBadge } from '../components/Badges';
import { LessonActions } from '../components/LessonActions';
import { InputField, SelectField, type FormContext } from '@volante/plugin-ui';

const AGENDA_FIELDS = ['teacher_user_id', 'from', 'to'] as const;

/**
 * `/practices/agenda` — a teacher's lessons by day (`POST hermes/teacher/student`): the teacher
 * (the signed-in user at first), a day (today) and "hasta" (the same day when empty; the host
 * allows 31 days). Each lesson shows its times, student (a link to them), type, vehicle and
 * status, with "Dada", "No presentado" and "Anular" while scheduled; the agenda is read again
 * after each.
 */
export default function AgendaPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => practicesApi(client), [client]);
  const toast = useToast();
  const session = useSession();
  const me = session.user;
  const { teachers } = useTeachers(api);
  const formId = useId();
  const errors = useFieldErrors(formId, AGENDA_FIELDS);
  const [query, setQuery] = useState({ teacher_user_id: me?.user_id ? String(me.user_id) : '', from: today(), to: '' });
  const [agenda, setAgenda] = useState<Agenda | null>(null);
  const [loading, setLoading] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // only the latest query's answer is shown
  const asked = useRef(0);
  const title = t('agenda.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });
  const { reset, setErrors, fail } = errors;

  const read = useCallback(async () => {
    const mine = ++asked.current;
    reset();
    if (!query.from) {
      setErrors({ from: t('agenda.fromRequired') });
      return;
    }
    if (query.to && query.to < query.from) {
      setErrors({ to: t('agenda.toBeforeFrom') });
      return;
    }
    setLoading(true);
    try {
      const answer = await api.lessons.agenda({
        teacher_user_id: query.teacher_user_id ? Number(query.teacher_user_id) : undefined,
        from: query.from,
        to: query.to || query.from,
      });
      if (mine === asked.current) setAgenda(answer);
    } catch (failure) {
      if (mine !== asked.current) return;
      setAgenda(null);
      fail(failure, t('agenda.loadError'));
    } finally {
      if (mine === asked.current) setLoading(false);
    }
  }, [api, query, reset, setErrors, fail, t]);

  useEffect(() => {
    void read();
  }, [read]);

  async function setStatus(lesson: Lesson, status: QuickStatus) {
    setFailures([]);
    setBusy(true);
    try {
      await api.lessons.update(lesson.id, { status });
      toast.success(t(`lessons.actions.${status}Done`, { lesson: labelOf(lesson) }));
      await read();
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  const set = (patch: Partial<typeof query>) => setQuery((q) => ({ ...q, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: false };
  const labelOf = (l: Lesson) => t('agenda.label', { name: l.student_name ?? '', date: formatDate(l.date), time: l.start_time });
  const options = teacherOptions(teachers, me ? { user_id: me.user_id, name: [me.first_name, me.last_name].filter(Boolean).join(' ') || me.email } : null);

  const columns: Column<Lesson>[] = [
    { key: 'time', header: t('agenda.columns.time'), className: 'practices-nowrap', render: (l) => <span data-testid="agenda-time">{lessonTimes(l)}</span> },
    {
      key: 'student',
      header: t('agenda.columns.student'),
      render: (l) => (
        <Link to={studentViewPath(l.student_id)} data-testid="agenda-student">
          {l.student_name ?? t('agenda.studentNumber', { id: l.student_id })}
        </Link>
      ),
    },
    { key: 'type', header: t('agenda.columns.type'), render: (l) => l.type_name ?? '' },
    { key: 'vehicle', header: t('agenda.columns.vehicle'), className: 'practices-nowrap', render: (l) => l.vehicle_plate ?? t('none') },
    { key: 'status', header: t('agenda.columns.status'), render: (l) => <StatusBadge status={l.status} /> },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (l) => (
        <span className="practices-row-actions">
          <LessonActions lesson={l} label={labelOf(l)} disabled={busy} onStatus={(status) => void setStatus(l, status)} />
        </span>
      ),
    },
  ];

  const days = agenda ? byDay(agenda.lessons) : [];
  return (
    <div className="practices-page" data-testid="agenda">
      <section className="card">
        <form className="vk-form practices-form" aria-label={t('agenda.query')} noValidate onSubmit={(event) => event.preventDefault()}>
          <FormMessages errors={errors.errors} general={errors.general} testId="agenda-errors" />
          <div className="vk-form__grid">
            <SelectField ctx={ctx} field="teacher_user_id" label={t('agenda.fields.teacher_user_id')} value={query.teacher_user_id} onChange={(teacher_user_id) => set({ teacher_user_id })} options={options} />
            <InputField ctx={ctx} field="from" type="date" label={t('agenda.fields.from')} value={query.from} onChange={(from) => set({ from })} />
            <InputField ctx={ctx} field="to" type="date" label={t('agenda.fields.to')} value={query.to} min={query.from} hint={t('agenda.toHint')} onChange={(to) => set({ to })} />
          </div>
        </form>
      </section>
      <ErrorList messages={failures} testId="agenda-action-errors" />
      {agenda && days.length === 0 && (
        <p className="muted" role="status" data-testid="agenda-empty">
          {t('agenda.empty')}
        </p>
      )}
      {days.map((day) => (
        <section key={day.date} className="card practices-section" aria-labelledby={`${formId}-${day.date}`} data-testid="agenda-day">
          <div className="practices-section__head">
            <h2 id={`${formId}-${day.date}`} className="card__title practices-day">
              {dayHeading(day.date)}
            </h2>
            <p className="muted">{t('agenda.count', { count: day.lessons.length })}</p>
          </div>
          <DataTable<Lesson> label={t('agenda.dayTable', { day: formatDate(day.date) })} columns={columns} rows={day.lessons} rowKey={(l) => l.id} loading={loading} />
        </section>
      ))}
    </div>
  );
}
