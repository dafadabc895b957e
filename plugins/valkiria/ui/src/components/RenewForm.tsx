import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldErrorMessage, FormMessages, InputField, SubmitActions, UI_NAMESPACE, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Renewal } from '../api';
import { parseWhole, renewalOf, type RenewalDraft } from '../format';
import { DEFAULT_MONTHS, MAX_MONTHS, MIN_MONTHS } from '../lists';

/** The fields a renewal shows; `ids` is the bulk renewal's list (its errors go above the form). */
const RENEW_FIELDS = ['months', 'expires_on'] as const;

/**
 * A renewal of one enrolment or of several: by months (1–36, from the later of today and the
 * current end; 6 at first) or to a date. Checked before sending; the host's errors go under
 * their field, the rest above the form.
 */
export function RenewForm({
  label,
  submitLabel,
  onSubmit,
  disabled = false,
  extra,
  testId,
}: {
  label: string;
  submitLabel: string;
  onSubmit(renewal: Renewal): Promise<unknown>;
  disabled?: boolean;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { formId, draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<RenewalDraft, Renewal>(
    { by: 'months', months: String(DEFAULT_MONTHS), expires_on: '' },
    {
      fields: RENEW_FIELDS,
      toBody: renewalOf,
      validate: (d) => {
        if (d.by === 'date') return { expires_on: d.expires_on ? undefined : ui('form.required') };
        const months = parseWhole(d.months);
        return {
          months: months === null ? ui('form.integer') : months < MIN_MONTHS ? ui('form.minimum', { min: MIN_MONTHS }) : months > MAX_MONTHS ? ui('form.maximum', { max: MAX_MONTHS }) : undefined,
        };
      },
      onSubmit,
      fallback: t('saveError'),
      disabled,
    },
  );
  return (
    <form className="vk-form valkiria-inline-form valkiria-renew" noValidate aria-label={label} aria-busy={busy} data-testid={testId} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
      <fieldset className="valkiria-choice" disabled={ctx.disabled}>
        <legend className="vk-label">{t('renew.by')}</legend>
        <label className="vk-check">
          <input type="radio" name={`${formId}-by`} checked={draft.by === 'months'} data-testid={`${testId}-by-months`} onChange={() => set({ by: 'months' })} />
          {t('renew.byMonths')}
        </label>
        <label className="vk-check">
          <input type="radio" name={`${formId}-by`} checked={draft.by === 'date'} data-testid={`${testId}-by-date`} onChange={() => set({ by: 'date' })} />
          {t('renew.byDate')}
        </label>
      </fieldset>
      {draft.by === 'months' ? (
        <InputField ctx={ctx} field="months" label={t('fields.months')} inputMode="numeric" hint={t('renew.monthsHint')} value={draft.months} onChange={(months) => set({ months })} />
      ) : (
        <InputField ctx={ctx} field="expires_on" type="date" label={t('fields.new_expires_on')} value={draft.expires_on} onChange={(expires_on) => set({ expires_on })} />
      )}
      {/* a date field's error while the months are shown, or the other way round */}
      {draft.by === 'months' ? <FieldErrorMessage form={formId} field="expires_on" error={errors.errors.expires_on} /> : <FieldErrorMessage form={formId} field="months" error={errors.errors.months} />}
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
