import type { ApiClient, FoundContact, ListPage } from '@volante/plugin-ui';

/** Where a lesson is (README "Lesson statuses"). */
export type LessonStatus = 'scheduled' | 'done' | 'no_show' | 'cancelled';
export type RecordState = 'active' | 'inactive' | 'deleted';

/** The meta columns every stored record carries. */
interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

// --- Lesson types -----------------------------------------------------------------------------

/** The fields `hermes/practice/type/create` and `/update` take. */
export interface TypeFields {
  name: string;
  licence: string;
  /** 15–480. */
  minutes: number;
  /** Euro cents, 0–10,000,000. */
  price: number;
  description: string;
}

export interface PracticeType extends Stored, TypeFields {}

export interface TypeQuery {
  search?: string;
  licence?: string;
  state?: string;
  page: number;
  per_page: number;
}

// --- Students ---------------------------------------------------------------------------------

/** A student as stored: a contact training for one licence class. */
export interface StudentRecord extends Stored {
  contact_id: number;
  /** The contact's name when the student was made. */
  name: string;
  licence: string;
  teacher_user_id: number | null;
  branch_id: number | null;
  notes: string;
}

/** A student of the list: the record with the lessons left and the teacher's name. */
export interface StudentItem extends StudentRecord {
  remaining: number;
  teacher_name: string | null;
}

/** A pack of lessons (bono), oldest first in the detail. */
export interface Bag {
  id: number;
  student_id: number;
  type_id: number;
  type_name: string | null;
  quantity: number;
  used: number;
  remaining: number;
  /** Euro cents. */
  price: number;
  purchased_on: string;
  notes: string;
}

export interface Lesson {
  id: number;
  student_id: number;
  student_name: string | null;
  type_id: number;
  type_name: string | null;
  teacher_user_id: number | null;
  teacher_name: string | null;
  vehicle_id: number | null;
  vehicle_plate: string | null;
  date: string;
  start_time: string;
  end_time: string;
  status: LessonStatus;
  /** The pack it was charged to; null while not charged, or owed. */
  bag_id: number | null;
  notes: string;
  created_at: string;
  updated_at: string;
}

/** `GET hermes/student/read?id=` and every student write: the record, packs and lessons. */
export interface StudentDetail extends StudentItem {
  /** Lessons given or missed and owed (no pack paid them). */
  unpaid: number;
  bags: Bag[];
  /** Newest first. */
  lessons: Lesson[];
}

export interface StudentQuery {
  search?: string;
  licence?: string;
  teacher_user_id?: string;
  page: number;
  per_page: number;
}

export interface NewStudent {
  contact_id: number;
  licence: string;
  teacher_user_id?: number;
  notes?: string;
}

export interface NewBag {
  student_id: number;
  type_id: number;
  quantity: number;
  price?: number;
  purchased_on?: string;
  notes?: string;
}

export interface BagUpdate {
  quantity?: number;
  price?: number;
  notes?: string;
}

export interface NewLesson {
  student_id: number;
  type_id: number;
  date: string;
  start_time: string;
  teacher_user_id?: number;
  vehicle_id?: number;
  status?: LessonStatus;
  notes?: string;
}

export interface LessonUpdate {
  status?: LessonStatus;
  date?: string;
  start_time?: string;
  teacher_user_id?: number;
  vehicle_id?: number;
  clear_vehicle?: boolean;
  notes?: string;
}

export interface AgendaQuery {
  teacher_user_id?: number;
  from?: string;
  to?: string;
}

/** `POST hermes/teacher/student`: the teacher's lessons between two days, not cancelled, in order. */
export interface Agenda {
  teacher_user_id: number;
  from: string;
  to: string;
  lessons: Lesson[];
}

// --- Other plugins ----------------------------------------------------------------------------

/** `GET contact/finder` (the contacts plugin): a contact found for a picker (the kit's type). */
export type { FoundContact };

/** Whom a lesson or a student may have as teacher: a user of the business. */
export interface Teacher {
  user_id: number;
  name: string;
  branch_id: number | null;
}

/** `GET hermes/vehicles`: a vehicle of the fleet module to offer for a lesson. */
export interface Vehicle {
  id: number;
  plate: string;
  model: string;
  brand?: string | null;
}

/** Leave out empty query values: the plugin's defaults apply. */
function compact(query: object): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null)) as Record<string, string | number>;
}

/** The most rows a page may hold: the types and vehicles offered in a select. */
export const ALL_ROWS = 500;

/** The practices plugin's calls, and the other ones the screens need. */
export function practicesApi(api: ApiClient) {
  return {
    types: {
      list: (query: TypeQuery) => api.get<ListPage<PracticeType>>('hermes/practice/type/read', compact(query)),
      read: (id: number) => api.get<PracticeType>(`hermes/practice/type/read/${id}`),
      /** The types still sold for a licence, for a select. */
      ofLicence: (licence: string) =>
        api
          .get<ListPage<PracticeType>>('hermes/practice/type/read', { licence, state: 'active', per_page: ALL_ROWS })
          .then((page) => page.items),
      create: (fields: TypeFields) => api.post<PracticeType>('hermes/practice/type/create', fields),
      update: (id: number, fields: Partial<TypeFields>) => api.post<PracticeType>('hermes/practice/type/update', { id, ...fields }),
      remove: (id: number) => api.post<PracticeType>('hermes/practice/type/delete', { id }),
    },
    students: {
      list: (query: StudentQuery) => api.get<ListPage<StudentItem>>('hermes/student/read', compact(query)),
      read: (id: number) => api.get<StudentDetail>('hermes/student/read', { id }),
      create: (student: NewStudent) => api.post<StudentDetail>('hermes/student/create', student),
      remove: (id: number) => api.post<StudentDetail>('hermes/student/delete', { id }),
      assign: (studentId: number, teacherUserId: number | null) => api.post<StudentDetail>('hermes/teacher/assign', { student_id: studentId, teacher_user_id: teacherUserId }),
    },
    bags: {
      add: (bag: NewBag) => api.post<StudentDetail>('hermes/student/bag', bag),
      update: (id: number, fields: BagUpdate) => api.post<StudentDetail>('hermes/student/bag/update', { id, ...fields }),
    },
    lessons: {
      book: (lesson: NewLesson) => api.post<StudentDetail>('hermes/student/practice', lesson),
      /** Answers the student's detail. */
      update: (id: number, fields: LessonUpdate) => api.post<StudentDetail>('hermes/student/practice/update', { id, ...fields }),
      agenda: (query: AgendaQuery) => api.post<Agenda>('hermes/teacher/student', query),
    },
    /** The contacts plugin's finder, people only (trimmed; under 2 characters it answers `[]`). */
    contacts: {
      find: (search: string) => api.get<FoundContact[]>('contact/finder', { search, type: 'P' }),
    },
    /**
     * Whom to offer as teacher (`hermes/teachers`): the employees module's teachers with a user
     * account, or every active member of staff when that module is off.
     */
    teachers: () => api.get<Teacher[]>('hermes/teachers'),
    /** The fleet module's active vehicles, by plate (`hermes/vehicles`; rejects when it is off). */
    vehicles: () => api.get<Vehicle[]>('hermes/vehicles'),
  };
}

export type PracticesApi = ReturnType<typeof practicesApi>;
