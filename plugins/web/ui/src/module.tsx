// The web plugin's remote: what the shell loads from /plugins/web/remoteEntry.js (exposed as
// `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { BLOG_PATH, CUSTOMER_PATHS, LEGAL_PATH, PERMISSION } from './lists';
import './web.css';

const GatewayPage = lazy(() => import('./pages/GatewayPage'));
const ApisPage = lazy(() => import('./pages/ApisPage'));
const OrderListPage = lazy(() => import('./pages/OrderListPage'));
const OrderViewPage = lazy(() => import('./pages/OrderViewPage'));
const LegalPage = lazy(() => import('./pages/LegalPage'));
const BlogPage = lazy(() => import('./pages/BlogPage'));
const CustomerDashboardPage = lazy(() => import('./pages/CustomerDashboardPage'));
const CustomerAccountPage = lazy(() => import('./pages/CustomerAccountPage'));
const CustomerOrdersPage = lazy(() => import('./pages/CustomerOrdersPage'));
const CustomerOrderCreatePage = lazy(() => import('./pages/CustomerOrderCreatePage'));
const CustomerAgreementsPage = lazy(() => import('./pages/CustomerAgreementsPage'));
const CustomerBlogPage = lazy(() => import('./pages/CustomerBlogPage'));

/**
 * Twelve routes (plugin.toml [ui] routes). The staff's six, behind the `web` permission: every
 * staff call needs it, reading too. The pages still ask the session (`useSession().can`) before
 * offering what writes, as the other plugins do; the host checks again. And the customer area's
 * six, public (`[ui] public_routes`: no session, no permission; the shell shows them in its public
 * layout): their calls are the storefront's, with the web-api key and the customer's token (the
 * news, `/layout/contact/blog`, with the key only).
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
    { path: LEGAL_PATH, Component: LegalPage, permission: PERMISSION },
    { path: BLOG_PATH, Component: BlogPage, permission: PERMISSION },
    { path: CUSTOMER_PATHS.dashboard, Component: CustomerDashboardPage },
    { path: CUSTOMER_PATHS.account, Component: CustomerAccountPage },
    { path: CUSTOMER_PATHS.orders, Component: CustomerOrdersPage },
    { path: CUSTOMER_PATHS.orderCreate, Component: CustomerOrderCreatePage },
    { path: CUSTOMER_PATHS.agreements, Component: CustomerAgreementsPage },
    { path: CUSTOMER_PATHS.blog, Component: CustomerBlogPage },
  ],
});

export default web;
export { web as module };
