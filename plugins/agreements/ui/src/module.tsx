// The agreements plugin's remote: what the shell loads from /plugins/agreements/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './agreements.css';

const AgreementListPage = lazy(() => import('./pages/AgreementListPage'));
const AgreementViewPage = lazy(() => import('./pages/AgreementViewPage'));
const SignPage = lazy(() => import('./pages/SignPage'));

/**
 * Three routes (plugin.toml [ui] routes): the agreements with the configuration and an
 * agreement with its requests, behind the `agreement` permission; and the signing page, public
 * (`[ui] public_routes`: no session, no permission; the shell shows it in its public layout).
 */
const agreements = defineModule({
  id: 'agreements',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/agreement/list', Component: AgreementListPage, permission: PERMISSION },
    { path: '/agreement/view/:agreement_id', Component: AgreementViewPage, permission: PERMISSION },
    { path: '/agreement/sign/:reference', Component: SignPage },
  ],
});

export default agreements;
export { agreements as module };
