import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLink, ErrorList, errorList, useToast } from '@volante/plugin-ui';
import type { Room, RoomsApi } from '../api';
import { refusalText } from '../format';
import { NAMESPACE } from '../i18n';
import { pizarraPath } from '../paths';

/** The address of a page of the app, as it is opened from elsewhere (a mail, a chat). */
const appUrl = (path: string) => `${window.location.origin}${path}`;

/**
 * "Personas": the teacher and the members (staff: they enter with their own session, so their
 * link is the room's meeting page), and the students with their personal link (a public page, no
 * session: "No hay enlace disponible" once revoked). Each link with "Copiar"; "Enviar los enlaces
 * por correo" mails each student theirs (`athena/send/links`), naming those without an address.
 */
export function PeopleTab({ api, room, readOnly }: { api: RoomsApi; room: Room; readOnly: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const staffLink = appUrl(pizarraPath(room.id));

  async function sendLinks() {
    setSending(true);
    setFailures([]);
    try {
      const answer = await api.students.sendLinks(room.id);
      toast.success(t('people.sent', { count: answer.sent }));
      if (answer.without_email.length > 0) setFailures([t('people.withoutEmail', { names: answer.without_email.join(', ') })]);
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="rooms-people" data-testid="people">
      <section aria-labelledby="rooms-people-staff">
        <h3 id="rooms-people-staff" className="rooms-subtitle">
          {t('people.staff')}
        </h3>
        <p className="muted">{t('people.staffHint')}</p>
        <ul className="rooms-rows">
          <li data-testid="person-teacher">
            <span className="rooms-rows__who">
              <strong>{room.teacher_name ?? t('people.noTeacher')}</strong>
              <span className="muted">{t('kinds.teacher')}</span>
            </span>
            {room.teacher_id ? <CopyLink text={staffLink} name={room.teacher_name ?? t('kinds.teacher')} showUrl className="rooms-link" testId="teacher-link" /> : null}
          </li>
          {room.members.map((m) => (
            <li key={m.user_id} data-testid="person-member">
              <span className="rooms-rows__who">
                <strong>{m.name}</strong>
                <span className="muted">{t('kinds.member')}</span>
              </span>
              <CopyLink text={staffLink} name={m.name} showUrl className="rooms-link" testId="member-link" />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="rooms-people-students">
        <h3 id="rooms-people-students" className="rooms-subtitle">
          {t('people.students', { count: room.students.length })}
        </h3>
        <p className="muted">{t('people.studentsHint')}</p>
        {!readOnly && room.students.length > 0 && (
          <p className="rooms-inline">
            <button type="button" className="vk-btn vk-btn--outline" disabled={sending} onClick={() => void sendLinks()} data-testid="send-links">
              {sending ? t('people.sending') : t('people.send')}
            </button>
          </p>
        )}
        <ErrorList messages={failures} testId="send-links-errors" />
        {room.students.length === 0 ? (
          <p className="muted" data-testid="no-students">
            {t('people.noStudents')}
          </p>
        ) : (
          <ul className="rooms-rows">
            {room.students.map((s) => (
              <li key={s.id} data-testid="person-student">
                <span className="rooms-rows__who">
                  <strong>{s.name}</strong>
                  {s.email && <span className="muted">{s.email}</span>}
                </span>
                <CopyLink text={s.url} name={s.name} showUrl className="rooms-link" testId="student-link" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
