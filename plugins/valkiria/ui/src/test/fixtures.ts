/** What the fake host answers in the page tests: records as the valkiria plugin writes them (README). */
import { envelopeOk, type MockRequest } from '@volante/plugin-ui/testing';

/** A page of a list, "Viendo from a to de total". */
export function page(items: unknown[], extra: object = {}) {
  return envelopeOk({ items, total: items.length, page: 1, per_page: 25, from: items.length ? 1 : 0, to: items.length, ...extra });
}

/** The body of a request as a plain object. */
export const body = (req: MockRequest) => req.body as Record<string, unknown>;
/** The query of a GET as a plain object. */
export const query = (req: MockRequest) => Object.fromEntries(req.query);

const meta = { state: 'active', created_at: '2026-01-10T09:00:00.000Z', updated_at: '2026-01-10T09:00:00.000Z' };

/** A question as the finder and the test editor list it. */
export function question(extra: object = {}) {
  return {
    id: 101,
    ...meta,
    reference: 'P-101',
    block_id: 11,
    block: 'Señales' as string | null,
    licence: 'B',
    statement: '¿Qué indica una señal triangular con borde rojo?',
    answers: ['Peligro', 'Prohibición', 'Obligación'],
    correct: 0,
    explanation: 'Las señales de peligro son triangulares.',
    translations: ['ca'] as string[],
    ...extra,
  };
}

export const question2 = (extra: object = {}) =>
  question({ id: 102, reference: 'P-102', statement: '¿Cuál es la velocidad máxima en autopista para turismos?', answers: ['100 km/h', '120 km/h'], correct: 1, explanation: '', translations: [], ...extra });
export const question3 = (extra: object = {}) =>
  question({ id: 103, reference: 'V-7', block_id: 12, block: 'Velocidad', statement: '¿Se puede adelantar en un paso de peatones?', answers: ['Sí', 'No', 'Solo si no hay peatones', 'Solo de día'], correct: 1, translations: [], ...extra });

/** Permit B's blocks: "Señales" (2 questions, a block test) and "Velocidad". */
export function blocks() {
  return [
    { id: 11, ...meta, licence: 'B', name: 'Señales', description: 'Verticales y horizontales', position: 1, questions: [question(), question2()], tests: [{ id: 201 }] },
    { id: 12, ...meta, licence: 'B', name: 'Velocidad', description: '', position: 2, questions: [question3()], tests: [] },
  ];
}

/** A question as `question/translated/{id}` answers it: its block, translations, missing languages and tests. */
export function questionDetail(extra: object = {}) {
  const { translations: _languages, block: _block, ...fields } = question();
  return {
    ...fields,
    block: { id: 11, name: 'Señales', licence: 'B' },
    translations: {
      ca: { statement: 'Què indica un senyal triangular amb vora vermella?', answers: ['Perill', 'Prohibició', 'Obligació'], explanation: 'Els senyals de perill són triangulars.' },
    } as Record<string, unknown>,
    missing: ['eu', 'gl', 'en', 'fr', 'de'],
    tests: [{ id: 201, name: 'Señales 1', kind: 'block', state: 'active' }],
    ...extra,
  };
}

/** A test of `blocktest`: "Examen B 1", 30 questions, 3 errors, no end. */
export function testRow(extra: object = {}) {
  return {
    id: 202,
    ...meta,
    licence: 'B',
    name: 'Examen B 1',
    kind: 'exam',
    block_id: null,
    block: null as string | null,
    question_ids: [101, 103],
    questions: 2,
    max_errors: 1,
    minutes: 30,
    expires_on: null as string | null,
    expired: false,
    attempts: 4,
    passed: 3,
    ...extra,
  };
}

/** A test as `test/questions` answers it (the editor): its questions in order, every field. */
export function testDetail(extra: object = {}) {
  return { ...testRow(), questions: [{ ...question(), position: 1 }, { ...question3(), position: 2 }], total: 2, ...extra };
}

/** Ana López, enrolled for B (40 days left, each test repeated up to twice) and AM (expired, no limit). */
export function enrolments() {
  return [
    { id: 301, licence: 'B', expires_on: '2026-06-30', days_left: 40, expired: false, repetitions: 2 as number | null },
    { id: 302, licence: 'AM', expires_on: '2026-01-15', days_left: -5, expired: true, repetitions: null as number | null },
  ];
}

export function student(extra: object = {}) {
  return {
    id: 21,
    ...meta,
    dni: '12345678Z',
    first_name: 'Ana',
    last_name: 'López García',
    email: 'ana@example.com',
    phone: '600111222',
    contact_id: null,
    branch_id: null,
    two_factor: false,
    has_pin: true,
    enrolments: enrolments(),
    attempts: 6,
    passed: 5,
    last_attempt_at: '2026-05-18T10:30:00.000Z' as string | null,
    online_url: null as string | null,
    ...extra,
  };
}

/** An attempt of the student's summary. */
export function attempt(extra: object = {}) {
  return { id: 501, test_id: 202, test_name: 'Examen B 1', licence: 'B', language: 'es', errors: 1, blank: 0, total: 2, passed: true, max_errors: 1, seconds: 754, taken_at: '2026-05-18T10:30:00.000Z', ...extra };
}

/** `resume`: the student with attempts, passed, pass rate, average errors, the last attempts and ready. */
export function resume(extra: object = {}) {
  return {
    ...student(),
    attempts: 6,
    passed: 5,
    pass_rate: 83.33,
    average_errors: 1.5,
    last: [attempt(), attempt({ id: 500, errors: 2, passed: false, taken_at: '2026-05-17T09:00:00.000Z', language: 'ca', seconds: 1200 })],
    ready: false,
    ...extra,
  };
}

/** A test as a student takes it in `language`: no right answers. */
export function taking(language = 'es', extra: object = {}) {
  const es = language === 'es';
  return {
    id: 202,
    name: 'Examen B 1',
    licence: 'B',
    minutes: 30,
    max_errors: 1,
    total: 2,
    language,
    questions: [
      { id: 101, position: 1, statement: es ? '¿Qué indica una señal triangular con borde rojo?' : 'Què indica un senyal triangular amb vora vermella?', answers: es ? ['Peligro', 'Prohibición', 'Obligación'] : ['Perill', 'Prohibició', 'Obligació'], translated: true },
      { id: 103, position: 2, statement: '¿Se puede adelantar en un paso de peatones?', answers: ['Sí', 'No', 'Solo si no hay peatones', 'Solo de día'], translated: es },
    ],
    ...extra,
  };
}

/** The correction of an attempt with `chosen` answers (by question id), the right ones 0 and 1. */
export function correction(chosen: Record<number, number | null>, extra: object = {}) {
  const right = { 101: 0, 103: 1 } as Record<number, number>;
  const questions = taking().questions.map((q) => ({
    id: q.id,
    position: q.position,
    statement: q.statement,
    answers: q.answers,
    chosen: chosen[q.id] ?? null,
    correct: right[q.id],
    right: chosen[q.id] === right[q.id],
    explanation: q.id === 101 ? 'Las señales de peligro son triangulares.' : '',
  }));
  const errors = questions.filter((q) => !q.right).length;
  return {
    id: 601,
    test_id: 202,
    student_id: 21,
    errors,
    blank: questions.filter((q) => q.chosen === null).length,
    total: 2,
    passed: errors <= 1,
    max_errors: 1,
    seconds: 95,
    taken_at: '2026-05-20T10:00:00.000Z',
    questions,
    ...extra,
  };
}

/** An enrolment running out. */
export function expiring(extra: object = {}) {
  return { id: 301, student_id: 21, dni: '12345678Z', name: 'Ana López García', email: 'ana@example.com', licence: 'B', expires_on: '2026-05-25', days_left: 5, ...extra };
}

/** The school's figures. */
export function figures(extra: object = {}) {
  return {
    students: 42,
    active_students: 35,
    expiring: 4,
    attempts_this_month: 120,
    pass_rate_this_month: 62.5,
    licences: [
      { licence: 'B', blocks: 2, questions: 3, tests: 2 },
      { licence: 'A2', blocks: 1, questions: 0, tests: 0 },
    ],
    ...extra,
  };
}

/**
 * Ana's doubt (unread, unanswered) about V-7, from her attempt 601 of "Examen B 1", where she
 * chose a); as the plugin answers it (no answer and no e-mail are '').
 */
export function doubt(extra: object = {}) {
  return {
    id: 701,
    student_id: 21,
    student: { id: 21, name: 'Ana López García', dni: '12345678Z', email: 'ana@example.com' },
    question_id: 103,
    question: { id: 103, reference: 'V-7', statement: '¿Se puede adelantar en un paso de peatones?', block_id: 12, block: 'Velocidad', licence: 'B', state: 'active' },
    attempt_id: 601 as number | null,
    test_id: 202 as number | null,
    test: 'Examen B 1' as string | null,
    chosen: 0 as number | null,
    language: 'es',
    text: 'No entiendo por qué no se puede adelantar si no hay nadie cruzando.',
    read: false,
    read_at: null as string | null,
    read_by_name: null as string | null,
    answer: '',
    answered_at: null as string | null,
    answered_by_name: null as string | null,
    created_at: '2026-05-20T10:05:00.000Z',
    state: 'active',
    ...extra,
  };
}

/** Luis's doubt about P-101, asked in Catalan outside a test: read and answered, a long text. */
export function doubt2(extra: object = {}) {
  return doubt({
    id: 702,
    student_id: 22,
    student: { id: 22, name: 'Luis Martín', dni: 'X1234567L', email: '' },
    question_id: 101,
    question: { id: 101, reference: 'P-101', statement: '¿Qué indica una señal triangular con borde rojo? Fíjese bien en la forma y en el color del borde antes de contestar', block_id: 11, block: 'Señales', licence: 'B', state: 'active' },
    attempt_id: null,
    test_id: null,
    test: null,
    chosen: null,
    language: 'ca',
    text: 'No sé distinguir las señales de peligro de las de prohibición cuando están lejos, y en el examen me confundo siempre con las triangulares y las redondas del mismo color rojo.',
    read: true,
    read_at: '2026-05-19T16:00:00.000Z',
    read_by_name: 'Dolores Directora Demo',
    answer: 'Las de peligro son triangulares; las de prohibición, redondas.',
    answered_at: '2026-05-19T16:00:00.000Z',
    answered_by_name: 'Dolores Directora Demo',
    created_at: '2026-05-19T09:30:00.000Z',
    ...extra,
  });
}

/** A page of doubts, with the school's unread ones. */
export const doubtPage = (items: unknown[], unread = 1, extra: object = {}) => page(items, { unread, ...extra });

/** `duda/cuestion/read?id=701`: V-7 as Ana saw it (in Spanish), her answer a), and the live doubts on it. */
export function doubtQuestion(extra: object = {}) {
  return {
    id: 103,
    doubt_id: 701,
    reference: 'V-7',
    block_id: 12,
    block: 'Velocidad',
    licence: 'B',
    language: 'es',
    state: 'active',
    statement: '¿Se puede adelantar en un paso de peatones?',
    answers: ['Sí', 'No', 'Solo si no hay peatones', 'Solo de día'],
    correct: 1,
    explanation: 'Está prohibido adelantar en los pasos de peatones señalizados.',
    translated: false,
    chosen: 0 as number | null,
    doubts: [
      { id: 701, student_name: 'Ana López García', text: doubt().text, answer: '', created_at: '2026-05-20T10:05:00.000Z', read: false },
      { id: 705, student_name: 'Marta Gil Sanz', text: '¿Y en una travesía?', answer: 'También está prohibido.', created_at: '2026-05-02T08:00:00.000Z', read: true },
    ],
    ...extra,
  };
}

/* The online tests at home (README "The online tests at home"). */

/** Ana's personal link: its reference, and the address the host answers for it. */
export const REFERENCE = 'lnk_ana_9f2c7d';
export const onlineUrl = (reference = REFERENCE) => `https://volante.example.com/test/online/${reference}`;

/** A test of `vecestest` (and of the home's `tests`): "Examen B 1" (2 questions, 30 minutes, 1 error), taken 3 times. */
export function studentTest(extra: object = {}) {
  return {
    ...testRow(),
    times: 3,
    passed: 2,
    best_errors: 0 as number | null,
    last_at: '2026-05-18T10:30:00.000Z' as string | null,
    ...extra,
  };
}

/**
 * `GET valkiria/online/read?reference=`: Ana (no two-factor) of "Autoescuela Demo Centro", her
 * enrolments (B in force, AM expired), her tests (Examen B 1; "Señales AM", of the expired AM;
 * "Examen B 2", expired on 01/05/2026) and her summary.
 */
export function onlineHome(extra: object = {}) {
  return {
    name: 'Ana López García',
    first_name: 'Ana',
    two_factor: false,
    school: 'Autoescuela Demo Centro',
    enrolments: enrolments(),
    tests: [
      studentTest(),
      studentTest({ id: 210, name: 'Señales AM', licence: 'AM', kind: 'block', block: 'Señales', question_ids: [120, 121, 122], questions: 3, max_errors: 2, minutes: 10, times: 0, passed: 0, best_errors: null, last_at: null }),
      studentTest({ id: 203, name: 'Examen B 2', expires_on: '2026-05-01', expired: true, times: 1, passed: 0, best_errors: 2, last_at: '2026-04-28T17:45:00.000Z' }),
    ],
    resume: resume({ online_url: onlineUrl() }),
    ...extra,
  };
}
