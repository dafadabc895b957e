import { compactQuery, type ApiClient, type ListPage } from '@volante/plugin-ui';

export type RecordState = 'active' | 'inactive' | 'deleted';
/** The languages a test is taken in: Spanish, and those a question may be translated into. */
export type Language = 'es' | 'ca' | 'eu' | 'gl' | 'en' | 'fr' | 'de';
/** `block`: one block's questions; `exam`: any of the licence's. */
export type TestKind = 'block' | 'exam';
/** How the question finder looks (`GET valkiria/test/question/search/{mode}`). */
export type SearchMode = 'text' | 'reference' | 'block' | 'failed';
export type EvolutionGroup = 'day' | 'week' | 'month';
/** The students list's filter: an enrolment not expired, or none live and not expired. */
export type StudentStatus = 'active' | 'expired';
/** The doubts' filter: not read yet, read, answered, not answered. */
export type DoubtStatus = 'unread' | 'read' | 'answered' | 'unanswered';

/** What every record carries (README "Records"). */
export interface Stored {
  id: number;
  state?: RecordState;
  created_at?: string;
  updated_at?: string;
}

/** A count the host may answer as a number or as the list itself. */
export type Counted = number | unknown[] | null | undefined;

/** A block (topic) of a licence's bank, with its live questions and block tests. */
export interface Block extends Stored {
  licence: string;
  name: string;
  description: string;
  /** 1, 2, … within its licence. */
  position: number;
  questions?: Counted;
  tests?: Counted;
}

export interface BlockFields {
  licence: string;
  name: string;
  description: string;
  position: number;
  state: RecordState;
}

/** What a question's forms edit (README "Records": question). */
export interface QuestionFields {
  block_id: number;
  /** ≤ 30; the host makes `P-<id>` when empty. */
  reference: string;
  statement: string;
  /** 2 to 4 texts. */
  answers: string[];
  /** The index of the right answer. */
  correct: number;
  explanation: string;
}

/** A block as a question names it. */
export interface BlockRef {
  id: number;
  name: string;
  licence: string;
}

/** A question the finder found. */
export interface FoundQuestion extends QuestionFields {
  id: number;
  /** The block's name (or the block). */
  block?: string | BlockRef | null;
  /** The languages it has a translation in. */
  translations?: string[];
  /** `failed` mode: how often it was failed and answered in live attempts. */
  failed?: number;
  answered?: number;
}

/** A translation of a question: as many answers as the question's. */
export interface Translation {
  statement: string;
  answers: string[];
  explanation: string;
}

/** `GET valkiria/question/translated/{id}`: the question with its translations and tests. */
export interface QuestionDetail extends Stored, QuestionFields {
  block: BlockRef | string | null;
  translations: Partial<Record<Language, Translation>>;
  /** The languages without a translation. */
  missing: Language[];
  /** The live tests it is in. */
  tests: { id: number; name: string }[];
  /** After an update that changed the answers' count: the translations dropped. */
  dropped_translations?: Language[];
}

/** What a test's editor edits (README "Records": test). */
export interface TestFields {
  licence: string;
  name: string;
  kind: TestKind;
  block_id: number | null;
  question_ids: number[];
  max_errors: number;
  minutes: number;
  expires_on: string | null;
}

/** A test in `GET valkiria/blocktest`. */
export interface TestRow extends Stored, Partial<TestFields> {
  name: string;
  licence: string;
  kind: TestKind;
  questions: Counted;
  /** The block's name. */
  block?: string | null;
  attempts?: number;
  passed?: number;
  expired?: boolean;
}

/** `GET valkiria/test/questions`: the test with its questions in order, for the editor. */
export interface TestDetail extends Stored, TestFields {
  questions: FoundQuestion[];
  block?: string | BlockRef | null;
  /** Its last day is past. */
  expired?: boolean;
}

/** A student's enrolment for a licence. */
export interface Enrolment {
  id: number;
  licence: string;
  expires_on: string;
  days_left: number;
  expired: boolean;
  /** How many times each test of the licence may be repeated (taken once plus that many, 0–99); null: no limit. */
  repetitions?: number | null;
  state?: RecordState;
}

/** What the enrolment form takes for a new student (README `assigncourse`). */
export interface NewStudentFields {
  dni: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** A student (`studentsdni`, a list's item, an enrolment's answer). */
export interface Student extends Stored, Partial<NewStudentFields> {
  dni: string;
  first_name: string;
  two_factor?: boolean;
  has_pin?: boolean;
  enrolments?: Enrolment[];
  attempts?: number;
  passed?: number;
  last_attempt_at?: string | null;
  contact_id?: number | null;
  branch_id?: number | null;
  /** Only in the answer that made it: the new PIN, shown once. */
  pin?: string;
  /** The student's personal link to take their tests at home (null until made: `student/online`). */
  online_url?: string | null;
}

/** One attempt at a test. */
export interface Attempt {
  id: number;
  test_id: number;
  /** The test's name, when the host gives it. */
  test?: string | null;
  test_name?: string | null;
  licence: string;
  language?: string;
  errors: number;
  blank?: number;
  total: number;
  passed: boolean;
  max_errors?: number;
  seconds?: number | null;
  taken_at: string;
}

/** `POST valkiria/resume`: the student and how they are doing. */
export interface StudentResume extends Student {
  attempts: number;
  passed: number;
  /** 0–100; null without attempts. */
  pass_rate: number | null;
  average_errors: number | null;
  /** The last 10 attempts. */
  last: Attempt[];
  /** The last 5 attempts all passed. */
  ready: boolean;
}

/** An enrolment running out (`listuserautoescuelacaducidad/{days}`). */
export interface Expiring {
  id: number;
  student_id: number;
  dni: string;
  name: string;
  email: string | null;
  licence: string;
  expires_on: string;
  days_left: number;
}

/** The school's figures (`GET valkiria/userautoescuela`). */
export interface SchoolFigures {
  students: number;
  active_students: number;
  /** Enrolments that expire within 15 days. */
  expiring: number;
  attempts_this_month: number;
  pass_rate_this_month: number | null;
  /** Per licence of the bank. */
  licences?: BankFigures[];
  bank?: BankFigures[];
}

export interface BankFigures {
  licence: string;
  blocks: number;
  questions: number;
  tests: number;
}

/** A test a student may take (`POST valkiria/vecestest`): the test's fields as `blocktest` gives them, and how they did. */
export interface StudentTest {
  id: number;
  name: string;
  licence: string;
  kind?: TestKind;
  state?: RecordState;
  /** The block's name (block tests). */
  block?: string | null;
  questions?: Counted;
  max_errors?: number;
  minutes?: number;
  expires_on?: string | null;
  /** Its last day is past: it can no longer be taken. */
  expired?: boolean;
  times: number;
  /** How many more times it may be taken under the enrolment's repetitions (0: used up); null: no limit. */
  times_left?: number | null;
  passed: number;
  best_errors: number | null;
  last_at: string | null;
}

/** A question a student failed (`GET valkiria/errortest`). */
export interface FailedQuestion extends Partial<QuestionFields> {
  id: number;
  statement: string;
  answers: string[];
  correct: number;
  block?: string | BlockRef | null;
  failed: number;
  answered: number;
  last_chosen: number | null;
}

/** One period of a student's evolution (`period` its first day). */
export interface EvolutionPoint {
  period: string;
  attempts: number;
  passed: number;
  average_errors: number | null;
}

/** A block of the student's licences and how they do in it (`POST valkiria/temary/resume`). */
export interface BlockProgress {
  block_id: number;
  block: string;
  licence: string;
  questions?: number;
  seen?: number;
  answered: number;
  failed: number;
  /** 0–100; null when nothing was answered. */
  percent_right: number | null;
}

/** A reset of a student's attempts. */
export interface Reset {
  id: number;
  student_id: number;
  /** null: every licence. */
  licence: string | null;
  reason: string;
  /** How many attempts it archived. */
  attempts: number;
  user_id?: number | null;
  user_name?: string | null;
  user?: string | null;
  created_at: string;
}

/** A test as a student takes it: no right answers. */
export interface TakingQuestion {
  id: number;
  position: number;
  statement: string;
  answers: string[];
  /** false: no translation into the language asked, it comes in Spanish. */
  translated: boolean;
}

export interface TakingTest {
  id: number;
  name: string;
  licence: string;
  minutes: number;
  max_errors: number;
  total: number;
  language: Language;
  questions: TakingQuestion[];
}

/** What `POST valkiria/test/test` takes. */
export interface TakenTest {
  student_id: number;
  test_id: number;
  language: Language;
  pin?: string;
  seconds: number;
  answers: { question_id: number; chosen: number | null }[];
}

export interface CorrectedQuestion {
  id: number;
  position: number;
  statement: string;
  answers: string[];
  /** The answer given; null: left blank. */
  chosen: number | null;
  /** The right answer's index. */
  correct: number;
  /** Whether the answer given is the right one. */
  right: boolean;
  explanation: string;
}

/** The correction of an attempt. */
export interface Correction {
  id: number;
  test_id: number;
  student_id: number;
  errors: number;
  blank: number;
  total: number;
  passed: boolean;
  max_errors: number;
  seconds: number | null;
  taken_at: string;
  questions: CorrectedQuestion[];
}

/** A student as a doubt names them. */
export interface DoubtStudent {
  id: number;
  name: string;
  dni: string;
  /** '' (or null) when the student has none. */
  email: string | null;
}

/** A question as a doubt names it. */
export interface DoubtQuestion {
  id: number;
  reference: string;
  statement: string;
  block_id: number;
  block: string | BlockRef | null;
  licence: string;
}

/** A student's doubt about a question (`GET duda/read?id=`). */
export interface Doubt {
  id: number;
  student_id: number;
  student: DoubtStudent;
  question_id: number;
  question: DoubtQuestion;
  /** The attempt it came from (null: asked outside a correction). */
  attempt_id: number | null;
  test_id: number | null;
  /** The attempt's test's name. */
  test: string | null;
  /** The answer the student gave in that attempt (null: blank, or no attempt). */
  chosen: number | null;
  language: Language;
  text: string;
  read: boolean;
  read_at: string | null;
  read_by_name: string | null;
  /** '' (or null) while unanswered. */
  answer: string | null;
  answered_at: string | null;
  answered_by_name: string | null;
  created_at: string;
  state: 'active' | 'deleted';
  /** Only in `duda/respuesta`'s answer: where the answer was mailed (null: the student has no e-mail). */
  mailed_to?: string | null;
}

/** A page of doubts, with the business's unread live doubts. */
export interface DoubtPage extends ListPage<Doubt> {
  unread: number;
}

/** The doubts list's query: what is not set is left out. */
export interface DoubtQuery {
  status?: DoubtStatus | '';
  student_id?: number;
  licence?: string;
  search?: string;
  page: number;
  per_page: number;
}

/** A live doubt on the same question (`duda/cuestion/read`'s `doubts`). */
export interface DoubtOnQuestion {
  id: number;
  student_name: string;
  text: string;
  answer: string | null;
  created_at: string;
  read: boolean;
}

/** `GET duda/cuestion/read?id=`: a doubt's question as the student saw it, their answer and every live doubt on it. */
export interface DoubtQuestionView {
  id?: number;
  doubt_id?: number;
  reference?: string;
  block_id?: number;
  block?: string | BlockRef | null;
  licence?: string;
  state?: RecordState;
  statement: string;
  answers: string[];
  correct: number;
  explanation: string | null;
  /** true: in the doubt's language; false: in Spanish (no translation, or asked in Spanish). */
  translated: boolean;
  language?: Language;
  chosen: number | null;
  doubts: DoubtOnQuestion[];
}

/** What `POST valkiria/duda/create` takes (from a test's correction). */
export interface NewDoubt {
  student_id: number;
  question_id: number;
  attempt_id?: number;
  text: string;
  pin?: string;
}

/** `POST valkiria/student/online`: the student's link, and where it was mailed (null: not sent). */
export interface OnlineLink {
  student_id: number;
  url: string;
  sent_to: string | null;
}

/** What `POST valkiria/student/online` does besides making the link when there is none. */
export interface OnlineLinkOptions {
  /** A new link: the old one stops working. */
  renew?: boolean;
  /** Mail the link to the student (`REQ-102` on `email` without an address). */
  send?: boolean;
}

/** `GET valkiria/online/read?reference=`: the page of a student's link. */
export interface OnlineHome {
  /** The student's full name. */
  name: string;
  first_name: string;
  /** A test (and a doubt) needs the student's PIN. */
  two_factor: boolean;
  /** The school's name (its branch's trade name). */
  school: string;
  /** As `studentsdni` gives them. */
  enrolments: Enrolment[];
  /** As `valkiria/vecestest` gives them. */
  tests: StudentTest[];
  /** As `valkiria/resume` gives it. */
  resume: StudentResume;
}

/** A renewal: a new date, or a number of months (1–36) counted from the later of today and the current end. */
export type Renewal = { expires_on: string } | { months: number };

/** The students list's query: what is not set is left out. */
export interface StudentQuery {
  search?: string;
  licence?: string;
  status?: string;
  page: number;
  per_page: number;
}

/** A new enrolment: an existing student, or a new one with their personal fields. */
export type EnrolmentBody = ({ student_id: number } | NewStudentFields) & { licence: string; expires_on?: string };

/** A list the host may answer as the items or as a page of them. */
export const itemsOf = <T>(answer: ListPage<T> | T[] | null | undefined): T[] => (Array.isArray(answer) ? answer : (answer?.items ?? []));

/** The permit-A family (README): its enrolments go through `permisoa/assigncourse`. */
export const PERMIT_A_FAMILY = ['AM', 'A1', 'A2', 'A'];

/** The valkiria plugin's calls (README "Calls"). */
export function valkiriaApi(api: ApiClient) {
  /** The link routes (README "The online tests at home"): no session (a signed-in browser's token is ignored by the host). */
  const pub = { auth: false } as const;
  const list = <T>(path: string, params?: object) => api.get<ListPage<T> | T[]>(path, params ? compactQuery(params) : undefined).then(itemsOf);
  return {
    blocks: {
      list: (licence: string) => list<Block>('valkiria/blocktemary', { licence }),
      create: (fields: Pick<BlockFields, 'licence' | 'name'> & Partial<BlockFields>) => api.post<Block>('valkiria/temary/create', fields),
      update: (id: number, fields: Partial<BlockFields>) => api.post<Block>('valkiria/temary/update', { id, ...fields }),
    },
    questions: {
      search: (mode: SearchMode, licence: string, search: string, limit?: number) =>
        list<FoundQuestion>(`valkiria/test/question/search/${mode}`, { license: licence, search, limit }),
      read: (id: number) => api.get<QuestionDetail>(`valkiria/question/translated/${id}`),
      create: (fields: Omit<QuestionFields, 'reference'> & { reference?: string }) => api.post<QuestionDetail>('valkiria/question/create', fields),
      update: (id: number, fields: Partial<QuestionFields> & { state?: RecordState }) => api.post<QuestionDetail>('valkiria/question/update', { id, ...fields }),
      translate: (questionId: number, language: Language, translation: Translation) =>
        api.post<QuestionDetail>('valkiria/question/translated/update', { question_id: questionId, language, ...translation }),
      untranslate: (questionId: number, language: Language) => api.post<QuestionDetail>('valkiria/question/translated/update', { question_id: questionId, language, remove: true }),
    },
    tests: {
      list: (licence: string, filters: { block_id?: number; kind?: string; state?: string } = {}) => list<TestRow>('valkiria/blocktest', { licence, ...filters }),
      read: (id: number) => api.get<TestDetail>('valkiria/test/questions', { test_id: id }),
      create: (fields: Partial<TestFields>) => api.post<TestDetail>('valkiria/test/create', fields),
      update: (id: number, fields: Partial<TestFields> & { state?: RecordState }) => api.post<TestDetail>('valkiria/test/update', { id, ...fields }),
      expire: (id: number, expiresOn: string | null) => api.post<TestDetail>('valkiria/testexpire', { id, expires_on: expiresOn }),
      /** The test to take, in `language` (Spanish where a question has no translation). */
      take: (id: number, language: Language) => api.get<TakingTest>(`valkiria/test/translated/${id}`, { language }),
      correct: (body: TakenTest) => api.post<Correction>('valkiria/test/test', body),
    },
    students: {
      list: (query: StudentQuery) => api.get<ListPage<Student>>('valkiria/listuserautoescuela', compactQuery(query)),
      byDni: (dni: string) => api.get<Student>('valkiria/studentsdni', { dni }),
      /** The student with their summary: how a student's screens find one by id. */
      resume: (studentId: number) => api.post<StudentResume>('valkiria/resume', { student_id: studentId }),
      /** `assigncourse`, or `permisoa/assigncourse` for the permit-A family. */
      enrol: (body: EnrolmentBody) => api.post<Student>(PERMIT_A_FAMILY.includes(body.licence) ? 'valkiria/permisoa/assigncourse' : 'valkiria/assigncourse', body),
      /** `student/update`: the personal fields that change, or the state (`inactive`: no tests meanwhile; `deleted`). */
      update: (id: number, fields: Partial<NewStudentFields> & { state?: RecordState }) => api.post<Student>('valkiria/student/update', { id, ...fields }),
      /** `enrolment/update`: an enrolment's state; answers the student. */
      setEnrolmentState: (enrolmentId: number, state: RecordState) => api.post<Student>('valkiria/enrolment/update', { id: enrolmentId, state }),
      /** `enrolment/update`: how many times each test of the licence may be repeated (0–99; null: no limit); answers the student. */
      setRepetitions: (enrolmentId: number, repetitions: number | null) => api.post<Student>('valkiria/enrolment/update', { id: enrolmentId, repetitions }),
      renew: (enrolmentId: number, renewal: Renewal) => api.post<Enrolment>('valkiria/newexpire', { id: enrolmentId, ...renewal }),
      renewMany: (ids: number[], renewal: Renewal) => api.post<{ renewed: number; enrolments: Enrolment[] }>('valkiria/dashboard/caducidad/new_expire', { ids, ...renewal }),
      expiring: (days: number) => list<Expiring>(`valkiria/listuserautoescuelacaducidad/${days}`),
      figures: () => api.get<SchoolFigures>('valkiria/userautoescuela'),
      newPin: (studentId: number) => api.post<{ pin: string }>('valkiria/new_pin', { student_id: studentId }),
      sendCredentials: (studentId: number) => api.get<{ sent_to: string }>('valkiria/send/credentials', { student_id: studentId }),
      twoFactor: (studentId: number, enabled: boolean) => api.post<Student>('valkiria/twofactor', { student_id: studentId, enabled }),
      reset: (studentId: number, licence: string | null, reason: string) =>
        api.post<Reset>('valkiria/reset', licence ? { student_id: studentId, licence, reason } : { student_id: studentId, reason }),
      resets: (studentId: number) => list<Reset>('valkiria/reset/history', { student_id: studentId }),
      tests: (studentId: number) => api.post<StudentTest[] | ListPage<StudentTest>>('valkiria/vecestest', { student_id: studentId }).then(itemsOf),
      failed: (studentId: number) => list<FailedQuestion>('valkiria/errortest', { student_id: studentId }),
      evolution: (studentId: number, group: EvolutionGroup) =>
        api.post<EvolutionPoint[] | ListPage<EvolutionPoint>>('valkiria/report/evolution', { student_id: studentId, group }).then(itemsOf),
      blocks: (studentId: number) => api.post<BlockProgress[] | ListPage<BlockProgress>>('valkiria/temary/resume', { student_id: studentId }).then(itemsOf),
      /** `student/online`: the student's link to the tests at home (made when missing); `renew`, `send` only when asked. */
      online: (studentId: number, { renew, send }: OnlineLinkOptions = {}) =>
        api.post<OnlineLink>('valkiria/student/online', { student_id: studentId, ...(send ? { send: true } : {}), ...(renew ? { renew: true } : {}) }),
    },
    /** The student's own page at home, through their link's reference (no session). */
    online: {
      read: (reference: string) => api.get<OnlineHome>('valkiria/online/read', { reference }, pub),
      /** A test the student may take, in `language` (else `CONFLICT-000` saying why). */
      take: (reference: string, id: number, language: Language) => api.get<TakingTest>('valkiria/online/test', { reference, id, language }, pub),
      /** As `tests.correct`, for the link's student. */
      correct: (reference: string, body: Omit<TakenTest, 'student_id'>) => api.post<Correction>('valkiria/online/test', { reference, ...body }, pub),
      /** As `doubts.create`, for the link's student. */
      ask: (reference: string, body: Omit<NewDoubt, 'student_id'>) => api.post<Doubt>('valkiria/online/duda', { reference, ...body }, pub),
    },
    doubts: {
      /** A page of live doubts, newest first (`unread`: the business's unread ones). */
      list: (query: DoubtQuery) => api.get<DoubtPage>('duda/read', compactQuery(query)),
      read: (id: number) => api.get<Doubt>('duda/read', { id }),
      /** The doubt's question as the student saw it, their answer and the other doubts on it. */
      question: (id: number) => api.get<DoubtQuestionView>('duda/cuestion/read', { id }),
      /** `duda/leida`: read (true) or unread again (false); answers the doubt. */
      markRead: (id: number, read: boolean) => api.post<Doubt>('duda/leida', { id, read }),
      /** `duda/respuesta`: answers it (and marks it read); `mailed_to` null: the student has no e-mail. */
      answer: (id: number, answer: string) => api.post<Doubt>('duda/respuesta', { id, answer }),
      /** Every unread live doubt (of a student) marked read; answers how many. */
      markAllRead: (studentId?: number) => api.post<{ marked: number }>('duda/todas/leidas', studentId ? { student_id: studentId } : {}),
      create: (body: NewDoubt) => api.post<Doubt>('valkiria/duda/create', body),
      remove: (id: number) => api.post<{ id: number; state: 'deleted' }>('valkiria/duda/delete', { id }),
    },
  };
}

export type ValkiriaApi = ReturnType<typeof valkiriaApi>;
