import { API_BASE, compactQuery, type ApiClient, type FoundContact, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
/** A content's status (README "Records"): in development (the default) or published (only then assigned). */
export type ContentStatus = 'developing' | 'publish';
/** An assignment's status as answers show it (README "Calls": an assignment as answers show it). */
export type AssignmentStatus = 'active' | 'pending' | 'expired' | 'inactive';

// --- Contents (formative/content/) -------------------------------------------------------------

/** The fields `formative/content/create` and `/update` take (README "Records": content). */
export interface ContentFields {
  /** Required, at most 200 characters. */
  name: string;
  /** At most 5,000 characters. */
  description: string;
  /** What it prepares for ("B", "CAP"…): free text, at most 60 characters. */
  category: string;
  /** 0 to 1000. */
  hours: number;
  /** 1 to 1095 (90 by default): how long an assignment lasts unless given an end. */
  access_days: number;
  /** 1 to 20 distinct syllabi, in the order they are studied. */
  temary_ids: number[];
  status: ContentStatus;
}

/** A lesson of the outline: a subtheme of one of the syllabi. */
export interface OutlineSubtheme {
  id: number;
  title: string;
}

export interface OutlineTheme {
  id: number;
  title: string;
  subthemes: OutlineSubtheme[];
}

/**
 * A syllabus of a content in `GET formative/content/read?id=`, in order. One deleted since comes
 * as `{id, state: "deleted", themes: []}` (no name).
 */
export interface ContentSyllabus {
  id: number;
  name?: string;
  category?: string;
  status?: string;
  state: RecordState;
  themes: OutlineTheme[];
}

/** `GET formative/content/read?id=` and the content writes' answer. */
export interface Content extends ContentFields {
  id: number;
  state: RecordState;
  created_at?: string;
  updated_at?: string;
  syllabi: ContentSyllabus[];
  /** How many lessons there are now. */
  lessons: number;
  /** Live assignments. */
  students: number;
  /** Of them, at 100 %. */
  completed: number;
  /** Of them, at 90 % or more. */
  reached_90: number;
}

/** A row of `GET formative/content/read`'s page: how many syllabi and students. */
export interface ContentRow extends Omit<ContentFields, 'temary_ids'> {
  id: number;
  state: RecordState;
  temary_ids?: number[];
  syllabi: number;
  students: number;
}

/** An item of `GET formative/content/choices` (every live content by name, for the reports). */
export interface ContentChoice {
  id: number;
  name: string;
  category: string;
  hours: number;
  status: ContentFields['status'];
  state: RecordState;
}

export interface ContentQuery {
  search?: string;
  status?: string;
  category?: string;
  /** '' (every state but deleted), `active`, `inactive`, `deleted` or `all`. */
  state?: string;
  page: number;
  per_page: number;
}

// --- Assignments (formative/assignment/) --------------------------------------------------------

/** An assignment as answers show it (README "Calls"). */
export interface Assignment {
  id: number;
  content_id: number;
  content_name: string;
  contact_id: number;
  name: string;
  email: string;
  /** `YYYY-MM-DD`. */
  starts_on: string;
  ends_on: string;
  /** 1 to 100: the share of the lessons open to the student, from the first. */
  percentage: number;
  total: number;
  open: number;
  done: number;
  /** 0 to 100. */
  progress: number;
  status: AssignmentStatus;
  /** UTC instants, or null. */
  reached_90_at: string | null;
  completed_at: string | null;
  last_seen_at: string | null;
  /** The personal link; null once deleted. */
  url: string | null;
  state: RecordState;
  created_at: string;
  /** `GET formative/report/90` only: the content's hours. */
  hours?: number;
}

/** A lesson of one assignment (`GET formative/assignment/read?id=`). */
export interface AssignmentLesson {
  id: number;
  title: string;
  theme: string;
  syllabus: string;
  open: boolean;
  done: boolean;
  done_at: string | null;
}

export interface AssignmentDetail extends Assignment {
  lessons: AssignmentLesson[];
}

export interface AssignmentQuery {
  content_id: number;
  search?: string;
  /** `active` (open today), `pending` (not started), `expired`, `completed`. */
  status?: string;
  page: number;
  per_page: number;
}

/** `POST formative/assignment/create`. */
export interface AssignFields {
  content_id: number;
  /** 1 to 300 client contacts. */
  contact_ids: number[];
  /** Today when left out. */
  starts_on?: string;
  /** `starts_on` + the content's `access_days` when left out. */
  ends_on?: string;
  /** 100 when left out. */
  percentage?: number;
  /** Mail each their link. */
  send?: boolean;
}

/** `POST formative/assignment/update`: the id and what changes. */
export interface AssignmentChanges {
  starts_on?: string;
  ends_on?: string;
  percentage?: number;
  /** `inactive` pauses the access, `active` resumes it. */
  state?: 'active' | 'inactive';
}

/** What mailing the links answers: how many went, and who has no address (names). */
export interface Sent {
  sent: number;
  without_email: string[];
}

/** `POST formative/assignment/create`'s answer. */
export interface Assigned {
  items: Assignment[];
  sent: number;
  /** The names of those without an e-mail address (the README leaves its shape open; a count is taken as none named). */
  without_email: string[] | number;
}

// --- Reports (formative/report/) ----------------------------------------------------------------

export interface Report90Query {
  content_id?: number | '';
  /** `YYYY-MM-DD`, the local day it was reached, inclusive. */
  from?: string;
  to?: string;
  search?: string;
  page: number;
  per_page: number;
}

/** A block (a theme of the content's syllabi) of `GET formative/report/blocks`. */
export interface Block {
  syllabus_id: number;
  syllabus: string;
  theme_id: number;
  title: string;
  lessons: number;
  students: number;
  /** Students who did at least one of its lessons. */
  started: number;
  /** Students who did all of them. */
  completed: number;
  /** The average share of the block done, 0 to 100 (one decimal). */
  average: number;
}

/** `GET formative/report/blocks` as the screen reads it: the blocks in order and the totals. */
export interface BlocksReport {
  blocks: Block[];
  students: number;
  lessons: number;
}

/** The report as the host may answer it: the blocks bare, or with the totals beside them. */
type BlocksAnswer = Block[] | { blocks?: Block[]; items?: Block[]; students?: number; lessons?: number };

/** The blocks and totals of either shape (the totals worked out from the blocks when missing). */
export function blocksReport(answer: BlocksAnswer): BlocksReport {
  const blocks = Array.isArray(answer) ? answer : (answer?.blocks ?? answer?.items ?? []);
  const totals = Array.isArray(answer) ? {} : (answer ?? {});
  return {
    blocks,
    students: totals.students ?? blocks[0]?.students ?? 0,
    lessons: totals.lessons ?? blocks.reduce((n, b) => n + b.lessons, 0),
  };
}

// --- The student's page (public: the link's reference) ------------------------------------------

export interface StudentLesson {
  id: number;
  title: string;
  open: boolean;
  done: boolean;
}

export interface StudentTheme {
  id: number;
  title: string;
  lessons: StudentLesson[];
}

export interface StudentSyllabus {
  id: number;
  name: string;
  themes: StudentTheme[];
}

/** `GET formative/student/read?reference=` and `POST formative/student/done`'s answer. */
export interface StudentView {
  name: string;
  content: { name: string; description: string; category: string; hours: number };
  starts_on: string;
  ends_on: string;
  percentage: number;
  total: number;
  open: number;
  done: number;
  progress: number;
  syllabi: StudentSyllabus[];
}

/** A sheet or a video of a lesson: a file of the document manager shared with the link. */
export interface LessonFile {
  id: number;
  title: string;
  description?: string;
  file_id: number;
  content_type?: string;
  size?: number;
}

/** `GET formative/student/lesson?reference=&id=`: an open lesson. */
export interface LessonView {
  id: number;
  title: string;
  theme: string;
  syllabus: string;
  done: boolean;
  sections: { id: number; title: string; content: string }[];
  sheets: LessonFile[];
  videos: LessonFile[];
  previous: number | null;
  next: number | null;
}

/**
 * The address of a lesson's file for the holder of the link (no session):
 * `filesystem/file/read?file_id=N&link=<reference>` (README "The student's page"); `download`
 * asks the host to send it as an attachment.
 */
export function linkFileUrl(fileId: number, reference: string, download = false, baseUrl: string = API_BASE): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/filesystem/file/read?file_id=${fileId}&link=${encodeURIComponent(reference)}`;
  return download ? `${url}&download=1` : url;
}

// --- Other modules ------------------------------------------------------------------------------

/** A syllabus of `GET temary/list` (the temary module): with how many themes. */
export interface TemaryRow {
  id: number;
  name: string;
  description?: string;
  category: string;
  status: string;
  state: RecordState;
  themes?: number;
}

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/** How many syllabi (or contents) a select offers at once: the first page, by name. */
export const CHOICES_PER_PAGE = 100;

/** The formative plugin's calls (README "Calls"), and the others' it uses. */
export function formativeApi(api: ApiClient) {
  const pub = { auth: false } as const;
  return {
    contents: {
      list: (query: ContentQuery) => api.get<ListPage<ContentRow>>('formative/content/read', compactQuery(query)),
      read: (id: number) => api.get<Content>('formative/content/read', { id }),
      create: (fields: ContentFields) => api.post<Content>('formative/content/create', fields),
      update: (id: number, fields: Partial<ContentFields>) => api.post<Content>('formative/content/update', { id, ...fields }),
      remove: (id: number) => api.post<Content>('formative/content/delete', { id }),
      /** The live contents by name, to choose one in the reports. */
      choices: () => api.get<ContentChoice[]>('formative/content/choices'),
    },
    assignments: {
      list: (query: AssignmentQuery) => api.get<ListPage<Assignment>>('formative/assignment/read', compactQuery(query)),
      read: (id: number) => api.get<AssignmentDetail>('formative/assignment/read', { id }),
      create: (fields: AssignFields) => api.post<Assigned>('formative/assignment/create', fields),
      update: (id: number, changes: AssignmentChanges) => api.post<Assignment>('formative/assignment/update', { id, ...changes }),
      remove: (id: number) => api.post<Assignment>('formative/assignment/delete', { id }),
      /** Mails each student of the content (or those given) their link. */
      send: (contentId: number, ids?: number[]) => api.post<Sent>('formative/assignment/send', ids ? { content_id: contentId, ids } : { content_id: contentId }),
    },
    reports: {
      reached90: (query: Report90Query) => api.get<ListPage<Assignment>>('formative/report/90', compactQuery(query)),
      blocks: (contentId: number) => api.get<BlocksAnswer>('formative/report/blocks', { content_id: contentId }).then(blocksReport),
    },
    student: {
      /** The public page's calls: no session needed (a signed-in browser's token is ignored by the host). */
      read: (reference: string) => api.get<StudentView>('formative/student/read', { reference }, pub),
      lesson: (reference: string, id: number) => api.get<LessonView>('formative/student/lesson', { reference, id }, pub),
      done: (reference: string, id: number, done: boolean) => api.post<StudentView>('formative/student/done', { reference, id, done }, pub),
    },
    temaries: {
      /** The business's syllabi (not deleted) by name, to build a content from. */
      list: () => api.get<ListPage<TemaryRow>>('temary/list', { page: 1, per_page: CHOICES_PER_PAGE }).then((p) => p.items),
    },
    contacts: {
      /** Contacts (people) found by the contacts plugin's finder. */
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search, type: 'P' }),
    },
  };
}

export type FormativeApi = ReturnType<typeof formativeApi>;
