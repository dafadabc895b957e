import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, errorList, hasErrorCode, useApi } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { roomsApi } from '../api';
import { formatSpan } from '../format';
import { MeetingFrame } from '../components/MeetingFrame';
import { PresentList } from '../components/PresentList';
import { useLive } from '../components/useLive';

/** Why the page cannot show the room: a link that no longer works, one never issued, the room closed, or the service gone. */
type Closed = 'expired' | 'unknown' | 'room' | 'unavailable';

/** The host's refusal of a link (docs/plugins.md "links") as the page says it; null for another failure. */
function closedBy(failure: unknown): Closed | null {
  if (!failure) return null;
  if (hasErrorCode(failure, 'LINK-001')) return 'expired';
  if (hasErrorCode(failure, 'NOT-FOUND-000')) return 'unknown';
  if (hasErrorCode(failure, 'SERVICE-000')) return 'unavailable';
  // the plugin's: the room is deleted (or not active)
  if (hasErrorCode(failure, 'CONFLICT-000')) return 'room';
  return null;
}

/**
 * `/aula/:reference` — the public page of a student's or inspector's link (no session: the shell
 * shows it in its public layout). `GET athena/join?reference=` on opening and every minute (each
 * read records the holder's presence): the room, its times and teacher; while a meeting is open,
 * the meeting in the page and a link to it, otherwise "La clase aún no ha empezado" (or "ha
 * terminado" once one seen here ends). An inspector also sees who is in it now, and is told that
 * their access is recorded. A revoked or expired link (`LINK-001`) says "Este enlace ya no es
 * válido", also when it happens during the class; an unknown one "Enlace no encontrado"; a room
 * deleted (`CONFLICT-000`) "Esta aula ya no está disponible".
 */
export default function ClassroomPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => roomsApi(client), [client]);
  const reference = useParams().reference ?? '';
  const read = useCallback(() => api.meetings.join(reference), [api, reference]);
  const live = useLive(read);
  // a meeting was open while the page was: when it is gone, the class has ended
  const [sawMeeting, setSawMeeting] = useState(false);
  const view = live.view;
  const open = !!view?.meeting;
  useEffect(() => {
    if (open) setSawMeeting(true);
  }, [open]);

  const closed = closedBy(live.failure);
  if (closed) {
    return (
      <section className="card rooms-public rooms-public--closed" role="alert" data-testid={`link-${closed}`}>
        <h1 className="rooms-public__title">{t(`join.closed.${closed}.title`)}</h1>
        <p>{t(`join.closed.${closed}.message`)}</p>
      </section>
    );
  }
  if (!view) {
    const failed = live.failure ? (errorList(live.failure)[0]?.details ?? '') : null;
    return <PageState error={failed} onRetry={live.refresh} />;
  }

  const { room, meeting } = view;
  const inspector = view.kind === 'inspector';
  return (
    <div className="rooms-public" data-testid="classroom">
      <section className="card rooms-public__head" aria-labelledby="rooms-join-title">
        <p className="muted rooms-public__eyebrow">{t('join.eyebrow')}</p>
        <h1 id="rooms-join-title" className="rooms-public__title" data-testid="join-name">
          {room.name}
        </h1>
        <p className="rooms-inline">
          <span data-testid="join-span">{formatSpan(room.starts_at, room.ends_at)}</span>
          {room.teacher_name && (
            <span className="muted" data-testid="join-teacher">
              {t('detail.teacher', { name: room.teacher_name })}
            </span>
          )}
        </p>
        {room.description && <p className="rooms-text">{room.description}</p>}
        {view.name && (
          <p data-testid="join-who">{inspector ? t('join.helloInspector', { name: view.name }) : t('join.hello', { name: view.name })}</p>
        )}
        <p className={inspector ? 'vk-alert vk-alert--info' : 'muted'} data-testid="join-recorded">
          {inspector ? t('join.inspectorRecorded') : t('join.studentRecorded')}
        </p>
      </section>
      {live.failure !== null && (
        <p className="vk-alert vk-alert--danger" role="alert" data-testid="join-stale">
          {errorList(live.failure)[0]?.details || t('join.stale')}
        </p>
      )}
      {meeting ? (
        <section className="card" aria-label={t('join.meeting')}>
          <MeetingFrame url={meeting.url} name={room.name} />
        </section>
      ) : (
        <section className="card rooms-waiting" role="status" data-testid="waiting">
          <h2 className="card__title">{sawMeeting || view?.last_ended_at ? t('join.ended') : t('join.waiting')}</h2>
          <p className="muted">{t('join.waitingHint')}</p>
        </section>
      )}
      {inspector && <PresentList present={view.present} />}
    </div>
  );
}
