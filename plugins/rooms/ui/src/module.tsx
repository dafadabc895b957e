// The rooms plugin's remote: what the shell loads from /plugins/rooms/remoteEntry.js (exposed as
// `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { MANAGE, PERMISSION } from './lists';
import './rooms.css';

const RoomListPage = lazy(() => import('./pages/RoomListPage'));
const RoomMenuPage = lazy(() => import('./pages/RoomMenuPage'));
const PizarraPage = lazy(() => import('./pages/PizarraPage'));
const ClassroomPage = lazy(() => import('./pages/ClassroomPage'));

/**
 * Four routes (plugin.toml [ui] routes): every room, to manage (`room.manage`); the caller's own
 * rooms and a room's live meeting (`room`); and the public page of a student's or inspector's
 * link (`[ui] public_routes`: no session, no permission; the shell shows it in its public layout).
 */
const rooms = defineModule({
  id: 'rooms',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/room/list', Component: RoomListPage, permission: MANAGE },
    { path: '/room/menu', Component: RoomMenuPage, permission: PERMISSION },
    { path: '/pizarra/open', Component: PizarraPage, permission: PERMISSION },
    { path: '/aula/:reference', Component: ClassroomPage },
  ],
});

export default rooms;
export { rooms as module };
