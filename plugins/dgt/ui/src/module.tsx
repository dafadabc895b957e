// The dgt plugin's remote: what the shell loads from /plugins/dgt/remoteEntry.js (exposed as
// `./routes`, plugin.toml [ui]). Pages are their own chunks, fetched on first visit.
import { lazy } from 'react';
import { defineModule } from '@volante/plugin-ui';
import { NAMESPACE, resources } from './i18n';
import { PERMISSION } from './lists';
import './dgt.css';

const BookListPage = lazy(() => import('./pages/BookListPage'));
const BookViewPage = lazy(() => import('./pages/BookViewPage'));
const FolderListPage = lazy(() => import('./pages/FolderListPage'));
const FolderViewPage = lazy(() => import('./pages/FolderViewPage'));
const TaxListPage = lazy(() => import('./pages/TaxListPage'));
const ExamRequestPage = lazy(() => import('./pages/ExamRequestPage'));
const ReportPage = lazy(() => import('./pages/ReportPage'));

/**
 * Seven routes (plugin.toml [ui] routes), each behind the `dgt` permission (README: every call
 * needs the `dgt` service and permission): the register books and a book with its entries, the
 * exam folders and a folder with its students, the DGT fees, a folder's printable request of exam
 * places (the folder in `?folder=`), and the exam report (its tab, `centros` or `convocatorias`,
 * in the path).
 */
const dgt = defineModule({
  id: 'dgt',
  namespace: NAMESPACE,
  resources,
  routes: [
    { path: '/dgt/book/register/list/:new_book', Component: BookListPage, permission: PERMISSION },
    { path: '/dgt/book/register/view/:dgt_book_register_id/:new_student', Component: BookViewPage, permission: PERMISSION },
    { path: '/dgt/folder/list', Component: FolderListPage, permission: PERMISSION },
    { path: '/dgt/folder/view/:dgt_folder_id', Component: FolderViewPage, permission: PERMISSION },
    { path: '/dgt/folder/tax/list', Component: TaxListPage, permission: PERMISSION },
    { path: '/dgt/folder/solicitud_pruebas_aptitud', Component: ExamRequestPage, permission: PERMISSION },
    { path: '/dgt/convocatoriasreport/:show_tab', Component: ReportPage, permission: PERMISSION },
  ],
});

export default dgt;
export { dgt as module };
