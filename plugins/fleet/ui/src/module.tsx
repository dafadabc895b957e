// The fleet plugin's remote: what the shell loads from /plugins/fleet/remoteEntry.js (exposed as
// `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import './fleet.css';

const VehicleListPage = lazy(() => import('./pages/VehicleListPage'));
const VehicleViewPage = lazy(() => import('./pages/VehicleViewPage'));
const WorkshopListPage = lazy(() => import('./pages/WorkshopListPage'));
const WorkshopViewPage = lazy(() => import('./pages/WorkshopViewPage'));
const InsuranceListPage = lazy(() => import('./pages/InsuranceListPage'));
const InsuranceViewPage = lazy(() => import('./pages/InsuranceViewPage'));

/**
 * Six routes, with no permission: reading needs only the service (the host lists each menu entry
 * only to users with its service, and answers SERVICE-000 to a call without it); what the
 * `fleet.*` permissions add (writing) the pages ask of the session (`useSession().can`), and the
 * host checks again.
 */
const fleet = defineModule({
  id: 'fleet',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/vehicle/list', Component: VehicleListPage },
    { path: '/vehicle/view/:vehicle_id', Component: VehicleViewPage },
    { path: '/workshop/list', Component: WorkshopListPage },
    { path: '/workshop/view/:workshop_id', Component: WorkshopViewPage },
    { path: '/insurance/list/:show_tab', Component: InsuranceListPage },
    { path: '/insurance/carrier/:insurance_id', Component: InsuranceViewPage },
  ],
});

export default fleet;
export { fleet as module };
