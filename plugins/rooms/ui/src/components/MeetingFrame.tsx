import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { FRAME_ALLOW } from '../lists';

/**
 * The open meeting in the page: the meeting server's own page (Jitsi Meet: video, chat, screen
 * sharing and its whiteboard) in a frame that may use the camera, the microphone and the screen,
 * with a link that opens it in a tab of its own (where a browser or the server does not let it
 * run in a frame) and a line on where the board is.
 */
export function MeetingFrame({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="rooms-meeting-frame" data-testid="meeting">
      <iframe className="rooms-frame" src={url} title={t('meeting.frame', { name })} allow={FRAME_ALLOW} allowFullScreen data-testid="meeting-frame" />
      <p className="rooms-inline">
        <a className="vk-btn vk-btn--outline" href={url} target="_blank" rel="noreferrer" data-testid="meeting-link">
          {t('meeting.newTab')}
        </a>
        <span className="muted" data-testid="board-note">
          {t('meeting.board')}
        </span>
      </p>
    </div>
  );
}
