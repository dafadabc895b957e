import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { MyRoom } from '../api';
import { formatSpan } from '../format';
import { LiveBadge } from './Badges';

/**
 * The caller's rooms as cards, soonest first (the host's order): name, "En directo", times,
 * teacher, description and "Entrar".
 */
export function RoomCards({ rooms, onEnter }: { rooms: MyRoom[]; onEnter(room: MyRoom): void }) {
  const { t } = useTranslation(NAMESPACE);
  if (rooms.length === 0) {
    return (
      <p className="card muted" data-testid="no-rooms">
        {t('mine.empty')}
      </p>
    );
  }
  return (
    <ul className="rooms-cards" aria-label={t('mine.list')}>
      {rooms.map((room) => (
        <li key={room.id} className="card rooms-card" data-testid="room-card">
          <h2 className="rooms-card__title">
            <span data-testid="room-card-name">{room.name}</span>
            {room.live && <LiveBadge />}
          </h2>
          <p className="rooms-card__span" data-testid="room-card-span">
            {formatSpan(room.starts_at, room.ends_at)}
          </p>
          {room.teacher_name && (
            <p className="muted" data-testid="room-card-teacher">
              {t('detail.teacher', { name: room.teacher_name })}
            </p>
          )}
          {room.description && <p className="rooms-text">{room.description}</p>}
          <button type="button" className="vk-btn vk-btn--primary" aria-label={t('mine.enterNamed', { name: room.name })} onClick={() => onEnter(room)}>
            {t('mine.enter')}
          </button>
        </li>
      ))}
    </ul>
  );
}
