import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, Field, FieldErrorMessage, FormMessages, PageState, SubmitActions, UI_NAMESPACE, errorList, fieldId, formatDate, useConfirm, useFieldErrors, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CourseDetail, NewSession, Place, Session, SessionKind, Teacher } from '../api';
import { SESSION_KINDS } from '../lists';
import { formatHours } from '../format';
import { useLoad } from '@volante/plugin-ui';
import { useStudentName } from './StudentsTab';
import type { TabProps } from './types';

/**
 * "Sesiones": the course's sessions (date, times, hours, kind, place, teachers, attendance) with
 * the hours scheduled against the course's; "Asistencia" opens a session's check boxes, one per
 * enrolled student (`<prefix>sesion/attendance`); "Quitar" removes a session and its attendance
 * (`<prefix>sesion/remove`, confirmed); the form adds one (`<prefix>sesion/add`: date, start,
 * end, kind, place of `sesion/lugares`, teachers of `sesion/docentes`).
 */
export function SessionsTab({ api, course, readOnly, onSaved }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [open, setOpen] = useState<number | null>(null);
  const places = useLoad(api.places.list, !readOnly);
  const teachers = useLoad(api.teachers.list, !readOnly);
  const session = course.sessions.find((s) => s.id === open) ?? null;

  async function remove(s: Session) {
    const ok = await confirm({
      title: t('sessions.removeTitle'),
      message: t('sessions.removeQuestion', { date: formatDate(s.date), start: s.start_time, end: s.end_time }),
      confirmLabel: t('sessions.remove'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      onSaved(await api.sessions.remove(s.id), { redraw: false });
      toast.success(t('sessions.removed'));
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    }
  }

  const columns: Column<Session>[] = [
    { key: 'date', header: t('sessions.columns.date'), className: 'courses-nowrap', render: (s) => <span data-testid="session-date">{formatDate(s.date)}</span> },
    { key: 'time', header: t('sessions.columns.time'), className: 'courses-nowrap', render: (s) => `${s.start_time}–${s.end_time}` },
    { key: 'hours', header: t('sessions.columns.hours'), className: 'courses-num', render: (s) => formatHours(s.hours) },
    { key: 'kind', header: t('sessions.columns.kind'), render: (s) => t(`sessionKind.${s.kind}`) },
    { key: 'place', header: t('sessions.columns.place'), render: (s) => s.place_name ?? '' },
    { key: 'teachers', header: t('sessions.columns.teachers'), render: (s) => s.teachers.join(', ') },
    { key: 'present', header: t('sessions.columns.present'), className: 'courses-num', render: (s) => `${s.present.length}/${course.students.length}` },
    {
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (s) => {
        const label = t('sessions.named', { date: formatDate(s.date), start: s.start_time });
        return (
          <>
            <button
              type="button"
              className="vk-btn vk-btn--light"
              aria-expanded={open === s.id}
              aria-label={t('sessions.attendanceNamed', { session: label })}
              onClick={() => setOpen(open === s.id ? null : s.id)}
            >
              {t('sessions.attendance')}
            </button>
            {!readOnly && (
              <>
                {' '}
                <button type="button" className="vk-btn vk-btn--light" aria-label={t('sessions.removeNamed', { session: label })} onClick={() => void remove(s)}>
                  {t('sessions.remove')}
                </button>
              </>
            )}
          </>
        );
      },
    },
  ];

  const scheduled = course.scheduled_hours;
  const hoursState = scheduled > course.hours ? 'over' : scheduled < course.hours ? 'under' : 'done';
  return (
    <div className="courses-stack">
      <p className={`courses-hours courses-hours--${hoursState}`} data-testid="sessions-hours">
        {t('sessions.scheduled', { scheduled: formatHours(scheduled), hours: formatHours(course.hours) })}{' '}
        <span className="muted">{t(`sessions.hoursState.${hoursState}`, { hours: formatHours(Math.abs(course.hours - scheduled)) })}</span>
      </p>
      <DataTable<Session> label={t('sessions.table')} columns={columns} rows={course.sessions} rowKey={(s) => s.id} empty={t('sessions.empty')} />
      {session && <Attendance {...{ api, course, readOnly, onSaved }} session={session} />}
      {!readOnly &&
        (places.data && teachers.data ? (
          <SessionForm {...{ api, course, readOnly, onSaved }} places={places.data} teachers={teachers.data} />
        ) : (
          <PageState error={places.failed ?? teachers.failed} onRetry={() => {
              places.reload();
              teachers.reload();
            }} />
        ))}
    </div>
  );
}

/** A session's attendance: one check box per enrolled student; each change is sent at once. */
function Attendance({ api, course, readOnly, onSaved, session }: TabProps & { session: Session }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const nameOf = useStudentName();
  const [pending, setPending] = useState<number[]>([]);
  const present = new Set(session.present);
  const title = t('sessions.attendanceOf', { date: formatDate(session.date), start: session.start_time, end: session.end_time });

  async function mark(contact_ids: number[], on: boolean) {
    setPending((p) => [...p, ...contact_ids]);
    try {
      onSaved(await api.sessions.attendance(session.id, contact_ids, on), { redraw: false });
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    } finally {
      setPending((p) => p.filter((id) => !contact_ids.includes(id)));
    }
  }

  const absent = course.students.filter((s) => !present.has(s.contact_id)).map((s) => s.contact_id);
  return (
    <section className="courses-panel" aria-label={title} data-testid="attendance">
      <h3 className="courses-form__heading">{title}</h3>
      {course.students.length === 0 ? (
        <p className="muted">{t('sessions.noStudents')}</p>
      ) : (
        <>
          <ul className="courses-attendance">
            {course.students.map((s) => (
              <li key={s.contact_id}>
                <label className="vk-check">
                  <input
                    type="checkbox"
                    checked={present.has(s.contact_id)}
                    disabled={readOnly || pending.includes(s.contact_id)}
                    onChange={(ev) => void mark([s.contact_id], ev.target.checked)}
                  />
                  <span>{nameOf(s)}</span>
                </label>
              </li>
            ))}
          </ul>
          {!readOnly && absent.length > 0 && (
            <button type="button" className="vk-btn vk-btn--light" disabled={pending.length > 0} onClick={() => void mark(absent, true)}>
              {t('sessions.allPresent')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const SESSION_FIELDS = ['date', 'start_time', 'end_time', 'kind', 'place_id', 'teacher_ids'] as const;

interface SessionDraft {
  date: string;
  start_time: string;
  end_time: string;
  kind: SessionKind;
  place_id: string;
  teacher_ids: number[];
}

/** A new session's draft: the course's first day when it has one, a theory session. */
function emptySession(course: CourseDetail): SessionDraft {
  return { date: course.start_date ?? '', start_time: '', end_time: '', kind: 'theory', place_id: '', teacher_ids: [] };
}

/** `<prefix>sesion/add`'s body. */
export function sessionBody(course: CourseDetail, draft: SessionDraft): NewSession {
  return {
    course_id: course.id,
    date: draft.date,
    start_time: draft.start_time,
    end_time: draft.end_time,
    kind: draft.kind,
    place_id: draft.place_id ? Number(draft.place_id) : null,
    teacher_ids: draft.teacher_ids,
  };
}

function SessionForm({ api, course, onSaved, places, teachers }: TabProps & { places: Place[]; teachers: Teacher[] }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, SESSION_FIELDS);
  const [draft, setDraft] = useState<SessionDraft>(() => emptySession(course));
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<SessionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const e = errors.errors;
  const c = errors.control;
  const sortedTeachers = useMemo(() => [...teachers].sort((a, b) => a.name.localeCompare(b.name, 'es')), [teachers]);

  async function submit() {
    errors.reset();
    const missing = (['date', 'start_time', 'end_time'] as const).filter((f) => !draft[f]);
    if (missing.length) {
      errors.setErrors(Object.fromEntries(missing.map((f) => [f, ui('form.required')])));
      return;
    }
    setBusy(true);
    try {
      onSaved(await api.sessions.add(sessionBody(course, draft)), { redraw: false });
      toast.success(t('sessions.added'));
      setDraft((d) => ({ ...d, start_time: '', end_time: '' }));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  const teachersId = fieldId(formId, 'teacher_ids');
  return (
    <form
      className="vk-form courses-panel"
      aria-label={t('sessions.new')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="courses-form__heading">{t('sessions.new')}</h3>
      <FormMessages errors={e} general={errors.general} testId="session-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="date" label={t('sessions.fields.date')} error={e.date} required>
          <input className="vk-input" type="date" {...c('date')} value={draft.date} min={course.start_date ?? undefined} max={course.end_date ?? undefined} disabled={busy} onChange={(ev) => set({ date: ev.target.value })} />
        </Field>
        <Field form={formId} field="start_time" label={t('sessions.fields.start_time')} error={e.start_time} required>
          <input className="vk-input" type="time" {...c('start_time')} value={draft.start_time} disabled={busy} onChange={(ev) => set({ start_time: ev.target.value })} />
        </Field>
        <Field form={formId} field="end_time" label={t('sessions.fields.end_time')} error={e.end_time} required>
          <input className="vk-input" type="time" {...c('end_time')} value={draft.end_time} disabled={busy} onChange={(ev) => set({ end_time: ev.target.value })} />
        </Field>
        <Field form={formId} field="kind" label={t('sessions.fields.kind')} error={e.kind}>
          <select className="vk-input" {...c('kind')} value={draft.kind} disabled={busy} onChange={(ev) => set({ kind: ev.target.value as SessionKind })}>
            {SESSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`sessionKind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="place_id" label={t('sessions.fields.place_id')} error={e.place_id} hint={places.length === 0 ? t('sessions.noPlaces') : undefined}>
          <select className="vk-input" {...c('place_id')} value={draft.place_id} disabled={busy} onChange={(ev) => set({ place_id: ev.target.value })}>
            <option value="">{t('sessions.noPlace')}</option>
            {places.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <fieldset className="vk-field courses-checks" id={teachersId} aria-invalid={e.teacher_ids ? true : undefined} aria-describedby={e.teacher_ids ? `${teachersId}-error` : undefined}>
        <legend className="vk-label">{t('sessions.fields.teacher_ids')}</legend>
        {sortedTeachers.length === 0 ? (
          <p className="muted">{t('sessions.noTeachers')}</p>
        ) : (
          <div className="courses-checks__list">
            {sortedTeachers.map((teacher) => (
              <label key={teacher.id} className="vk-check">
                <input
                  type="checkbox"
                  checked={draft.teacher_ids.includes(teacher.id)}
                  disabled={busy}
                  onChange={(ev) => set({ teacher_ids: ev.target.checked ? [...draft.teacher_ids, teacher.id] : draft.teacher_ids.filter((id) => id !== teacher.id) })}
                />
                <span>
                  {teacher.name} <span className="muted">· {t(`teacherRole.${teacher.role}`)}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        <FieldErrorMessage form={formId} field="teacher_ids" error={e.teacher_ids} />
      </fieldset>
      <SubmitActions busy={busy} label={t('sessions.add')} />
    </form>
  );
}
