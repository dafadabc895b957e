/** The plugin's UI routes (plugin.toml [ui] routes), as the spec names them. */

/** The bank of a licence: blocks, the question finder and the tests. */
export const BANK_PATH = '/test/edicion/list';
/** A test's editor (0: a new one) with a question open (0: none) at a position of the test. */
export const EDITOR_ROUTE = '/test/edicion/view/:test_descripcion/:id_cuestion/:test_cuestiones';
export const STUDENTS_PATH = '/valkiria/alumnos';
export const STUDENT_ROUTE = '/valkiria/alumno/:student_id';
export const EXPIRIES_PATH = '/valkiria/caducidades';
export const TAKE_ROUTE = '/valkiria/test/:test_id/alumno/:student_id';
/** The students' doubts about questions, and one doubt beside its question. */
export const DOUBTS_PATH = '/dudas/list';
export const DOUBT_ROUTE = '/dudas/view/:dudas_id';
/** The student's own page at home, opened with their personal link (public: no session). */
export const ONLINE_ROUTE = '/test/online/:reference';
/** The online page's `?test=`: the test being taken (none: the student's tests). */
export const ONLINE_TEST_PARAM = 'test';

/** The bank, on a licence (B: the default, left out). */
export const bankPath = (licence?: string) => (licence && licence !== 'B' ? `${BANK_PATH}?licence=${encodeURIComponent(licence)}` : BANK_PATH);
/** A test's editor; a new test (0) takes its licence from the address. */
export function editorPath(testId: number, questionId = 0, position = 0, licence?: string): string {
  const path = `/test/edicion/view/${testId}/${questionId}/${position}`;
  return testId === 0 && licence ? `${path}?licence=${encodeURIComponent(licence)}` : path;
}
export const studentPath = (id: number) => `/valkiria/alumno/${id}`;
export const takePath = (testId: number, studentId: number) => `/valkiria/test/${testId}/alumno/${studentId}`;
export const doubtPath = (id: number) => `/dudas/view/${id}`;
/** A student's page at home; with `testId`, taking that test. */
export const onlinePath = (reference: string, testId?: number) =>
  `/test/online/${encodeURIComponent(reference)}${testId ? `?${ONLINE_TEST_PARAM}=${testId}` : ''}`;

/** A route parameter as an id: a whole number, else -1 (not one). */
export function idParam(raw: string | undefined): number {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : -1;
}
