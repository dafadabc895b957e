/**
 * The plugin's fixed lists (README): the values the API takes, in the order the screens offer
 * them. Their Spanish names are in the catalogue (`result.pass`, `examKind.road`…).
 */
import type { EntryStatus, ExamKind, ExamResult, FolderStatus } from './api';

/** The licence classes of the fixed list (README), in its order. */
export const LICENCES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'] as const;
export const RESULTS: ExamResult[] = ['pending', 'pass', 'fail', 'absent'];
export const EXAM_KINDS: ExamKind[] = ['theory', 'closed_circuit', 'road'];
export const FOLDER_STATUSES: FolderStatus[] = ['open', 'submitted', 'closed'];
export const ENTRY_STATUSES: EntryStatus[] = ['open', 'issued', 'left'];
/** A book is open (takes entries) or closed (`closed_on` set). */
export const BOOK_STATUSES = ['open', 'closed'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

/** Sees every branch's books and folders (else, limited to a branch, only that branch's). */
export const ALL_BRANCHES_PERMISSION = 'dgt.all_branches';
/** The service and permission every call needs (README). */
export const PERMISSION = 'dgt';

/** The exam report's tabs, as `show_tab` in its path: the centres and the sessions. */
export const REPORT_TABS = ['centros', 'convocatorias'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** The tab a `show_tab` names; anything else is the first ("centros"). */
export function reportTabOf(showTab: string | undefined): ReportTab {
  return REPORT_TABS.find((tab) => tab === showTab) ?? REPORT_TABS[0];
}
