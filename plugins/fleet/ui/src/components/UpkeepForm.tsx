import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, MoneyInput, SubmitActions, UI_NAMESPACE, hasErrorCode, useFieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { FleetApi, ItvResult, MaintenanceKind, NewMaintenance, WorkshopRecord } from '../api';
import { DESCRIBED_KINDS, ITV_RESULTS, MAINTENANCE_KINDS } from '../lists';
import { parseWhole, todayKey } from '../format';

const FIELDS = ['done_on', 'kind', 'workshop_id', 'itv_result', 'next_itv_due', 'odometer_km', 'cost_cents', 'description'] as const;

/**
 * The workshops to choose from (`GET workshop/read?per_page=500`): `null` while asking, `'none'`
 * without the workshop service (SERVICE-000: the select is not shown), the list otherwise.
 */
function useWorkshops(api: FleetApi) {
  const [workshops, setWorkshops] = useState<WorkshopRecord[] | 'none' | null>(null);
  useEffect(() => {
    let live = true;
    api.workshops.list({ per_page: 500 }).then(
      (page) => live && setWorkshops(page.items),
      (e) => live && setWorkshops(hasErrorCode(e, 'SERVICE-000') ? 'none' : []),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return workshops;
}

/**
 * "Anotar": an ITV, service, repair, tyres or other on a date, perhaps at a workshop, with the
 * kilometres, the cost (euros typed, cents sent) and a description (required for repairs and
 * "other"). The verdict and the next ITV date only for an ITV. A favourable ITV moves the
 * vehicle's next ITV date, a reading its kilometres: the page reads the vehicle again after.
 */
export function UpkeepForm({ api, vehicleId, onSaved }: { api: FleetApi; vehicleId: number; onSaved(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const workshops = useWorkshops(api);
  const [kind, setKind] = useState<MaintenanceKind>('itv');
  const [doneOn, setDoneOn] = useState(() => todayKey());
  const [workshop, setWorkshop] = useState('');
  const [verdict, setVerdict] = useState<ItvResult | ''>('');
  const [nextItv, setNextItv] = useState('');
  const [km, setKm] = useState('');
  const [cost, setCost] = useState<number | null>(null);
  const [costText, setCostText] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, FIELDS);
  const c = errors.control;
  const e = errors.errors;
  const itv = kind === 'itv';

  async function submit() {
    errors.reset();
    const odometer = parseWhole(km);
    const local: Record<string, string> = {};
    if (Number.isNaN(odometer)) local.odometer_km = ui('form.integer');
    if (costText.trim() !== '' && cost === null) local.cost_cents = t('upkeep.costInvalid');
    if (Object.keys(local).length) {
      errors.setErrors(local);
      return;
    }
    const entry: NewMaintenance = {
      vehicle_id: vehicleId,
      done_on: doneOn,
      kind,
      workshop_id: workshop ? Number(workshop) : null,
      odometer_km: odometer,
      cost_cents: cost,
      description: description.trim(),
    };
    if (itv) {
      entry.itv_result = verdict || null;
      entry.next_itv_due = nextItv || null;
    }
    setBusy(true);
    try {
      await api.maintenance.create(entry);
      setWorkshop('');
      setVerdict('');
      setNextItv('');
      setKm('');
      setCost(null);
      setCostText('');
      setDescription('');
      onSaved();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form fleet-form fleet-panel"
      aria-labelledby={`${formId}-title`}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${formId}-title`} className="fleet-panel__title">
        {t('upkeep.newTitle')}
      </h3>
      <FormMessages errors={e} general={errors.general} testId="upkeep-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="kind" label={t('fields.upkeepKind')} error={e.kind}>
          <select className="vk-input" {...c('kind')} value={kind} onChange={(ev) => setKind(ev.target.value as MaintenanceKind)}>
            {MAINTENANCE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`upkeepKind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="done_on" label={t('fields.done_on')} error={e.done_on} required>
          <input className="vk-input" type="date" {...c('done_on')} value={doneOn} max={todayKey()} onChange={(ev) => setDoneOn(ev.target.value)} />
        </Field>
        {itv && (
          <Field form={formId} field="itv_result" label={t('fields.itv_result')} error={e.itv_result} required>
            <select className="vk-input" {...c('itv_result')} value={verdict} onChange={(ev) => setVerdict(ev.target.value as ItvResult | '')}>
              <option value="">{ui('form.choose')}</option>
              {ITV_RESULTS.map((r) => (
                <option key={r} value={r}>
                  {t(`itvResult.${r}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {itv && (
          <Field form={formId} field="next_itv_due" label={t('fields.next_itv_due')} error={e.next_itv_due} hint={t('upkeep.nextItvHint')}>
            <input className="vk-input" type="date" {...c('next_itv_due')} value={nextItv} min={doneOn || undefined} onChange={(ev) => setNextItv(ev.target.value)} />
          </Field>
        )}
        {workshops !== 'none' && (
          <Field form={formId} field="workshop_id" label={t('fields.workshop')} error={e.workshop_id}>
            <select className="vk-input" {...c('workshop_id')} value={workshop} onChange={(ev) => setWorkshop(ev.target.value)}>
              <option value="">{t('upkeep.noWorkshop')}</option>
              {(workshops ?? []).map((w) => (
                <option key={w.id} value={String(w.id)}>
                  {w.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field form={formId} field="odometer_km" label={t('fields.odometer_km')} error={e.odometer_km}>
          <input className="vk-input" inputMode="numeric" {...c('odometer_km')} value={km} onChange={(ev) => setKm(ev.target.value)} />
        </Field>
        <Field form={formId} field="cost_cents" label={t('fields.cost')} error={e.cost_cents}>
          <MoneyInput
            {...c('cost_cents')}
            value={cost}
            onChange={(cents, typed) => {
              setCost(cents);
              setCostText(typed);
            }}
          />
        </Field>
      </div>
      <Field form={formId} field="description" label={t('fields.description')} error={e.description} required={DESCRIBED_KINDS.includes(kind)}>
        <textarea className="vk-input" rows={2} {...c('description')} value={description} onChange={(ev) => setDescription(ev.target.value)} />
      </Field>
      <SubmitActions busy={busy} label={t('upkeep.submit')} />
    </form>
  );
}
