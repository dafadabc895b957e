import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Correction, Language, TakingTest } from '../api';
import { BackAction, CorrectionView, type CorrectionBack } from './CorrectionView';
import type { DoubtAsked } from './DoubtAsk';
import { TestTaking, type TakenAnswers } from './TestTaking';

export interface TestSittingProps {
  test: TakingTest;
  studentName: string;
  twoFactor: boolean;
  language: Language;
  onLanguage(language: Language): void;
  /** Corrects and keeps the sitting: the classroom's `valkiria/test/test` or the link's `valkiria/online/test`. */
  correct(answers: TakenAnswers): Promise<Correction>;
  /** Sends a doubt about a question of attempt `attemptId`: `valkiria/duda/create` or `valkiria/online/duda`. */
  askDoubt(questionId: number, attemptId: number, doubt: DoubtAsked): Promise<unknown>;
  /** The correction's way back ("Volver al alumno", "Volver a mis test"). */
  back: CorrectionBack;
  /** Told of any refusal (the sitting's or a doubt's) once it is shown. */
  onRefused?(failure: unknown): void;
  pinLabel?: string;
  /** Leaving a sitting without correcting it (asked first); none: no such button. */
  onLeave?(): void;
  /**
   * How many more times the student may take the test under their enrolment's repetitions
   * (`times_left` of their tests), before this sitting; null or absent: no limit.
   */
  timesLeft?: number | null;
}

/**
 * A test taken, then its correction, the same on a classroom computer and at home: the sitting
 * (`TestTaking`) until it is corrected, then the correction (`CorrectionView`) with "Tengo una
 * duda" on each question; "Repetir el test" starts a new sitting from nothing. Under the
 * enrolment's repetitions (`timesLeft`), each correction uses one: with none left the correction
 * says "Sin repeticiones" instead of "Repetir el test", and a test with none left from the start
 * is not sat at all (the host would refuse it), with the way back.
 */
export function TestSitting({ test, studentName, twoFactor, language, onLanguage, correct, askDoubt, back, onRefused, pinLabel, onLeave, timesLeft = null }: TestSittingProps) {
  const { t } = useTranslation(NAMESPACE);
  const [round, setRound] = useState(0);
  const [correction, setCorrection] = useState<Correction | null>(null);
  // the sittings corrected here, each one of the repetitions
  const [taken, setTaken] = useState(0);
  const left = timesLeft === null ? null : timesLeft - taken;
  if (correction) {
    return (
      <CorrectionView
        correction={correction}
        test={test}
        twoFactor={twoFactor}
        back={back}
        pinLabel={pinLabel}
        onRefused={onRefused}
        askDoubt={(questionId, doubt) => askDoubt(questionId, correction.id, doubt)}
        canRetry={left === null || left > 0}
        onRetry={() => {
          setCorrection(null);
          setRound((r) => r + 1);
        }}
      />
    );
  }
  if (left !== null && left <= 0) {
    return (
      <section className="card valkiria-public--refused" role="alert" data-testid="take-used">
        <h2 className="card__title">{t('repetitions.used')}</h2>
        <p>{t('repetitions.usedHint')}</p>
        <div className="valkiria-actions">
          <BackAction back={back} />
        </div>
      </section>
    );
  }
  return (
    <TestTaking
      key={round}
      test={test}
      studentName={studentName}
      twoFactor={twoFactor}
      language={language}
      onLanguage={onLanguage}
      pinLabel={pinLabel}
      onRefused={onRefused}
      onLeave={onLeave}
      send={async (answers) => {
        const corrected = await correct(answers);
        setTaken((n) => n + 1);
        setCorrection(corrected);
      }}
    />
  );
}
