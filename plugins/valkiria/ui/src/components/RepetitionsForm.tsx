import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, SubmitActions, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { repetitionsOf, textOf } from '../format';
import { MAX_REPETITIONS, MIN_REPETITIONS } from '../lists';

/** What `enrolment/update` takes besides the id: 0–99, or null for no limit. */
export interface RepetitionsBody {
  repetitions: number | null;
}

/**
 * An enrolment's limit of repetitions of each test: a whole number of 0 to 99 (each test taken
 * once plus that many times), or empty for no limit. Checked before sending; the host's error
 * on `repetitions` goes under the field, the rest above the form.
 */
export function RepetitionsForm({
  current,
  label,
  submitLabel,
  onSubmit,
  extra,
  testId,
}: {
  /** The enrolment's limit now (null or absent: none). */
  current: number | null | undefined;
  label: string;
  submitLabel: string;
  onSubmit(body: RepetitionsBody): Promise<unknown>;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const range = t('repetitions.range', { min: MIN_REPETITIONS, max: MAX_REPETITIONS });
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<{ repetitions: string }, RepetitionsBody>(
    { repetitions: textOf(current) },
    {
      fields: ['repetitions'],
      toBody: (d) => {
        const repetitions = repetitionsOf(d.repetitions);
        return repetitions === undefined ? null : { repetitions };
      },
      validate: (d) => {
        const repetitions = repetitionsOf(d.repetitions);
        const valid = repetitions === null || (repetitions !== undefined && repetitions >= MIN_REPETITIONS && repetitions <= MAX_REPETITIONS);
        return { repetitions: valid ? undefined : range };
      },
      onSubmit,
      fallback: t('saveError'),
    },
  );
  return (
    <form className="vk-form valkiria-inline-form valkiria-repetitions" noValidate aria-label={label} aria-busy={busy} data-testid={testId} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
      <InputField
        ctx={ctx}
        field="repetitions"
        label={t('fields.repetitions')}
        inputMode="numeric"
        maxLength={2}
        hint={t('repetitions.hint', { min: MIN_REPETITIONS, max: MAX_REPETITIONS })}
        value={draft.repetitions}
        onChange={(repetitions) => set({ repetitions })}
      />
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
