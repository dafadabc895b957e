import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, useApi, useLoad, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { roomsApi } from '../api';
import { pizarraPath } from '../paths';
import { RoomCards } from '../components/RoomCards';

/**
 * `/room/menu` — "Mis aulas": the caller's active rooms, as teacher or member (`GET
 * athena/user/room`, soonest first), each a card with its times, teacher and "En directo";
 * "Entrar" opens its meeting page (`/pizarra/open?room=`).
 */
export default function RoomMenuPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => roomsApi(client), [client]);
  const navigate = useNavigate();
  const rooms = useLoad(api.rooms.mine);
  const title = t('mine.title');
  usePageLayout({ title, breadcrumbs: [{ label: t('title') }, { label: title }] });

  return (
    <div className="rooms-page" data-testid="room-menu">
      <p className="muted">{t('mine.hint')}</p>
      {rooms.data ? <RoomCards rooms={rooms.data} onEnter={(room) => navigate(pizarraPath(room.id))} /> : <PageState error={rooms.failed} onRetry={rooms.reload} />}
    </div>
  );
}
