// The contacts plugin's remote: what the shell loads from /plugins/contacts/remoteEntry.js
// (exposed as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import './contacts.css';

export const PERMISSION = 'contact.client';
/** The suppliers' screens (`provider/` calls). */
export const PROVIDER_PERMISSION = 'contact.provider';

const ContactListPage = lazy(() => import('./pages/ContactListPage'));
const ContactCreatePage = lazy(() => import('./pages/ContactCreatePage'));
const ContactViewPage = lazy(() => import('./pages/ContactViewPage'));
const ProviderListPage = lazy(() => import('./pages/ProviderListPage'));
const ProviderViewPage = lazy(() => import('./pages/ProviderViewPage'));

const contacts = defineModule({
  id: 'contacts',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/contact/list', permission: PERMISSION, Component: ContactListPage },
    { path: '/contact/list/create', permission: PERMISSION, Component: ContactCreatePage },
    { path: '/contact/view/:contact_id/:back_dgt_folder', permission: PERMISSION, Component: ContactViewPage },
    { path: '/provider/list', permission: PROVIDER_PERMISSION, Component: ProviderListPage },
    { path: '/provider/view/:provider_id', permission: PROVIDER_PERMISSION, Component: ProviderViewPage },
  ],
});

export default contacts;
export { contacts as module };
