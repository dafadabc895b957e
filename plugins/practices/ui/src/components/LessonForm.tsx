import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, UI_NAMESPACE, formatDate, useFieldErrors, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Lesson, LessonUpdate, NewLesson, PracticeType, PracticesApi, StudentDetail, Teacher, Vehicle } from '../api';
import { today } from '../format';
import { teacherOptions, vehicleLabel } from '../useStaff';
import { CheckField, InputField, NotesField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

/** Every field of a lesson the host may name in an error (README: clashes name the teacher, vehicle or start). */
export const LESSON_FIELDS = ['type_id', 'date', 'start_time', 'teacher_user_id', 'vehicle_id', 'status', 'notes'] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The fields a form shows: the vehicle only when the fleet answers (else its error goes above). */
const shownFields = (fields: readonly string[], withVehicle: boolean) => fields.filter((f) => withVehicle || f !== 'vehicle_id');

interface Common {
  api: PracticesApi;
  teachers: Teacher[] | null;
  /** The fleet's vehicles; null hides the select. */
  vehicles: Vehicle[] | null;
  onSaved(student: StudentDetail): void;
}

/**
 * "Reservar práctica" (`POST hermes/student/practice`): the type (of the student's licence), the
 * day and start (the end comes from the type), the teacher (the student's by default), the
 * vehicle (when the fleet answers) and notes. "Ya dada" records a lesson already given (`done`,
 * refused for a future day). Clashes go under the teacher, the vehicle or the start.
 */
export function BookLesson({ api, student, types, teachers, vehicles, onSaved, onClose }: Common & { student: StudentDetail; types: PracticeType[]; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, shownFields(LESSON_FIELDS, vehicles !== null));
  const fresh = () => ({
    type_id: types.length === 1 ? String(types[0].id) : '',
    date: today(),
    start_time: '',
    teacher_user_id: student.teacher_user_id ? String(student.teacher_user_id) : '',
    vehicle_id: '',
    notes: '',
    done: false,
  });
  const [draft, setDraft] = useState(fresh);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ReturnType<typeof fresh>>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const title = t('lessons.book.title');

  async function submit() {
    errors.reset();
    const required: Record<string, string> = {};
    if (!draft.type_id) required.type_id = ui('form.required');
    if (!draft.date) required.date = ui('form.required');
    if (!draft.start_time) required.start_time = ui('form.required');
    else if (!TIME.test(draft.start_time)) required.start_time = t('lessons.form.invalidTime');
    if (draft.done && draft.date > today()) required.date = t('lessons.form.doneInFuture');
    if (Object.keys(required).length) return errors.setErrors(required);
    const body: NewLesson = { student_id: student.id, type_id: Number(draft.type_id), date: draft.date, start_time: draft.start_time };
    if (draft.teacher_user_id) body.teacher_user_id = Number(draft.teacher_user_id);
    if (vehicles && draft.vehicle_id) body.vehicle_id = Number(draft.vehicle_id);
    if (draft.done) body.status = 'done';
    if (draft.notes.trim()) body.notes = draft.notes.trim();
    setBusy(true);
    try {
      onSaved(await api.lessons.book(body));
      toast.success(t(draft.done ? 'lessons.book.recorded' : 'lessons.book.done'));
      setDraft(fresh());
      onClose();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form practices-panel"
      aria-label={title}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="practices-form__heading">{title}</h3>
      <FormMessages errors={errors.errors} general={errors.general} testId="book-errors" />
      {types.length === 0 && (
        <p className="muted" data-testid="no-types">
          {t('lessons.book.noTypes', { licence: student.licence })}
        </p>
      )}
      <div className="vk-form__grid">
        <SelectField
          ctx={ctx}
          field="type_id"
          label={t('lessons.fields.type_id')}
          value={draft.type_id}
          onChange={(type_id) => set({ type_id })}
          required
          empty={ui('form.choose')}
          options={types.map((x) => ({ value: String(x.id), label: t('typeOption', { name: x.name, minutes: x.minutes }) }))}
        />
        <InputField ctx={ctx} field="date" type="date" label={t('lessons.fields.date')} value={draft.date} required onChange={(date) => set({ date })} />
        <InputField ctx={ctx} field="start_time" type="time" label={t('lessons.fields.start_time')} value={draft.start_time} required onChange={(start_time) => set({ start_time })} />
        <SelectField
          ctx={ctx}
          field="teacher_user_id"
          label={t('lessons.fields.teacher_user_id')}
          value={draft.teacher_user_id}
          onChange={(teacher_user_id) => set({ teacher_user_id })}
          empty={student.teacher_user_id ? undefined : t('noTeacher')}
          options={teacherOptions(teachers, { user_id: student.teacher_user_id, name: student.teacher_name })}
        />
        {vehicles && (
          <SelectField
            ctx={ctx}
            field="vehicle_id"
            label={t('lessons.fields.vehicle_id')}
            value={draft.vehicle_id}
            onChange={(vehicle_id) => set({ vehicle_id })}
            empty={t('noVehicle')}
            options={vehicles.map((v) => ({ value: String(v.id), label: vehicleLabel(v) }))}
          />
        )}
        <CheckField ctx={ctx} field="status" label={t('lessons.fields.done')} hint={t('lessons.form.doneHint')} checked={draft.done} onChange={(done) => set({ done })} />
      </div>
      <NotesField ctx={ctx} field="notes" maxLength={2000} label={t('lessons.fields.notes')} value={draft.notes} onChange={(notes) => set({ notes })} />
      <SubmitActions busy={busy} label={t('lessons.book.submit')}>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}

const MOVE_FIELDS = ['date', 'start_time', 'teacher_user_id', 'vehicle_id'] as const;

/**
 * "Mover" a scheduled lesson (`hermes/student/practice/update` with what changed): day, start,
 * teacher, vehicle (none: `clear_vehicle`). The length stays; clashes are checked again.
 */
export function MoveLesson({ api, lesson, teachers, vehicles, onSaved, onClose }: Common & { lesson: Lesson; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useFieldErrors(formId, shownFields(MOVE_FIELDS, vehicles !== null));
  const initial = {
    date: lesson.date,
    start_time: lesson.start_time,
    teacher_user_id: lesson.teacher_user_id ? String(lesson.teacher_user_id) : '',
    vehicle_id: lesson.vehicle_id ? String(lesson.vehicle_id) : '',
  };
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof initial>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const title = t('lessons.move.title', { date: formatDate(lesson.date), time: lesson.start_time });
  // a vehicle no longer listed (off the road) is still shown
  const vehicleOptions = (vehicles ?? []).map((v) => ({ value: String(v.id), label: vehicleLabel(v) }));
  if (lesson.vehicle_id && !vehicleOptions.some((o) => o.value === String(lesson.vehicle_id))) {
    vehicleOptions.unshift({ value: String(lesson.vehicle_id), label: lesson.vehicle_plate ?? String(lesson.vehicle_id) });
  }

  async function submit() {
    errors.reset();
    const required: Record<string, string> = {};
    if (!draft.date) required.date = ui('form.required');
    if (!TIME.test(draft.start_time)) required.start_time = draft.start_time ? t('lessons.form.invalidTime') : ui('form.required');
    if (Object.keys(required).length) return errors.setErrors(required);
    const body: LessonUpdate = {};
    if (draft.date !== initial.date) body.date = draft.date;
    if (draft.start_time !== initial.start_time) body.start_time = draft.start_time;
    if (draft.teacher_user_id !== initial.teacher_user_id && draft.teacher_user_id) body.teacher_user_id = Number(draft.teacher_user_id);
    if (vehicles && draft.vehicle_id !== initial.vehicle_id) {
      if (draft.vehicle_id) body.vehicle_id = Number(draft.vehicle_id);
      else body.clear_vehicle = true;
    }
    if (Object.keys(body).length === 0) {
      toast.info(t('noChanges'));
      return;
    }
    setBusy(true);
    try {
      onSaved(await api.lessons.update(lesson.id, body));
      toast.success(t('lessons.move.done'));
      onClose();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form practices-panel"
      aria-label={title}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="practices-form__heading">{title}</h3>
      <FormMessages errors={errors.errors} general={errors.general} testId="move-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="date" type="date" label={t('lessons.fields.date')} value={draft.date} required onChange={(date) => set({ date })} />
        <InputField ctx={ctx} field="start_time" type="time" label={t('lessons.fields.start_time')} value={draft.start_time} required onChange={(start_time) => set({ start_time })} />
        <SelectField
          ctx={ctx}
          field="teacher_user_id"
          label={t('lessons.fields.teacher_user_id')}
          value={draft.teacher_user_id}
          onChange={(teacher_user_id) => set({ teacher_user_id })}
          empty={lesson.teacher_user_id ? undefined : t('noTeacher')}
          options={teacherOptions(teachers, { user_id: lesson.teacher_user_id, name: lesson.teacher_name })}
        />
        {vehicles && (
          <SelectField
            ctx={ctx}
            field="vehicle_id"
            label={t('lessons.fields.vehicle_id')}
            value={draft.vehicle_id}
            onChange={(vehicle_id) => set({ vehicle_id })}
            empty={t('noVehicle')}
            options={vehicleOptions}
          />
        )}
      </div>
      <SubmitActions busy={busy} label={t('lessons.move.submit')}>
        <button type="button" className="vk-btn vk-btn--light" onClick={onClose}>
          {t('cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
