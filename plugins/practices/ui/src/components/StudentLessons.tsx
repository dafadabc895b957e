import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ErrorList, errorList, formatDate, useToast, type Column } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Lesson, PracticeType, PracticesApi, StudentDetail, Teacher, Vehicle } from '../api';
import type { QuickStatus } from '../lists';
import { charged, lessonTimes } from '../format';
import { StatusBadge } from './Badges';
import { LessonActions } from './LessonActions';
import { BookLesson, MoveLesson } from './LessonForm';

export interface StudentLessonsProps {
  api: PracticesApi;
  student: StudentDetail;
  /** The types of the student's licence still sold. */
  types: PracticeType[];
  teachers: Teacher[] | null;
  vehicles: Vehicle[] | null;
  /** Not deleted: lessons are booked, given, cancelled and moved. */
  changing: boolean;
  onSaved(student: StudentDetail): void;
}

/**
 * A student's lessons, newest first: day, times, type, teacher, vehicle, status and the pack
 * that paid it ("Pendiente de pago" when given or missed with no pack). A scheduled lesson has
 * "Dada", "No presentado", "Anular" and "Mover"; a lesson given or missed, "Deshacer" (back to
 * scheduled: the charge is taken back). "Reservar práctica" opens the booking form.
 */
export function StudentLessons({ api, student, types, teachers, vehicles, changing, onSaved }: StudentLessonsProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [failures, setFailures] = useState<string[]>([]);
  const [moving, setMoving] = useState<Lesson | null>(null);
  const [booking, setBooking] = useState(false);
  const [busy, setBusy] = useState(false);
  const labelOf = (l: Lesson) => t('lessons.label', { date: formatDate(l.date), time: l.start_time });

  async function setStatus(lesson: Lesson, status: QuickStatus | 'scheduled') {
    setFailures([]);
    setBusy(true);
    try {
      onSaved(await api.lessons.update(lesson.id, { status }));
      toast.success(t(`lessons.actions.${status}Done`, { lesson: labelOf(lesson) }));
      if (moving?.id === lesson.id) setMoving(null);
    } catch (failure) {
      setFailures(errorList(failure).map((e) => e.details || e.code));
    } finally {
      setBusy(false);
    }
  }

  const bagOf = (l: Lesson) => student.bags.find((b) => b.id === l.bag_id);
  const columns: Column<Lesson>[] = [
    { key: 'date', header: t('lessons.columns.date'), className: 'practices-nowrap', render: (l) => <span data-testid="lesson-date">{formatDate(l.date)}</span> },
    { key: 'time', header: t('lessons.columns.time'), className: 'practices-nowrap', render: lessonTimes },
    { key: 'type', header: t('lessons.columns.type'), render: (l) => l.type_name ?? '' },
    { key: 'teacher', header: t('lessons.columns.teacher'), render: (l) => l.teacher_name ?? t('none') },
    { key: 'vehicle', header: t('lessons.columns.vehicle'), className: 'practices-nowrap', render: (l) => l.vehicle_plate ?? t('none') },
    { key: 'status', header: t('lessons.columns.status'), render: (l) => <StatusBadge status={l.status} /> },
    {
      key: 'bag',
      header: t('lessons.columns.bag'),
      render: (l) => {
        if (l.bag_id) {
          const bag = bagOf(l);
          return bag ? t('lessons.bagOf', { date: formatDate(bag.purchased_on) }) : t('lessons.bagNumber', { id: l.bag_id });
        }
        return charged(l) ? (
          <span className="vk-badge vk-badge--warning" data-testid="lesson-unpaid">
            {t('lessons.unpaid')}
          </span>
        ) : (
          ''
        );
      },
    },
  ];
  if (changing) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      className: 'vk-table__actions',
      render: (l) => (
        <span className="practices-row-actions">
          <LessonActions lesson={l} label={labelOf(l)} disabled={busy} onStatus={(status) => void setStatus(l, status)} />
          {l.status === 'scheduled' && (
            <button type="button" className="vk-btn vk-btn--light" aria-label={t('lessons.actions.moveNamed', { lesson: labelOf(l) })} onClick={() => setMoving(l)}>
              {t('lessons.actions.move')}
            </button>
          )}
          {charged(l) && (
            <button type="button" className="vk-btn vk-btn--light" disabled={busy} aria-label={t('lessons.actions.scheduledNamed', { lesson: labelOf(l) })} onClick={() => void setStatus(l, 'scheduled')}>
              {t('lessons.actions.scheduled')}
            </button>
          )}
        </span>
      ),
    });
  }

  return (
    <section className="card practices-section" aria-labelledby="practices-lessons-title">
      <div className="practices-section__head">
        <h2 id="practices-lessons-title" className="card__title">
          {t('lessons.title')}
        </h2>
        {changing && !booking && (
          <button type="button" className="vk-btn vk-btn--primary" onClick={() => setBooking(true)}>
            {t('lessons.book.open')}
          </button>
        )}
      </div>
      <ErrorList messages={failures} testId="lesson-errors" />
      {booking && changing && (
        <BookLesson api={api} student={student} types={types} teachers={teachers} vehicles={vehicles} onSaved={onSaved} onClose={() => setBooking(false)} />
      )}
      {moving && changing && (
        <MoveLesson
          key={moving.id}
          api={api}
          lesson={student.lessons.find((l) => l.id === moving.id) ?? moving}
          teachers={teachers}
          vehicles={vehicles}
          onSaved={onSaved}
          onClose={() => setMoving(null)}
        />
      )}
      <DataTable<Lesson> label={t('lessons.table')} columns={columns} rows={student.lessons} rowKey={(l) => l.id} empty={t('lessons.empty')} />
    </section>
  );
}
