import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, MoneyInput, SubmitActions, UI_NAMESPACE, errorList, useFieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Coverage, FleetApi, Payment, PolicyFields, PolicyItem, PolicyKind, VehicleItem } from '../api';
import { COVERAGES, INSURERS, PAYMENTS, POLICY_KINDS } from '../lists';
import { formatPlate } from '../format';

const FIELDS = ['company_id', 'policy_number', 'kind', 'vehicle_id', 'coverage', 'start_date', 'end_date', 'premium_cents', 'payment', 'notes'] as const;

interface Draft {
  company_id: string;
  policy_number: string;
  kind: PolicyKind;
  vehicle_id: string;
  coverage: string;
  start_date: string;
  end_date: string;
  premium_cents: number | null;
  payment: Payment;
  notes: string;
}

function draftOf(policy: PolicyItem | null, vehicleId: number | null): Draft {
  return {
    company_id: policy ? String(policy.company_id) : '',
    policy_number: policy?.policy_number ?? '',
    kind: policy?.kind ?? 'vehicle',
    vehicle_id: policy?.vehicle_id ? String(policy.vehicle_id) : vehicleId ? String(vehicleId) : '',
    coverage: policy?.coverage ?? '',
    start_date: policy?.start_date ?? '',
    end_date: policy?.end_date ?? '',
    premium_cents: policy?.premium_cents ?? null,
    payment: policy?.payment ?? 'annual',
    notes: policy?.notes ?? '',
  };
}

/** The body to send: the vehicle and the cover only for a vehicle policy (none for the others). */
export function policyBody(draft: Draft): PolicyFields {
  const vehicle = draft.kind === 'vehicle';
  return {
    company_id: Number(draft.company_id),
    policy_number: draft.policy_number.trim(),
    kind: draft.kind,
    vehicle_id: vehicle && draft.vehicle_id ? Number(draft.vehicle_id) : null,
    coverage: vehicle && draft.coverage ? (draft.coverage as Coverage) : null,
    start_date: draft.start_date,
    end_date: draft.end_date,
    premium_cents: draft.premium_cents,
    payment: draft.payment,
    notes: draft.notes.trim(),
  };
}

/** The vehicles to insure (`GET vehicle/read?per_page=500`), asked once a vehicle policy is shown. */
function useVehicles(api: FleetApi, wanted: boolean) {
  const [vehicles, setVehicles] = useState<VehicleItem[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted || vehicles || failed !== null) return;
    let live = true;
    api.vehicles.list({ per_page: 500 }).then(
      (page) => live && setVehicles(page.items),
      (e) => live && setFailed(errorList(e)[0]?.details ?? ''),
    );
    return () => {
      live = false;
    };
  }, [api, wanted, vehicles, failed]);
  return { vehicles, failed };
}

export interface InsuranceFormProps {
  api: FleetApi;
  policy: PolicyItem | null;
  /** A new policy's vehicle (`?vehicle_id=` from the vehicle's "Añadir póliza"). */
  vehicleId: number | null;
  readOnly: boolean;
  submitLabel: string;
  onSubmit(fields: PolicyFields): Promise<unknown>;
}

/**
 * A policy: insurer (the spec's four, by name), number, kind, the vehicle and its cover (vehicle
 * policies only), start and end dates, the premium (euros typed, cents sent), payment, notes.
 */
export function InsuranceForm({ api, policy, vehicleId, readOnly, submitLabel, onSubmit }: InsuranceFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(policy, vehicleId));
  const [premiumText, setPremiumText] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, FIELDS);
  const isVehicle = draft.kind === 'vehicle';
  const { vehicles, failed } = useVehicles(api, isVehicle && !readOnly);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const c = errors.control;
  const e = errors.errors;
  const disabled = readOnly || busy;

  async function submit() {
    errors.reset();
    const local: Record<string, string> = {};
    if (!draft.company_id) local.company_id = ui('form.required');
    if (premiumText.trim() !== '' && draft.premium_cents === null) local.premium_cents = t('policy.premiumInvalid');
    if (Object.keys(local).length) {
      errors.setErrors(local);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(policyBody(draft));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  // The chosen vehicle stays an option while the list is on its way (or cannot be read).
  const chosen = draft.vehicle_id && !vehicles?.some((v) => String(v.id) === draft.vehicle_id) ? draft.vehicle_id : null;
  const chosenLabel = policy?.vehicle_id && String(policy.vehicle_id) === chosen && policy.plate ? formatPlate(policy.plate) : t('policy.vehicleNumber', { id: chosen });

  return (
    <form
      className="vk-form fleet-form"
      aria-label={t('policy.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={e} general={errors.general} testId="policy-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="company_id" label={t('fields.company_id')} error={e.company_id} required>
          <select className="vk-input" {...c('company_id')} value={draft.company_id} disabled={disabled} onChange={(ev) => set({ company_id: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {INSURERS.map((i) => (
              <option key={i.id} value={String(i.id)}>
                {i.name}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="policy_number" label={t('fields.policy_number')} error={e.policy_number} required>
          <input className="vk-input" {...c('policy_number')} value={draft.policy_number} maxLength={40} autoComplete="off" disabled={disabled} onChange={(ev) => set({ policy_number: ev.target.value })} />
        </Field>
        <Field form={formId} field="kind" label={t('fields.policyKind')} error={e.kind}>
          <select className="vk-input" {...c('kind')} value={draft.kind} disabled={disabled} onChange={(ev) => set({ kind: ev.target.value as PolicyKind })}>
            {POLICY_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`policyKind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {isVehicle && (
          <Field form={formId} field="vehicle_id" label={t('fields.vehicle')} error={e.vehicle_id ?? (failed !== null ? failed || t('policy.vehiclesError') : undefined)} required>
            <select className="vk-input" {...c('vehicle_id')} value={draft.vehicle_id} disabled={disabled} onChange={(ev) => set({ vehicle_id: ev.target.value })}>
              <option value="">{ui('form.choose')}</option>
              {chosen && <option value={chosen}>{chosenLabel}</option>}
              {(vehicles ?? []).map((v) => (
                <option key={v.id} value={String(v.id)}>
                  {[formatPlate(v.plate), v.brand, v.model].filter(Boolean).join(' · ')}
                </option>
              ))}
            </select>
          </Field>
        )}
        {isVehicle && (
          <Field form={formId} field="coverage" label={t('fields.coverage')} error={e.coverage}>
            <select className="vk-input" {...c('coverage')} value={draft.coverage} disabled={disabled} onChange={(ev) => set({ coverage: ev.target.value })}>
              <option value="">{ui('form.choose')}</option>
              {COVERAGES.map((k) => (
                <option key={k} value={k}>
                  {t(`coverage.${k}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field form={formId} field="start_date" label={t('fields.start_date')} error={e.start_date} required>
          <input className="vk-input" type="date" {...c('start_date')} value={draft.start_date} disabled={disabled} onChange={(ev) => set({ start_date: ev.target.value })} />
        </Field>
        <Field form={formId} field="end_date" label={t('fields.end_date')} error={e.end_date} required>
          <input className="vk-input" type="date" {...c('end_date')} value={draft.end_date} min={draft.start_date || undefined} disabled={disabled} onChange={(ev) => set({ end_date: ev.target.value })} />
        </Field>
        <Field form={formId} field="premium_cents" label={t('fields.premium')} error={e.premium_cents}>
          <MoneyInput
            {...c('premium_cents')}
            value={draft.premium_cents}
            disabled={disabled}
            onChange={(cents, typed) => {
              set({ premium_cents: cents });
              setPremiumText(typed);
            }}
          />
        </Field>
        <Field form={formId} field="payment" label={t('fields.payment')} error={e.payment}>
          <select className="vk-input" {...c('payment')} value={draft.payment} disabled={disabled} onChange={(ev) => set({ payment: ev.target.value as Payment })}>
            {PAYMENTS.map((p) => (
              <option key={p} value={p}>
                {t(`payment.${p}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field form={formId} field="notes" label={t('fields.notes')} error={e.notes}>
        <textarea className="vk-input" rows={3} {...c('notes')} value={draft.notes} disabled={disabled} onChange={(ev) => set({ notes: ev.target.value })} />
      </Field>
      {!readOnly && <SubmitActions busy={busy} label={submitLabel} />}
    </form>
  );
}
