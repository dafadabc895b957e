import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { EntryStatus, ExamResult, FolderStatus } from '../api';
import type { BookStatus } from '../lists';

const RESULT_TONE: Record<ExamResult, string> = { pending: '', pass: 'vk-badge--success', fail: 'vk-badge--danger', absent: 'vk-badge--warning' };
const ENTRY_TONE: Record<EntryStatus, string> = { open: '', issued: 'vk-badge--success', left: 'vk-badge--warning' };
const FOLDER_TONE: Record<FolderStatus, string> = { open: '', submitted: 'vk-badge--warning', closed: 'vk-badge--success' };

/** An exam's result: "Pendiente", "Apto", "No apto", "No presentado". */
export function ResultBadge({ result }: { result: ExamResult }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${RESULT_TONE[result] ?? ''}`} data-testid="result-badge" data-result={result}>
      {t(`result.${result}`)}
    </span>
  );
}

/** A register entry's course: "En formación", "Permiso expedido", "Baja". */
export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${ENTRY_TONE[status]}`} data-testid="entry-status" data-status={status}>
      {t(`entryStatus.${status}`)}
    </span>
  );
}

/** A folder's status: "Abierta", "Presentada", "Cerrada". */
export function FolderStatusBadge({ status }: { status: FolderStatus }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={`vk-badge ${FOLDER_TONE[status] ?? ''}`} data-testid="folder-status" data-status={status}>
      {t(`folderStatus.${status}`)}
    </span>
  );
}

/** A book open (takes entries) or closed; "Completo" beside it when full. */
export function BookBadges({ status, full }: { status: BookStatus; full: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <span className={`vk-badge ${status === 'open' ? 'vk-badge--success' : ''}`} data-testid="book-status" data-status={status}>
        {t(`bookStatus.${status}`)}
      </span>
      {full && (
        <span className="vk-badge vk-badge--danger" data-testid="book-full">
          {t('books.full')}
        </span>
      )}
    </>
  );
}
