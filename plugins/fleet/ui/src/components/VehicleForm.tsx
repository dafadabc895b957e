import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, SubmitActions, UI_NAMESPACE, useFieldErrors, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Branch, Brand, FleetApi, VehicleFields, VehicleView } from '../api';
import { FUELS, GEARBOXES, LICENCE_CLASSES, VEHICLE_KINDS } from '../lists';
import { formatPlate, parseWhole } from '../format';
import { TeacherSelect } from './TeacherSelect';
import { ALL_BRANCHES_PERMISSION } from '../permissions';

/** The form's fields, in order (the host's `data.field` names). */
const FIELDS = [
  'plate', 'kind', 'brand_id', 'model', 'licence_classes', 'fuel', 'gearbox', 'dual_controls', 'vin', 'registration_date', 'itv_due',
  'odometer_km', 'teacher_user_id', 'branch_id', 'notes',
] as const;

/** What the inputs hold: text for selects and numbers ('' for none). */
interface Draft {
  plate: string;
  kind: string;
  brand_id: string;
  model: string;
  licence_classes: string[];
  fuel: string;
  gearbox: string;
  dual_controls: boolean;
  vin: string;
  registration_date: string;
  itv_due: string;
  odometer_km: string;
  teacher_user_id: string;
  branch_id: string;
  notes: string;
}

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function draftOf(vehicle: VehicleView | null): Draft {
  return {
    plate: formatPlate(vehicle?.plate),
    kind: vehicle?.kind ?? 'car',
    brand_id: text(vehicle?.brand_id),
    model: vehicle?.model ?? '',
    licence_classes: vehicle?.licence_classes ?? [],
    fuel: vehicle?.fuel ?? '',
    gearbox: vehicle?.gearbox ?? 'manual',
    dual_controls: vehicle?.dual_controls ?? true,
    vin: vehicle?.vin ?? '',
    registration_date: vehicle?.registration_date ?? '',
    itv_due: vehicle?.itv_due ?? '',
    odometer_km: text(vehicle?.odometer_km),
    teacher_user_id: text(vehicle?.teacher_user_id),
    branch_id: text(vehicle?.branch_id),
    notes: vehicle?.notes ?? '',
  };
}

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/** The body to send: typed values, licence classes in the spec's order, the branch only when chosen here. */
export function bodyOf(draft: Draft, withBranch: boolean): Partial<VehicleFields> {
  const body: Partial<VehicleFields> = {
    plate: draft.plate.trim(),
    kind: draft.kind as VehicleFields['kind'],
    brand_id: numberOrNull(draft.brand_id),
    model: draft.model.trim(),
    licence_classes: LICENCE_CLASSES.filter((c) => draft.licence_classes.includes(c)),
    fuel: (draft.fuel || null) as VehicleFields['fuel'],
    gearbox: draft.gearbox as VehicleFields['gearbox'],
    dual_controls: draft.dual_controls,
    vin: draft.vin.trim(),
    registration_date: draft.registration_date || null,
    itv_due: draft.itv_due || null,
    odometer_km: parseWhole(draft.odometer_km),
    teacher_user_id: numberOrNull(draft.teacher_user_id),
    notes: draft.notes.trim(),
  };
  if (withBranch) body.branch_id = numberOrNull(draft.branch_id);
  return body;
}

/** The branches asked once per page (its `FleetApi`); a failure leaves the select out. */
const branchesAsked = new WeakMap<FleetApi, Promise<Branch[]>>();
function branchesOf(api: FleetApi): Promise<Branch[]> {
  let answer = branchesAsked.get(api);
  if (!answer) {
    answer = api.host.branches();
    branchesAsked.set(api, answer);
    answer.catch(() => branchesAsked.delete(api));
  }
  return answer;
}

export interface VehicleFormProps {
  api: FleetApi;
  /** The vehicle being edited, or null for a new one. */
  vehicle: VehicleView | null;
  brands: Brand[];
  /** Without `fleet.vehicles`, or deleted: the data shown, nothing to save. */
  readOnly: boolean;
  submitLabel: string;
  onSubmit(fields: Partial<VehicleFields>): Promise<unknown>;
}

/**
 * The vehicle's data: plate, kind, brand (the 36 of `vehicle/brands`), model, the licence classes
 * it teaches (check boxes), fuel, gearbox, dual controls, VIN, registration and next ITV dates,
 * kilometres, the usual teacher, the branch (only to those who see more than their own) and
 * notes. The host checks everything; its errors go under their fields.
 */
export function VehicleForm({ api, vehicle, brands, readOnly, submitLabel, onSubmit }: VehicleFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const session = useSession();
  const [draft, setDraft] = useState<Draft>(() => draftOf(vehicle));
  const [busy, setBusy] = useState(false);
  const [branches, setBranches] = useState<Branch[]>([]);
  const errors = useFieldErrors(formId, FIELDS);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const c = errors.control;
  const e = errors.errors;

  // A branch to choose only for those not tied to one, or who see every branch's vehicles.
  const seesBranches = !session.user?.branch_id || session.can(ALL_BRANCHES_PERMISSION);
  useEffect(() => {
    if (!seesBranches || readOnly) return;
    let live = true;
    branchesOf(api).then(
      (list) => live && setBranches(list),
      () => live && setBranches([]),
    );
    return () => {
      live = false;
    };
  }, [api, seesBranches, readOnly]);
  const withBranch = branches.length > 1;

  async function submit() {
    errors.reset();
    if (Number.isNaN(parseWhole(draft.odometer_km))) {
      errors.setErrors({ odometer_km: ui('form.integer') });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(bodyOf(draft, withBranch));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  const disabled = readOnly || busy;
  return (
    <form
      className="vk-form fleet-form"
      aria-label={t('vehicle.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={e} general={errors.general} testId="vehicle-errors" />
      <div className="vk-form__grid">
        <Field form={formId} field="plate" label={t('fields.plate')} error={e.plate} required hint={t('vehicle.plateHint')}>
          <input className="vk-input fleet-upper" {...c('plate')} value={draft.plate} disabled={disabled} autoComplete="off" onChange={(ev) => set({ plate: ev.target.value })} />
        </Field>
        <Field form={formId} field="kind" label={t('fields.kind')} error={e.kind}>
          <select className="vk-input" {...c('kind')} value={draft.kind} disabled={disabled} onChange={(ev) => set({ kind: ev.target.value })}>
            {VEHICLE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="brand_id" label={t('fields.brand')} error={e.brand_id}>
          <select className="vk-input" {...c('brand_id')} value={draft.brand_id} disabled={disabled} onChange={(ev) => set({ brand_id: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {brands.map((b) => (
              <option key={b.id} value={String(b.id)}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="model" label={t('fields.model')} error={e.model}>
          <input className="vk-input" {...c('model')} value={draft.model} maxLength={80} disabled={disabled} onChange={(ev) => set({ model: ev.target.value })} />
        </Field>
        <Field form={formId} field="fuel" label={t('fields.fuel')} error={e.fuel}>
          <select className="vk-input" {...c('fuel')} value={draft.fuel} disabled={disabled} onChange={(ev) => set({ fuel: ev.target.value })}>
            <option value="">{ui('form.choose')}</option>
            {FUELS.map((f) => (
              <option key={f} value={f}>
                {t(`fuel.${f}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="gearbox" label={t('fields.gearbox')} error={e.gearbox}>
          <select className="vk-input" {...c('gearbox')} value={draft.gearbox} disabled={disabled} onChange={(ev) => set({ gearbox: ev.target.value })}>
            {GEARBOXES.map((g) => (
              <option key={g} value={g}>
                {t(`gearbox.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field form={formId} field="vin" label={t('fields.vin')} error={e.vin} hint={t('vehicle.vinHint')}>
          <input className="vk-input fleet-upper" {...c('vin')} value={draft.vin} maxLength={17} disabled={disabled} autoComplete="off" onChange={(ev) => set({ vin: ev.target.value })} />
        </Field>
        <Field form={formId} field="registration_date" label={t('fields.registration_date')} error={e.registration_date}>
          <input className="vk-input" type="date" {...c('registration_date')} value={draft.registration_date} disabled={disabled} onChange={(ev) => set({ registration_date: ev.target.value })} />
        </Field>
        <Field form={formId} field="itv_due" label={t('fields.itv_due')} error={e.itv_due}>
          <input className="vk-input" type="date" {...c('itv_due')} value={draft.itv_due} disabled={disabled} onChange={(ev) => set({ itv_due: ev.target.value })} />
        </Field>
        <Field form={formId} field="odometer_km" label={t('fields.odometer_km')} error={e.odometer_km}>
          <input className="vk-input" inputMode="numeric" {...c('odometer_km')} value={draft.odometer_km} disabled={disabled} onChange={(ev) => set({ odometer_km: ev.target.value })} />
        </Field>
        <Field form={formId} field="teacher_user_id" label={t('fields.teacher')} error={e.teacher_user_id}>
          <TeacherSelect
            api={api}
            value={draft.teacher_user_id}
            current={vehicle?.teacher ?? null}
            disabled={disabled}
            load={!readOnly}
            controlProps={c('teacher_user_id')}
            onChange={(teacher_user_id) => set({ teacher_user_id })}
          />
        </Field>
        {withBranch && (
          <Field form={formId} field="branch_id" label={t('fields.branch')} error={e.branch_id}>
            <select className="vk-input" {...c('branch_id')} value={draft.branch_id} disabled={disabled} onChange={(ev) => set({ branch_id: ev.target.value })}>
              <option value="">{t('vehicle.ownBranch')}</option>
              {branches.map((b) => (
                <option key={b.branch_id} value={String(b.branch_id)}>
                  {b.trade_name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <div className="vk-field">
          <label className="vk-check" htmlFor={`${formId}-dual_controls`}>
            <input type="checkbox" id={`${formId}-dual_controls`} name="dual_controls" checked={draft.dual_controls} disabled={disabled} onChange={(ev) => set({ dual_controls: ev.target.checked })} />
            <span>{t('fields.dual_controls')}</span>
          </label>
          {e.dual_controls && <span className="vk-error">{e.dual_controls}</span>}
        </div>
      </div>
      <fieldset className="vk-field fleet-licences" aria-invalid={e.licence_classes ? true : undefined} aria-describedby={e.licence_classes ? `${formId}-licence_classes-error` : undefined}>
        <legend className="vk-label">{t('fields.licence_classes')}</legend>
        <div className="fleet-licences__list">
          {LICENCE_CLASSES.map((licence) => (
            <label key={licence} className="vk-check">
              <input
                type="checkbox"
                name="licence_classes"
                value={licence}
                checked={draft.licence_classes.includes(licence)}
                disabled={disabled}
                onChange={(ev) =>
                  set({ licence_classes: ev.target.checked ? [...draft.licence_classes, licence] : draft.licence_classes.filter((l) => l !== licence) })
                }
              />
              <span>{licence}</span>
            </label>
          ))}
        </div>
        {e.licence_classes && (
          <span className="vk-error" id={`${formId}-licence_classes-error`} data-testid="error-licence_classes">
            {e.licence_classes}
          </span>
        )}
      </fieldset>
      <Field form={formId} field="notes" label={t('fields.notes')} error={e.notes}>
        <textarea className="vk-input" rows={3} {...c('notes')} value={draft.notes} disabled={disabled} onChange={(ev) => set({ notes: ev.target.value })} />
      </Field>
      {!readOnly && <SubmitActions busy={busy} label={submitLabel} />}
    </form>
  );
}
