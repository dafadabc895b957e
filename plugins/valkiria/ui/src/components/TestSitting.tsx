import { useState } from 'react';
import type { Correction, Language, TakingTest } from '../api';
import { CorrectionView, type CorrectionBack } from './CorrectionView';
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
}

/**
 * A test taken, then its correction, the same on a classroom computer and at home: the sitting
 * (`TestTaking`) until it is corrected, then the correction (`CorrectionView`) with "Tengo una
 * duda" on each question; "Repetir el test" starts a new sitting from nothing.
 */
export function TestSitting({ test, studentName, twoFactor, language, onLanguage, correct, askDoubt, back, onRefused, pinLabel, onLeave }: TestSittingProps) {
  const [round, setRound] = useState(0);
  const [correction, setCorrection] = useState<Correction | null>(null);
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
        onRetry={() => {
          setCorrection(null);
          setRound((r) => r + 1);
        }}
      />
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
      send={async (answers) => setCorrection(await correct(answers))}
    />
  );
}
