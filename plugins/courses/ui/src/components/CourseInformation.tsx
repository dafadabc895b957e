import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { CourseDetail, CoursesApi, InformationSent, Student } from '../api';
import { useStudentName } from '../tabs/StudentsTab';

type WithoutEmail = InformationSent['without_email'];

export interface CourseInformation {
  /** A mailing is under way (the button and the students' actions wait). */
  busy: boolean;
  /** The students of the course the last mailing could not reach (no e-mail), until dismissed. */
  withoutEmail: WithoutEmail;
  /** "Enviar información a los alumnos": asks first, then mails every student. */
  sendAll(): Promise<void>;
  /** A student's "Enviar información": mails that student only (`contact_id`). */
  sendTo(student: Student): Promise<void>;
  dismiss(): void;
}

/**
 * `GET course/send/information` (training courses): the course's information (dates, hours,
 * modality, place, sessions) mailed to its students, one mail each. "Información enviada a N
 * alumnos" as a toast; the students without an e-mail stay listed on the page until dismissed
 * (the staff tell them another way). The host's refusal (no students, a deleted course, a
 * contact who is not a student) is shown as a toast.
 */
export function useCourseInformation(api: CoursesApi, course: CourseDetail | null): CourseInformation {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<{ courseId: number; students: WithoutEmail } | null>(null);
  const sending = useRef(false);

  async function send(course: CourseDetail, student?: Student) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      const answer = await api.courses.sendInformation(course.id, student?.contact_id);
      const sent = answer?.sent ?? 0;
      if (sent > 0) toast.success(t('information.sent', { count: sent }));
      else toast.info(t('information.noneSent'));
      const without = answer?.without_email ?? [];
      // a mailing to everyone tells who is left now; one to a student only adds who it missed
      if (without.length > 0 || !student) setMissing(without.length > 0 ? { courseId: course.id, students: without } : null);
    } catch (failure) {
      toast.error(errorList(failure)[0]?.details || t('actionError'));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return {
    busy,
    withoutEmail: missing && course && missing.courseId === course.id ? missing.students : [],
    async sendAll() {
      if (!course) return;
      const ok = await confirm({
        title: t('information.title'),
        message: t('information.question'),
        confirmLabel: t('information.confirm'),
      });
      if (ok) await send(course);
    },
    async sendTo(student) {
      if (course) await send(course, student);
    },
    dismiss: () => setMissing(null),
  };
}

/**
 * "Enviar información a los alumnos", in the course's head: disabled, with the reason under it,
 * while the course has no students or is deleted (the host would refuse it).
 */
export function SendInformationButton({ course, information }: { course: CourseDetail; information: CourseInformation }) {
  const { t } = useTranslation(NAMESPACE);
  const hint = course.state === 'deleted' ? t('information.deletedHint') : course.students.length === 0 ? t('information.noStudentsHint') : null;
  return (
    <span className="courses-information">
      <button
        type="button"
        className="vk-btn vk-btn--primary"
        disabled={hint !== null || information.busy}
        aria-describedby={hint ? 'courses-information-hint' : undefined}
        onClick={() => void information.sendAll()}
      >
        {t('information.send')}
      </button>
      {hint && (
        <small id="courses-information-hint" className="muted" data-testid="information-hint">
          {hint}
        </small>
      )}
    </span>
  );
}

/** "Sin correo electrónico: …": the students the last mailing could not reach, until closed. */
export function WithoutEmailNotice({ information }: { information: CourseInformation }) {
  const { t } = useTranslation(NAMESPACE);
  const nameOf = useStudentName();
  if (information.withoutEmail.length === 0) return null;
  return (
    <div className="vk-alert vk-alert--info courses-notice" role="status" data-testid="information-without-email">
      <p>{t('information.withoutEmail', { names: information.withoutEmail.map(nameOf).join(', ') })}</p>
      <button type="button" className="vk-btn vk-btn--light" onClick={information.dismiss}>
        {t('information.dismiss')}
      </button>
    </div>
  );
}
