// The clock plugin's remote: what the shell loads from /plugins/clock/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). The page is its own chunk, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import './clock.css';

const ClockPage = lazy(() => import('./pages/ClockPage'));

/**
 * One route, with no permission: every user with the `clock` service clocks in and sees their
 * own records; what `employee.clock` adds (everyone's records, corrections) the host decides and
 * the report's `can_see_all` tells the page.
 */
const clock = defineModule({
  id: 'clock',
  namespace: NAMESPACE,
  resources,
  routes: [{ path: '/clock/report/:show_tab', Component: ClockPage }],
});

export default clock;
export { clock as module };
