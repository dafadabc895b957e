// The notes plugin's remote: what the shell loads from /plugins/notes/remoteEntry.js (exposed as
// `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './notes.css';

const DocumentListPage = lazy(() => import('./pages/DocumentListPage'));
const DocumentViewPage = lazy(() => import('./pages/DocumentViewPage'));

/**
 * Two routes (plugin.toml [ui] routes), each behind the `note` permission (README: every call
 * needs it): the notebooks with their groups, and a notebook with its notes.
 */
const notes = defineModule({
  id: 'notes',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/notes_documents/list', Component: DocumentListPage, permission: PERMISSION },
    { path: '/notes_documents/view/:note_document_id', Component: DocumentViewPage, permission: PERMISSION },
  ],
});

export default notes;
export { notes as module };
