import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageState, useApi, useLoad, usePageLayout } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { valkiriaApi, type Language } from '../api';
import { personName } from '../format';
import { STUDENTS_PATH, idParam, studentPath } from '../paths';
import { useStudent } from '../components/useStudent';
import { TestSitting } from '../components/TestSitting';

/**
 * `/valkiria/test/{test_id}/alumno/{student_id}` — a student takes a test on a classroom
 * computer (`TestSitting`, shared with the student's page at home): the test in a language
 * (`GET valkiria/test/translated/{id}?language=`), the sitting, corrected by `POST
 * valkiria/test/test` with the student's id, then the correction, where each question has "Tengo
 * una duda" (`POST valkiria/duda/create` with the attempt) and "Volver al alumno" goes back to
 * the student's page. The student's tests (`POST valkiria/vecestest`) say how many more times
 * their enrolment lets them take it (`times_left`): none left, the test is not sat; the last
 * one, no "Repetir el test".
 */
export default function TakeTestPage() {
  const { t } = useTranslation(NAMESPACE);
  const client = useApi();
  const api = useMemo(() => valkiriaApi(client), [client]);
  const params = useParams();
  const testId = idParam(params.test_id);
  const studentId = idParam(params.student_id);
  const valid = testId > 0 && studentId > 0;
  const { student, failed, reload } = useStudent(api, valid ? studentId : 0);
  const [language, setLanguage] = useState<Language>('es');
  const readTest = useCallback(() => api.tests.take(testId, language), [api, testId, language]);
  const test = useLoad(readTest, valid);
  // how many more times the enrolment lets them take it (`vecestest`'s `times_left`); unknown if it cannot be read
  const readTests = useCallback(() => api.students.tests(studentId), [api, studentId]);
  const tests = useLoad(readTests, valid);
  const testsRead = tests.data !== null || tests.failed !== null;
  const title = test.data?.name ?? t('take.title');
  usePageLayout({
    title,
    breadcrumbs: [
      { label: t('title') },
      { label: t('nav.students'), to: STUDENTS_PATH },
      ...(student ? [{ label: personName(student), to: studentPath(studentId) }] : []),
      { label: title },
    ],
  });

  let body;
  if (!valid) body = <PageState error={t('notFound')} />;
  else if (failed !== null) body = <PageState error={failed} onRetry={reload} />;
  else if (!test.data || !student || !testsRead) body = <PageState error={test.failed} onRetry={test.reload} />;
  else {
    body = (
      <TestSitting
        test={test.data}
        studentName={personName(student)}
        twoFactor={student.two_factor === true}
        language={language}
        onLanguage={setLanguage}
        correct={(answers) => api.tests.correct({ ...answers, student_id: studentId, test_id: testId })}
        askDoubt={(questionId, attemptId, doubt) => api.doubts.create({ student_id: studentId, question_id: questionId, attempt_id: attemptId, ...doubt })}
        back={{ label: t('correction.back'), to: studentPath(studentId) }}
        timesLeft={tests.data?.find((s) => s.id === testId)?.times_left ?? null}
      />
    );
  }

  return (
    <div className="valkiria-page" data-testid="take-page">
      {body}
    </div>
  );
}
