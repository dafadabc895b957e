// The web plugin's remote: what the shell loads from /plugins/web/remoteEntry.js (exposed as
// `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './web.css';

const GatewayPage = lazy(() => import('./pages/GatewayPage'));
const ApisPage = lazy(() => import('./pages/ApisPage'));
const OrderListPage = lazy(() => import('./pages/OrderListPage'));
const OrderViewPage = lazy(() => import('./pages/OrderViewPage'));

/**
 * Four routes (plugin.toml [ui] routes), behind the `web` permission: every staff call needs it,
 * reading too. The pages still ask the session (`useSession().can`) before offering what writes,
 * as the other plugins do; the host checks again.
 */
const web = defineModule({
  id: 'web',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/web/payments', Component: GatewayPage, permission: PERMISSION },
    { path: '/web/apis', Component: ApisPage, permission: PERMISSION },
    { path: '/web/orders', Component: OrderListPage, permission: PERMISSION },
    { path: '/web/orders/:order_id', Component: OrderViewPage, permission: PERMISSION },
  ],
});

export default web;
export { web as module };
