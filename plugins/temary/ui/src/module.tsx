// The temary plugin's remote: what the shell loads from /plugins/temary/remoteEntry.js (exposed
// as `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './temary.css';

const TemaryListPage = lazy(() => import('./pages/TemaryListPage'));
const TemaryPage = lazy(() => import('./pages/TemaryPage'));
const ThemePage = lazy(() => import('./pages/ThemePage'));
const SubthemePage = lazy(() => import('./pages/SubthemePage'));

/**
 * Four routes (plugin.toml [ui] routes), each behind the `temary` permission (README: every call
 * needs it): the syllabi, a syllabus with its tree, a theme with its subthemes, and a subtheme
 * with its sections. An id 0 is a new one.
 */
const temary = defineModule({
  id: 'temary',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/temary/list', Component: TemaryListPage, permission: PERMISSION },
    { path: '/temary/create/:temary_id', Component: TemaryPage, permission: PERMISSION },
    { path: '/temary/theme/create/:theme_id/:temary_id', Component: ThemePage, permission: PERMISSION },
    { path: '/temary/subtheme/create/:subtheme_id/:theme_id/:temary_id', Component: SubthemePage, permission: PERMISSION },
  ],
});

export default temary;
export { temary as module };
