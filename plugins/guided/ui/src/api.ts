import { compactQuery, type ApiClient, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
/** A class is pending until the teacher marks it given. */
export type ClassStatus = 'pending' | 'given';
/** What a class shows: a subtheme of the book, one of its sheets or videos, a web link or a note. */
export type ResourceKind = 'subtheme' | 'sheet' | 'video' | 'link' | 'note';

/** What every record carries (README "Records"). */
interface Stored {
  id: number;
  state: RecordState;
  created_at?: string;
  updated_at?: string;
}

// --- Groups (clase/guiadagrupo/) ----------------------------------------------------------------

/** The fields of a group (README "Records": group). */
export interface GroupFields {
  /** Required, at most 200 characters. */
  name: string;
  /** One of the spec's 18 licence classes. */
  licence: string;
  /** The digital book it follows (a live syllabus of the business), or none. */
  temary_id: number | null;
  /** One of the business's branches; the caller's when left out. */
  branch_id: number | null;
  /** A member of the business's staff, or none. */
  teacher_user_id: number | null;
  /** At most 2,000 characters. */
  description: string;
  /** `YYYY-MM-DD`; `ends_on` not before `starts_on`. */
  starts_on: string | null;
  ends_on: string | null;
}

export interface Group extends Stored, GroupFields {}

/** The first pending class of a group, by position. */
export interface NextClass {
  id: number;
  title: string;
  scheduled_on: string | null;
  starts_at: string | null;
}

/** A group in `GET clase/guiadagrupo/list`. */
export interface GroupRow extends Group {
  /** The branch's and the teacher's names. */
  branch: string | null;
  teacher: string | null;
  /** Its live classes, and how many of them were given. */
  classes: number;
  given: number;
  next: NextClass | null;
}

/** A class as its group lists it. */
export interface ClassSummary {
  id: number;
  position: number;
  title: string;
  scheduled_on: string | null;
  starts_at: string | null;
  minutes: number;
  status: ClassStatus;
  given_at: string | null;
  /** How many resources it has. */
  resources: number;
}

/** The book a group follows, as the group names it (`state` deleted, without a name, once the syllabus is gone). */
export interface BookRef {
  id: number;
  name: string | null;
  category?: string | null;
  status?: string | null;
  state: RecordState;
}

/** `GET clase/guiadagrupo/read` and every group write: the group with its classes in order. */
export interface GroupDetail extends Group {
  branch: string | null;
  teacher: string | null;
  /** null without one, or with the temary module off. */
  book: BookRef | null;
  classes: ClassSummary[];
  given: number;
  total: number;
}

export interface GroupQuery {
  search?: string;
  licence?: string;
  branch_id?: string;
  /** `active` or `inactive`; both when left out. */
  state?: string;
  page: number;
  per_page: number;
}

// --- Classes (clase/guiada/) --------------------------------------------------------------------

/** The fields of a class (README "Records": class). */
export interface ClassFields {
  /** Required, at most 200 characters. */
  title: string;
  /** 1, 2, … within the group. */
  position: number;
  scheduled_on: string | null;
  /** `HH:MM`, only with a date. */
  starts_at: string | null;
  /** 5 to 480 (60 by default). */
  minutes: number;
  /** At most 4,000 characters. */
  summary: string;
  status: ClassStatus;
}

/** The group as a class names it. */
export interface ClassGroup {
  id: number;
  name: string;
  licence: string;
  temary_id: number | null;
  state: RecordState;
}

/** A section of a subtheme, with its text. */
export interface SectionContent {
  id: number;
  title: string;
  content: string;
}

/** A sheet or a video of the book (a stored file). */
export interface MediaContent {
  id: number;
  title: string;
  description?: string | null;
  file_id: number;
  content_type: string;
  size?: number | null;
  /** The subtheme it belongs to (its title, or the subtheme). */
  subtheme?: string | Named | null;
}

/** A part of the book named by the host: its title, or `{id, title}`. */
export interface Named {
  id?: number;
  title?: string;
  name?: string;
}

/** A subtheme as the classroom shows it. */
export interface SubthemeContent {
  id: number;
  title: string;
  /** Its theme (the title, or the theme). */
  theme?: string | Named | null;
  sections: SectionContent[];
  sheets: MediaContent[];
  videos: MediaContent[];
}

/** A resource of a class, with what the classroom shows. */
export interface Resource {
  id: number;
  class_id?: number;
  position: number;
  kind: ResourceKind;
  title: string;
  subtheme_id?: number | null;
  sheet_id?: number | null;
  video_id?: number | null;
  url?: string | null;
  text?: string | null;
  /** The book's part (syllabus kinds); null when it is gone or the temary module is off. */
  content?: SubthemeContent | MediaContent | null;
  /** The book's part was deleted from the book, or the temary module is off. */
  missing?: boolean;
  state?: RecordState;
}

/** `GET clase/guiada/read` and every class and resource write. */
export interface ClassDetail extends Stored, ClassFields {
  group_id: number;
  given_at: string | null;
  given_by: number | null;
  given_by_name?: string | null;
  group: ClassGroup;
  /** The live classes beside it in the group. */
  previous_id: number | null;
  next_id: number | null;
  resources: Resource[];
}

/** What `clase/guiada/create` takes. */
export type NewClass = { group_id: number; title: string } & Partial<Omit<ClassFields, 'title' | 'status'>>;

/** What `clase/guiada/recurso/add/create` takes: the kind and its part, link or text. */
export type NewResource = { class_id: number; position?: number; title?: string } & (
  | { kind: 'subtheme'; subtheme_id: number }
  | { kind: 'sheet'; sheet_id: number }
  | { kind: 'video'; video_id: number }
  | { kind: 'link'; url: string }
  | { kind: 'note'; text: string }
);

/** What `clase/guiada/recurso/add/update` takes besides the id. */
export interface ResourceChanges {
  title?: string;
  url?: string;
  text?: string;
  position?: number;
}

// --- Digital books and the syllabus -------------------------------------------------------------

/** A published syllabus (`GET clase/libro/digital/listado`), with its counts. */
export interface Book {
  id: number;
  name: string;
  description: string | null;
  category: string | null;
  themes: number;
  subthemes: number;
  sheets: number;
  videos: number;
}

/** A file of the book to choose from. */
export interface BookMedia {
  id: number;
  title: string;
  content_type: string;
  file_id: number;
  size?: number | null;
}

export interface BookSubtheme {
  id: number;
  position: number;
  title: string;
  sections: { id: number; title: string }[];
  sheets: BookMedia[];
  videos: BookMedia[];
}

export interface BookTheme {
  id: number;
  position: number;
  title: string;
  subthemes: BookSubtheme[];
}

/** `GET clase/libro/digital/recursos`: the book's contents in order (live parts only). */
export interface BookContents {
  id: number;
  name: string;
  category?: string | null;
  themes: BookTheme[];
}

/** A class that covers a subtheme. */
export interface CoveringClass {
  id: number;
  title: string;
  position: number;
  status: ClassStatus;
}

export interface CoverageSubtheme {
  id: number;
  position: number;
  title: string;
  classes: CoveringClass[];
}

export interface CoverageTheme {
  id: number;
  position: number;
  title: string;
  subthemes: CoverageSubtheme[];
}

/** How much of the book the group's classes cover (`given`: by a class already given). */
export interface CoverageTotals {
  subthemes: number;
  covered: number;
  given: number;
}

/** `GET clase/guiada/temary/list`: the group's book (its id, name…) with the classes covering each subtheme. */
export interface Coverage {
  group_id?: number;
  id?: number;
  name?: string | null;
  category?: string | null;
  status?: string | null;
  themes: CoverageTheme[];
  totals?: CoverageTotals;
}

// --- The host --------------------------------------------------------------------------------

/** `GET business/branch/list` (the host; only what the screens use). */
export interface Branch {
  branch_id: number;
  trade_name: string;
}

/** A member of the business's staff who may teach a group. */
export interface StaffMember {
  user_id: number;
  name: string;
  branch_id?: number | null;
}

/** A list the host may answer as the items or as a page of them. */
export const itemsOf = <T>(answer: ListPage<T> | T[] | null | undefined): T[] => (Array.isArray(answer) ? answer : (answer?.items ?? []));

/** The guided plugin's calls (README "Calls"). */
export function guidedApi(api: ApiClient) {
  return {
    groups: {
      list: (query: GroupQuery) => api.get<ListPage<GroupRow>>('clase/guiadagrupo/list', compactQuery(query)),
      read: (id: number) => api.get<GroupDetail>('clase/guiadagrupo/read', { id }),
      create: (fields: Partial<GroupFields> & Pick<GroupFields, 'name' | 'licence'>) => api.post<GroupDetail>('clase/guiadagrupo/create', fields),
      update: (id: number, fields: Partial<GroupFields> & { state?: RecordState }) => api.post<GroupDetail>('clase/guiadagrupo/update', { id, ...fields }),
      remove: (id: number) => api.post<{ id: number; state: 'deleted' }>('clase/guiadagrupo/delete', { id }),
      /** A copy with its classes and resources (`name`: "<name> (copia)" when left out). */
      copy: (id: number, name?: string) => api.post<GroupDetail>('clase/guiadagrupo/clon', name ? { id, name } : { id }),
    },
    classes: {
      read: (id: number) => api.get<ClassDetail>('clase/guiada/read', { id }),
      create: (fields: NewClass) => api.post<ClassDetail>('clase/guiada/create', fields),
      /** The fields that change; `position` moves it, `status` marks it given or pending. */
      update: (id: number, fields: Partial<ClassFields>) => api.post<ClassDetail>('clase/guiada/update', { id, ...fields }),
      remove: (id: number) => api.post<{ id: number; state: 'deleted' }>('clase/guiada/delete', { id }),
    },
    resources: {
      add: (body: NewResource) => api.post<ClassDetail>('clase/guiada/recurso/add/create', body),
      update: (id: number, changes: ResourceChanges) => api.post<ClassDetail>('clase/guiada/recurso/add/update', { id, ...changes }),
      remove: (id: number) => api.post<ClassDetail>('clase/guiada/recurso/add/delete', { id }),
    },
    books: {
      list: () => api.get<ListPage<Book> | Book[]>('clase/libro/digital/listado').then(itemsOf),
      contents: (bookId: number) => api.get<BookContents>('clase/libro/digital/recursos', { book_id: bookId }),
      coverage: (groupId: number) => api.get<Coverage>('clase/guiada/temary/list', { group_id: groupId }),
    },
    host: {
      /** The business's branches (a group's branch). */
      branches: () => api.get<Branch[]>('business/branch/list'),
      /**
       * Whom to offer as a group's teacher: the business's active staff, by name, as the other
       * modules answer it (`schedule/staff`, `alarma/staff`). The README names no such call yet:
       * when it is not answered the form offers only the teacher already chosen.
       */
      staff: () => api.get<StaffMember[] | ListPage<StaffMember>>('clase/guiada/staff').then(itemsOf),
    },
  };
}

export type GuidedApi = ReturnType<typeof guidedApi>;
