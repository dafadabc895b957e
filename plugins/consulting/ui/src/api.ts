import { compactQuery, type ApiClient, type Base64File, type GroupFields, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
/** The four kinds of record, as their calls name them (`consulting/{kind}/…`) and the routes too. */
export type Kind = 'centros' | 'empresas' | 'trabajadores' | 'cursos';

export type Gender = 'male' | 'female';
export type EducationLevel = 'none' | 'primary' | 'lower_secondary' | 'upper_secondary' | 'vocational_higher' | 'bachelor' | 'master' | 'doctorate';
export type ProfessionalCategory = 'management' | 'middle_management' | 'technician' | 'skilled' | 'unskilled';
export type Modality = 'in_person' | 'online' | 'mixed' | 'virtual_classroom';
export type CourseStatus = 'draft' | 'notified' | 'in_progress' | 'finished' | 'cancelled';

/** What every record carries (README "Records"), with its group's name and colour. */
export interface Stored {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
  group_id: number | null;
  group_name?: string | null;
  group_color?: string | null;
}

/** How to reach a centre or a company. */
export interface ContactFields {
  contact_person: string;
  phone: string;
  email: string;
  street: string;
  postal_code: string;
  city: string;
  /** 1–52 (INE); the postal code must match it. */
  province_id: number | null;
}

export interface CentreFields extends ContactFields {
  name: string;
  tax_code: string;
  /** The centre's number in the SEPE register of training entities. */
  accreditation: string;
  group_id: number | null;
  notes: string;
}

export interface CompanyFields extends ContactFields {
  name: string;
  tax_code: string;
  /** CCC: 11 digits. */
  contribution_account: string;
  cnae: string;
  staff: number | null;
  /** The year's FUNDAE credit, cents. */
  training_credit: number | null;
  representative_name: string;
  representative_dni: string;
  group_id: number | null;
  notes: string;
}

export interface WorkerFields {
  first_name: string;
  last_name: string;
  dni: string;
  /** NAF: 12 digits. */
  social_security_number: string;
  birth_date: string | null;
  gender: Gender | null;
  email: string;
  phone: string;
  company_id: number | null;
  education_level: EducationLevel | null;
  professional_category: ProfessionalCategory | null;
  /** 1–11. */
  contribution_group: number | null;
  disability: boolean;
  group_id: number | null;
  notes: string;
}

export interface CourseFields {
  name: string;
  action_code: string;
  group_code: string;
  modality: Modality;
  hours: number | null;
  start_date: string | null;
  end_date: string | null;
  centre_id: number | null;
  company_id: number | null;
  trainer: string;
  /** Cents. */
  cost: number | null;
  status: CourseStatus;
  /** The participants' ids, in order. */
  workers: number[];
  group_id: number | null;
  notes: string;
}

/** A course as the details of a centre, company or worker list it. */
export interface CourseSummary {
  id: number;
  name: string;
  start_date: string | null;
  end_date: string | null;
  status: CourseStatus;
  hours: number | null;
  /** In a worker's courses. */
  centre_name?: string | null;
}

/** A course's participant (README "Detail": course). */
export interface Participant {
  id: number;
  first_name: string;
  last_name: string;
  dni: string;
  company_name: string | null;
}

export interface Centre extends Stored, CentreFields {
  /** Detail: its live courses. */
  courses?: CourseSummary[];
}

export interface Company extends Stored, CompanyFields {
  /** How many live workers (list items and the detail). */
  workers?: number;
  courses?: CourseSummary[];
  /** The cost of its courses starting this year and not cancelled, cents. */
  credit_used?: number;
  /** `training_credit` − `credit_used`, cents; null without a credit. */
  credit_left?: number | null;
}

export interface Worker extends Stored, WorkerFields {
  company_name?: string | null;
  courses?: CourseSummary[];
  /** The hours of the finished courses they took part in. */
  hours_finished?: number;
}

export interface Course extends Stored, CourseFields {
  centre_name?: string | null;
  company_name?: string | null;
  /** List items. */
  participants_count?: number;
  /** Detail: the workers, in the order given. */
  participants?: Participant[];
  /** The last day to notify the start to FUNDAE (two calendar days before `start_date`). */
  notify_by?: string | null;
}

/** A group of one kind (`GET consulting/{kind}/group/read`), with its live records counted. */
export interface Group extends Stored {
  name: string;
  color: string;
  count: number;
}

/** `…/group/delete`: the group, and how many records were left without one. */
export interface DeletedGroup extends Group {
  released: number;
}

/** A list's query: the README's parameters; what is not set is left out. */
export interface ListParams {
  search?: string;
  /** '' (every state but deleted), `active`, `inactive`, `deleted` or `all`. */
  state?: string;
  /** A group, or 0: the records without one. */
  group_id?: number;
  page: number;
  per_page: number;
  /** Workers and courses. */
  company_id?: number;
  /** Courses. */
  centre_id?: number;
  status?: string;
}

/** The records of each kind and the fields their create and update take. */
export interface Records {
  centros: [Centre, CentreFields];
  empresas: [Company, CompanyFields];
  trabajadores: [Worker, WorkerFields];
  cursos: [Course, CourseFields];
}
export type RecordOf<K extends Kind> = Records[K][0];
export type FieldsOf<K extends Kind> = Records[K][1];

/** The group read answers a page or the list itself: the groups either way. */
const itemsOf = <T>(answer: ListPage<T> | T[]): T[] => (Array.isArray(answer) ? answer : answer.items);

/** One kind's calls (README "Calls", `{res}` = `kind`). */
export function kindApi<K extends Kind>(api: ApiClient, kind: K) {
  type R = RecordOf<K>;
  type F = FieldsOf<K>;
  const base = `consulting/${kind}`;
  const update = (id: number, fields: Partial<F> & { state?: RecordState }) => api.post<R>(`${base}/update`, { id, ...fields });
  return {
    list: (query: ListParams) => api.get<ListPage<R>>(`${base}/read`, compactQuery(query)),
    read: (id: number) => api.get<R>(`${base}/read/${id}`),
    create: (fields: Partial<F>) => api.post<R>(`${base}/create`, fields),
    update,
    /** `active`/`inactive` changes only the state; `deleted` marks it deleted (it stays readable). */
    setState: (id: number, state: RecordState) => update(id, { state } as Partial<F> & { state: RecordState }),
    groups: {
      list: () => api.get<ListPage<Group> | Group[]>(`${base}/group/read`).then(itemsOf),
      create: (fields: Partial<GroupFields>) => api.post<Group>(`${base}/group/create`, fields),
      update: (id: number, fields: Partial<GroupFields>) => api.post<Group>(`${base}/group/update`, { id, ...fields }),
      remove: (id: number) => api.post<DeletedGroup>(`${base}/group/delete`, { id }),
    },
  };
}

export type ResourceApi<K extends Kind> = ReturnType<typeof kindApi<K>>;

/** The consulting plugin's calls. */
export function consultingApi(api: ApiClient) {
  return {
    centros: kindApi(api, 'centros'),
    empresas: kindApi(api, 'empresas'),
    trabajadores: kindApi(api, 'trabajadores'),
    cursos: kindApi(api, 'cursos'),
    /** A worker's file as a PDF: `{filename, content_type, base64}`. */
    workerPdf: (id: number) => api.get<Base64File>(`consulting/trabajador/pdf/${id}`),
  };
}

export type ConsultingApi = ReturnType<typeof consultingApi>;
