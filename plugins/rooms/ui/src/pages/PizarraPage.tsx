import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorList, PageState, errorList, useApi, useConfirm, useLoad, usePageLayout, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { roomsApi, type RoomsApi } from '../api';
import { formatClock, formatSpan, refusalText } from '../format';
import { roomMenuPath } from '../paths';
import { KindLabel } from '../components/Badges';
import { MeetingFrame } from '../components/MeetingFrame';
import { PresentList } from '../components/PresentList';
import { RoomCards } from '../components/RoomCards';
import { useLive } from '../components/useLive';

/**
 * `/pizarra/open?room=` — a room's live meeting and its board. Without `room`, the caller's rooms
 * to choose one. With it, `GET athena/pizarra?room_id=` on opening and every minute (each read
 * records the caller's presence): the room, "Abrir reunión" (`athena/meet/create`) while none is
 * open, and once open the meeting in the page, a link to it, who is in it now and "Terminar
 * reunión" (asked first, `athena/meet/end`).
 */
export default function PizarraPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => roomsApi(client), [client]);
  const [params, setParams] = useSearchParams();
  const raw = params.get('room') ?? '';
  const roomId = /^\d+$/.test(raw) ? Number(raw) : 0;
  const [name, setName] = useState<string | null>(null);
  const title = roomId && name ? name : t('pizarra.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: t('mine.title'), to: roomMenuPath() }, { label: title }] });

  if (!roomId) return <Chooser api={api} onChoose={(id) => setParams({ room: String(id) })} />;
  return <LiveRoom key={roomId} api={api} roomId={roomId} onName={setName} />;
}

/** No room asked: the caller's rooms, to enter one. */
function Chooser({ api, onChoose }: { api: RoomsApi; onChoose(id: number): void }) {
  const { t } = useTranslation(NAMESPACE);
  const rooms = useLoad(api.rooms.mine);
  return (
    <div className="rooms-page" data-testid="pizarra-choose">
      <p className="muted">{t('pizarra.choose')}</p>
      {rooms.data ? <RoomCards rooms={rooms.data} onEnter={(room) => onChoose(room.id)} /> : <PageState error={rooms.failed} onRetry={rooms.reload} />}
    </div>
  );
}

function LiveRoom({ api, roomId, onName }: { api: RoomsApi; roomId: number; onName(name: string): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const confirm = useConfirm();
  const read = useCallback(() => api.meetings.pizarra(roomId), [api, roomId]);
  const live = useLive(read);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const view = live.view;
  const name = view?.room.name;
  useEffect(() => {
    if (name) onName(name);
  }, [name, onName]);

  if (!view) {
    // "No tiene permiso…: No forma parte de esta aula"
    const failed = live.failure ? errorList(live.failure).map(refusalText)[0] ?? '' : null;
    return <PageState error={failed} onRetry={live.refresh} />;
  }
  const { room, meeting } = view;

  async function openMeeting() {
    if (!view) return;
    setBusy(true);
    setFailures([]);
    try {
      const opened = await api.meetings.open(roomId);
      live.setView({ ...view, meeting: opened });
      toast.success(t('pizarra.opened'));
      live.refresh();
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    } finally {
      setBusy(false);
    }
  }

  async function endMeeting() {
    const ok = await confirm({
      title: t('pizarra.end.title'),
      message: t('pizarra.end.question', { name: room.name }),
      confirmLabel: t('pizarra.end.action'),
      tone: 'danger',
    });
    if (!ok || !view) return;
    setBusy(true);
    setFailures([]);
    try {
      await api.meetings.end(roomId);
      live.setView({ ...view, meeting: null, present: [] });
      toast.success(t('pizarra.end.done'));
      live.refresh();
    } catch (failure) {
      setFailures(errorList(failure).map(refusalText));
    } finally {
      setBusy(false);
    }
  }

  const stale = live.failure ? errorList(live.failure)[0]?.details || t('pizarra.stale') : null;
  return (
    <div className="rooms-page rooms-page--live" data-testid="pizarra">
      <section className="card rooms-live-head" aria-labelledby="rooms-pizarra-title">
        <div>
          <h2 id="rooms-pizarra-title" className="rooms-detail__title" data-testid="pizarra-name">
            {room.name}
          </h2>
          <p className="rooms-inline">
            <span data-testid="pizarra-span">{formatSpan(room.starts_at, room.ends_at)}</span>
            {room.teacher_name && <span className="muted">{t('detail.teacher', { name: room.teacher_name })}</span>}
            <span className="muted" data-testid="pizarra-kind">
              {t('pizarra.as')} <KindLabel kind={view.kind} />
            </span>
          </p>
          {room.description && <p className="rooms-text">{room.description}</p>}
        </div>
        <div className="rooms-actions">
          {meeting ? (
            <button type="button" className="vk-btn vk-btn--danger" disabled={busy} onClick={() => void endMeeting()}>
              {t('pizarra.end.button')}
            </button>
          ) : (
            <button type="button" className="vk-btn vk-btn--primary" disabled={busy} onClick={() => void openMeeting()}>
              {busy ? t('pizarra.opening') : t('pizarra.open')}
            </button>
          )}
          <Link className="vk-btn vk-btn--light" to={roomMenuPath()}>
            {t('pizarra.back')}
          </Link>
        </div>
        <ErrorList messages={failures} testId="pizarra-errors" />
        {stale && (
          <p className="vk-alert vk-alert--danger" role="alert" data-testid="pizarra-stale">
            {stale}
          </p>
        )}
      </section>
      {meeting ? (
        <div className="rooms-live">
          <section className="card rooms-live__main" aria-label={t('pizarra.meeting')}>
            <p className="muted" data-testid="meeting-started">
              {t('pizarra.started', { time: formatClock(meeting.started_at), name: meeting.started_by_name ?? t('none') })}
            </p>
            <MeetingFrame url={meeting.url} name={room.name} />
          </section>
          <PresentList present={view.present} />
        </div>
      ) : (
        <section className="card rooms-waiting" data-testid="no-meeting">
          <p>{t('pizarra.none')}</p>
          <p className="muted">{t('pizarra.noneHint')}</p>
        </section>
      )}
    </div>
  );
}
