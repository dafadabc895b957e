import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState, errorList, hasErrorCode } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Language, OnlineHome, ValkiriaApi } from '../api';
import { TestSitting } from './TestSitting';
import { useLinkRead } from './useLinkRead';

/**
 * A test taken at home through the student's link: `GET valkiria/online/test?reference=&id=&language=`
 * (once the student may take it), then the same sitting and correction as on a classroom computer
 * (`TestSitting`), corrected by `POST valkiria/online/test` and with doubts through `POST
 * valkiria/online/duda`. The host's refusal to open it (`CONFLICT-000`: not enrolled, the
 * enrolment or the test expired, the test not available; `NOT-FOUND-000`: no such test) is shown
 * with its reason and "Volver a mis test". The test's `times_left` on the page limits "Repetir el
 * test". `onClosed` is handed every refusal: the page closes on
 * those that end the link (`LINK-001`) and answers whether it did.
 */
export function OnlineTaking({
  api,
  reference,
  testId,
  home,
  onBack,
  onClosed,
}: {
  api: ValkiriaApi;
  reference: string;
  testId: number;
  home: OnlineHome;
  /** Back to the student's tests (read again). */
  onBack(): void;
  onClosed(failure: unknown): boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [language, setLanguage] = useState<Language>('es');
  const read = useCallback(() => api.online.take(reference, testId, language), [api, reference, testId, language]);
  const test = useLinkRead(read);
  const failure = test.failure;

  useEffect(() => {
    if (failure) onClosed(failure);
  }, [failure, onClosed]);

  if (failure && hasErrorCode(failure, 'CONFLICT-000', 'NOT-FOUND-000')) {
    return (
      <section className="card valkiria-public--refused" role="alert" data-testid="online-refused">
        <h2 className="card__title">{t('online.refused.title')}</h2>
        <p data-testid="online-refused-reason">{errorList(failure)[0]?.details || t('online.refused.message')}</p>
        <div className="valkiria-actions">
          <button type="button" className="vk-btn vk-btn--primary" data-testid="online-back" onClick={onBack}>
            {t('online.back')}
          </button>
        </div>
      </section>
    );
  }
  if (!test.data) {
    return <PageState error={failure ? (errorList(failure)[0]?.details ?? '') : null} onRetry={test.reload} />;
  }

  return (
    <TestSitting
      test={test.data}
      studentName={home.name}
      twoFactor={home.two_factor === true}
      language={language}
      onLanguage={setLanguage}
      pinLabel={t('online.pin')}
      correct={({ language: taken, pin, seconds, answers }) => api.online.correct(reference, { test_id: testId, language: taken, ...(pin !== undefined ? { pin } : {}), seconds, answers })}
      askDoubt={(questionId, attemptId, doubt) => api.online.ask(reference, { question_id: questionId, attempt_id: attemptId, ...doubt })}
      back={{ label: t('online.back'), onClick: onBack }}
      onRefused={onClosed}
      onLeave={onBack}
      timesLeft={home.tests?.find((s) => s.id === testId)?.times_left ?? null}
    />
  );
}
