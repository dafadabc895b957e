import type { ApiClient, FoundContact, ListPage } from '@volante/plugin-ui';
import { KINDS, type Category, type Kind } from './kinds';

export type CourseState = 'active' | 'inactive' | 'deleted';
/** The list's state filter: '' is the plugin's default (all but deleted). */
export type StateFilter = '' | 'active' | 'inactive' | 'deleted' | 'all';
export type Modality = 'in_person' | 'online' | 'mixed';
export type SessionKind = 'theory' | 'practice';
export type TeacherRole = 'trainer' | 'psychologist' | 'instructor';

/** The fields `<prefix>create` and `<prefix>update` take (README "The course"). */
export interface CourseFields {
  reference: string;
  name: string;
  category: Category;
  group_id: number | null;
  administration_code: string;
  cap_authorisation: string;
  formative_action: string;
  formative_group: string;
  modality: Modality;
  max_students: number;
  hours: number;
  start_date: string | null;
  end_date: string | null;
  training_centre: string;
  place: string;
  ceded_by: string;
  biometric_control: boolean;
  branch_id: number | null;
  observations: string;
}

/** A list item: the course's fields plus `enrolled` and `group_name`. */
export interface CourseItem extends CourseFields {
  id: number;
  state: CourseState;
  kind?: Kind;
  enrolled: number;
  group_name: string | null;
}

export interface Student {
  contact_id: number;
  /** Empty when the contacts service is off (the students are listed with their id only). */
  name?: string | null;
  fiscal_code?: string | null;
  email?: string | null;
  phone?: string | null;
  enrolled_at: string;
  attended_hours: number;
  attended_sessions: number;
}

export interface Session {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  hours: number;
  kind: SessionKind;
  place_id: number | null;
  place_name: string | null;
  teacher_ids: number[];
  teachers: string[];
  /** The contacts marked present. */
  present: number[];
}

/** `GET <prefix>read?id=` and every course write. */
export interface CourseDetail extends CourseItem {
  created_at: string;
  updated_at: string;
  scheduled_hours: number;
  students: Student[];
  sessions: Session[];
}

export interface Group {
  id: number;
  name: string;
  description: string;
  /** The number of its courses. */
  courses: number;
}

export interface Place {
  id: number;
  name: string;
  address: string;
  city: string;
  province_id: number | null;
  capacity: number | null;
}
export type NewPlace = Omit<Place, 'id'>;

export interface Teacher {
  id: number;
  first_name: string;
  last_name: string;
  fiscal_code: string;
  role: TeacherRole;
  qualification: string;
  user_id: number | null;
  /** The full name. */
  name: string;
}
export type NewTeacher = Pick<Teacher, 'first_name' | 'last_name' | 'fiscal_code' | 'role' | 'qualification'>;

export interface NewSession {
  course_id: number;
  date: string;
  start_time: string;
  end_time: string;
  kind: SessionKind;
  place_id: number | null;
  teacher_ids: number[];
}

/** `GET course/send/information`: whom the course's information was mailed to, and who has no e-mail. */
export interface InformationSent {
  sent: number;
  recipients: { contact_id: number; name: string; email: string }[];
  without_email: { contact_id: number; name: string }[];
}

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/** `GET business/branch/list` (the host; only what the screens use). */
export interface Branch {
  branch_id: number;
  trade_name: string;
}

export interface CourseQuery {
  search?: string;
  state?: StateFilter;
  category?: string;
  group_id?: string;
  page: number;
  per_page: number;
}

/** Leave out empty query values: the plugin's defaults apply. */
function compact(query: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as Record<string, string | number>;
}

/** The calls of one kind of course (its prefix), and the shared ones the screens need. */
export function coursesApi(api: ApiClient, kind: Kind) {
  const p = KINDS[kind].prefix;
  return {
    kind,
    courses: {
      list: (query: CourseQuery) => api.get<ListPage<CourseItem>>(`${p}read`, compact(query)),
      read: (id: number) => api.get<CourseDetail>(`${p}read`, { id }),
      create: (fields: Partial<CourseFields>) => api.post<CourseDetail>(`${p}create`, fields),
      update: (id: number, fields: Partial<CourseFields>) => api.post<CourseDetail>(`${p}update`, { id, ...fields }),
      remove: (id: number) => api.post<CourseDetail>(`${p}delete`, { id }),
      setState: (id: number, state: 'active' | 'inactive') => api.post<CourseDetail>(`${p}state`, { id, state }),
      /**
       * Mails the course's information to each of its students with an e-mail, or to one of them
       * (`contact_id`). Training courses only: always under `course/`, whatever the kind. A GET
       * in the spec, though it sends mail.
       */
      sendInformation: (id: number, contact_id?: number) =>
        api.get<InformationSent>(`${KINDS.course.prefix}send/information`, contact_id === undefined ? { id } : { id, contact_id }),
    },
    groups: {
      list: () => api.get<Group[]>(`${p}group/read`),
      create: (name: string, description: string) => api.post<Group>(`${p}group/create`, { name, description }),
      remove: (id: number) => api.post<unknown>(`${p}group/delete`, { id }),
    },
    students: {
      add: (course_id: number, contact_ids: number[]) => api.post<CourseDetail>(`${p}contact/student/add`, { course_id, contact_ids }),
      remove: (course_id: number, contact_ids: number[]) => api.post<CourseDetail>(`${p}contact/student/remove`, { course_id, contact_ids }),
    },
    sessions: {
      add: (session: NewSession) => api.post<CourseDetail>(`${p}sesion/add`, session),
      remove: (id: number) => api.post<CourseDetail>(`${p}sesion/remove`, { id }),
      attendance: (session_id: number, contact_ids: number[], present: boolean) =>
        api.post<CourseDetail>(`${p}sesion/attendance`, contact_ids.length === 1 ? { session_id, contact_id: contact_ids[0], present } : { session_id, contact_ids, present }),
    },
    places: {
      list: () => api.get<Place[]>(`${p}sesion/lugares/read`),
      create: (place: NewPlace) => api.post<Place>(`${p}sesion/lugares/create`, place),
      remove: (id: number) => api.post<unknown>(`${p}sesion/lugares/delete`, { id }),
    },
    teachers: {
      list: () => api.get<Teacher[]>(`${p}sesion/docentes/read`),
      create: (teacher: NewTeacher) => api.post<Teacher>(`${p}sesion/docentes/create`, teacher),
      remove: (id: number) => api.post<unknown>(`${p}sesion/docentes/delete`, { id }),
    },
    /** The contacts plugin's finder (trimmed; under 2 characters it answers `[]`). */
    contacts: {
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search }),
    },
    /** The host's branches (the course's branch). */
    host: {
      branches: () => api.get<Branch[]>('business/branch/list'),
    },
  };
}

export type CoursesApi = ReturnType<typeof coursesApi>;
