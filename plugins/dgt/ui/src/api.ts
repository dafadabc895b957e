import type { ApiClient, FoundContact, ListPage } from '@volante/plugin-ui';
import { newestExamFirst } from './format';

/** Every exam result (README "Exam results everywhere"). */
export type ExamResult = 'pending' | 'pass' | 'fail' | 'absent';
export type ExamKind = 'theory' | 'closed_circuit' | 'road';
export type FolderStatus = 'open' | 'submitted' | 'closed';
/** A register entry's course, worked out from its dates (README: open, issued, left). */
export type EntryStatus = 'open' | 'issued' | 'left';
export type RecordState = 'active' | 'inactive' | 'deleted';

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

// --- Register books ---------------------------------------------------------------------------

/** The fields `dgt/book/register/create` and `/update` take. */
export interface BookFields {
  name: string;
  number: number | null;
  branch_id: number | null;
  school_code: string;
  opened_on: string | null;
  closed_on: string | null;
  capacity: number;
  notes: string;
}

/** How full a book is (`fill`, and `student/maxbook`). */
export interface Fill {
  book_id: number;
  capacity: number;
  used: number;
  last_number: number;
  /** null when the book is full. */
  next_number: number | null;
  full: boolean;
}

/** A book as every read and write answers it: the record with its `fill`. */
export interface Book extends Stored, BookFields {
  fill: Fill;
}

export interface BookQuery {
  search?: string;
  branch_id?: string;
  status?: '' | 'open' | 'closed';
  page: number;
  per_page: number;
}

// --- Register entries -------------------------------------------------------------------------

/** The fields `dgt/book/register/student/create` and `/update` take. */
export interface EntryFields {
  book_id: number;
  number: number | null;
  contact_id: number | null;
  first_name: string;
  last_names: string;
  document: string;
  birth_date: string | null;
  address: string;
  city: string;
  province_id: number | null;
  postal_code: string;
  phone: string;
  licence: string;
  enrolled_on: string | null;
  theory_exam_date: string | null;
  theory_result: ExamResult;
  practical_exam_date: string | null;
  practical_result: ExamResult;
  licence_issued_on: string | null;
  left_on: string | null;
  notes: string;
}

/** A list item of `student/read`: the record with its book's name. */
export interface Entry extends Stored, EntryFields {
  book_name?: string | null;
}

/** A folder a student was presented in (the entry's detail, `student/read?contact_id=`). */
export interface Exam {
  id: number;
  folder_id: number;
  reference: string;
  exam_kind: ExamKind;
  licence: string;
  exam_date: string | null;
  status: FolderStatus;
  result: ExamResult;
}

/** `GET dgt/book/register/student/read?id=` and every entry write. */
export interface EntryDetail extends Entry {
  book_name: string;
  book_number: number | null;
  folders: Exam[];
}

export interface EntryQuery {
  book_id: number;
  search?: string;
  status?: '' | EntryStatus;
  page: number;
  per_page: number;
}

/** An entry as the licence check and the contact's read list it. */
export interface ExistingEntry {
  id: number;
  book_id: number;
  book_name: string;
  number: number | null;
  licence: string;
  enrolled_on: string | null;
  licence_issued_on: string | null;
  left_on: string | null;
}

/** `POST dgt/book/register/student/exist/license`. */
export interface LicenceCheck {
  document: string;
  licence: string | null;
  exists: boolean;
  open: boolean;
  entries: ExistingEntry[];
}

/** `GET dgt/book/register/contact/read/{id}`: a new entry filled from a contact. */
export interface ContactEntry {
  contact_id: number;
  first_name: string;
  last_names: string;
  document: string;
  birth_date: string | null;
  address: string;
  city: string;
  province_id: number | null;
  postal_code: string;
  phone: string;
  licence: string;
  entries: ExistingEntry[];
}

// --- Folders ----------------------------------------------------------------------------------

/** The fields `dgt/folder/create` and `/update` take. */
export interface FolderFields {
  reference: string;
  name: string;
  branch_id: number | null;
  exam_kind: ExamKind;
  licence: string;
  exam_centre: string;
  exam_date: string | null;
  submitted_on: string | null;
  status: FolderStatus;
  notes: string;
}

/** A list item of `dgt/folder/read`: the record with its branch's name, its students and how many passed. */
export interface FolderItem extends Stored, FolderFields {
  branch_name?: string | null;
  students: number;
  passed: number;
}

export interface FolderStudent {
  id: number;
  folder_id: number;
  contact_id: number;
  book_student_id: number | null;
  tax_id: number | null;
  tax_number: string;
  result: ExamResult;
  notes: string;
  created_at: string;
  updated_at: string;
  /** '' when the contacts service cannot be asked. */
  name: string;
  document: string;
  entry_number: number | null;
  entry_book_id: number | null;
  tax_name: string | null;
}

/** `GET dgt/folder/read?id=` and every folder write. */
export interface FolderDetail extends Stored, FolderFields {
  /** null without a branch (or when the host cannot name it). */
  branch_name?: string | null;
  results: Record<ExamResult, number>;
  students: FolderStudent[];
}

export interface FolderQuery {
  search?: string;
  status?: string;
  exam_kind?: string;
  licence?: string;
  branch_id?: string;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

export interface NewFolderStudent {
  folder_id: number;
  contact_id: number;
  tax_id?: number;
  tax_number?: string;
  notes?: string;
}

export interface FolderStudentUpdate {
  result?: ExamResult;
  tax_id?: number;
  clear_tax?: boolean;
  tax_number?: string;
  notes?: string;
}

// --- Fees -------------------------------------------------------------------------------------

export interface TaxFields {
  type_code: string;
  name: string;
  description: string;
  /** Euro cents, or null when unknown. */
  amount: number | null;
}

export interface Tax extends Stored, TaxFields {}

/** `GET dgt/tax/types`: the DGT's fixed list. */
export interface TaxType {
  code: string;
  description: string;
}

export interface TaxQuery {
  search?: string;
  type_code?: string;
  page: number;
  per_page: number;
}

// --- Exam report ------------------------------------------------------------------------------

/**
 * The report's filters (all optional), as the page holds them: exam dates `YYYY-MM-DD` (both
 * included), a licence class, an exam kind, a branch and an exam centre's name.
 */
export interface ReportFilters {
  from?: string;
  to?: string;
  licence?: string;
  exam_kind?: string;
  branch_id?: string;
  center?: string;
}

/** Students by result; `pass_rate` in hundredths of a percent (6667 is 66,67 %), null with nobody presented. */
export interface ReportNumbers {
  students: number;
  pending: number;
  pass: number;
  fail: number;
  absent: number;
  /** Pass plus fail: those who sat the exam. */
  presented: number;
  pass_rate: number | null;
}

/** `GET dgt/center`: an exam centre the folders name. */
export interface ExamCentre {
  name: string;
  folders: number;
  students: number;
  last_exam_date: string | null;
}

/** One exam kind's row of `dgt/state_numbers`. */
export interface KindNumbers extends ReportNumbers {
  exam_kind: ExamKind;
  name: string;
}

/** `GET dgt/state_numbers`: the results by kind (always the three, in order) at a centre or at all. */
export interface StateNumbers {
  center: string | null;
  kinds: KindNumbers[];
  total: ReportNumbers;
}

/** A folder of a session. */
export interface SessionFolder {
  id: number;
  reference: string;
  name: string;
  status: FolderStatus;
}

/** One exam session (convocatoria): the folders with the same date, centre, kind and licence. */
export interface ExamSession extends ReportNumbers {
  exam_date: string | null;
  exam_centre: string;
  exam_kind: ExamKind;
  exam_kind_name: string;
  licence: string;
  folders: SessionFolder[];
}

/** `POST dgt/convocatoria`: the sessions, newest first (undated ones first), and their total. */
export interface ExamSessions {
  items: ExamSession[];
  total: ReportNumbers;
}

/** The report's filters as the POST takes them: without the empty ones, the branch a number. */
function reportBody(filters: ReportFilters): object {
  const { branch_id, ...rest } = compact(filters);
  return branch_id === undefined ? rest : { ...rest, branch_id: Number(branch_id) };
}

// --- Other plugins and the host ---------------------------------------------------------------

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/** `GET business/branch/list` (the host; only what the screens use). */
export interface Branch {
  branch_id: number;
  trade_name: string;
}

/**
 * `GET business/read` (the host): the caller's business, as the printed papers head it (only
 * what they use).
 */
export interface Business {
  business_id: number;
  /** The trade name. */
  name: string;
  fiscal_name: string;
  /** The NIF. */
  fiscal_code: string;
  address: string;
  city: string;
  province_id: number | null;
  postal_code: string;
}

/** Leave out empty query values: the plugin's defaults apply. */
function compact(query: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as Record<string, string | number>;
}

/** The most rows a page may hold (README: `per_page` at most 500): the fees offered in a select. */
export const ALL_ROWS = 500;

/** The dgt plugin's calls, and the other ones the screens need. */
export function dgtApi(api: ApiClient) {
  return {
    books: {
      list: (query: BookQuery) => api.get<ListPage<Book>>('dgt/book/register/read', compact(query)),
      read: (id: number) => api.get<Book>('dgt/book/register/read', { id }),
      create: (fields: Partial<BookFields>) => api.post<Book>('dgt/book/register/create', fields),
      update: (id: number, fields: Partial<BookFields>) => api.post<Book>('dgt/book/register/update', { id, ...fields }),
      remove: (id: number) => api.post<Book>('dgt/book/register/delete', { id }),
    },
    entries: {
      list: (query: EntryQuery) => api.get<ListPage<Entry>>('dgt/book/register/student/read', compact(query)),
      read: (id: number) => api.get<EntryDetail>('dgt/book/register/student/read', { id }),
      create: (fields: Partial<EntryFields>) => api.post<EntryDetail>('dgt/book/register/student/create', fields),
      update: (id: number, fields: Partial<EntryFields>) => api.post<EntryDetail>('dgt/book/register/student/update', { id, ...fields }),
      remove: (id: number) => api.post<EntryDetail>('dgt/book/register/student/delete', { id }),
      check: (document: string, licence: string) => api.post<LicenceCheck>('dgt/book/register/student/exist/license', { document, licence }),
      fromContact: (contactId: number) => api.get<ContactEntry>(`dgt/book/register/contact/read/${contactId}`),
    },
    folders: {
      list: (query: FolderQuery) => api.get<ListPage<FolderItem>>('dgt/folder/read', compact(query)),
      read: (id: number) => api.get<FolderDetail>('dgt/folder/read', { id }),
      create: (fields: Partial<FolderFields>) => api.post<FolderDetail>('dgt/folder/create', fields),
      update: (id: number, fields: Partial<FolderFields>) => api.post<FolderDetail>('dgt/folder/update', { id, ...fields }),
      /**
       * The folders a request of exam places is made for: the open and the submitted ones, newest
       * exam first (once each: one submitted between the two reads is in both).
       */
      requestable: () =>
        Promise.all(
          (['open', 'submitted'] as const).map((status) => api.get<ListPage<FolderItem>>('dgt/folder/read', { status, page: 1, per_page: ALL_ROWS })),
        ).then((pages) => newestExamFirst([...new Map(pages.flatMap((p) => p.items).map((f) => [f.id, f] as const)).values()])),
    },
    folderStudents: {
      add: (student: NewFolderStudent) => api.post<FolderDetail>('dgt/folder/student/add', student),
      update: (id: number, fields: FolderStudentUpdate) => api.post<FolderDetail>('dgt/folder/student/update', { id, ...fields }),
      remove: (id: number) => api.post<FolderDetail>('dgt/folder/student/delete', { id }),
    },
    taxes: {
      list: (query: TaxQuery) => api.get<ListPage<Tax>>('dgt/tax/read', compact(query)),
      /** Every fee offered (not deleted), for a select. */
      all: () => api.get<ListPage<Tax>>('dgt/tax/read', { per_page: ALL_ROWS }).then((page) => page.items),
      create: (fields: TaxFields) => api.post<Tax>('dgt/tax/create', fields),
      update: (id: number, fields: Partial<TaxFields>) => api.post<Tax>('dgt/tax/update', { id, ...fields }),
      remove: (id: number) => api.post<Tax>('dgt/tax/delete', { id }),
      types: () => api.get<TaxType[]>('dgt/tax/types'),
    },
    /** The exam report: its centres, the results by kind, and the sessions. */
    report: {
      /** The centres the folders name (every filter but `center`). */
      centres: (filters: ReportFilters) => api.get<ExamCentre[]>('dgt/center', compact({ ...filters, center: '' })),
      /** The results by kind at `filters.center`, or at every centre without it. */
      numbers: (filters: ReportFilters) => api.get<StateNumbers>('dgt/state_numbers', compact(filters)),
      sessions: (filters: ReportFilters) => api.post<ExamSessions>('dgt/convocatoria', reportBody(filters)),
    },
    /** The contacts plugin's finder, people only (trimmed; under 2 characters it answers `[]`). */
    contacts: {
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search, type: 'P' }),
    },
    /** The host's branches (a book's or folder's branch), and the business (the printed papers' head). */
    host: {
      branches: () => api.get<Branch[]>('business/branch/list'),
      business: () => api.get<Business>('business/read'),
    },
  };
}

export type DgtApi = ReturnType<typeof dgtApi>;
