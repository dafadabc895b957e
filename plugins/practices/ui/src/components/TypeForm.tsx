import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, MoneyInput, UI_NAMESPACE, useFieldErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { PracticeType, TypeFields } from '../api';
import { LICENCES, MAX_MINUTES, MIN_MINUTES } from '../lists';
import { parseWhole, textOf } from '../format';
import { InputField, NotesField, SelectField, SubmitActions, type FormContext } from '@volante/plugin-ui';

export const TYPE_FIELDS = ['name', 'licence', 'minutes', 'price', 'description'] as const;
type TypeField = (typeof TYPE_FIELDS)[number];

/** A type's fields as the form holds them (text, as typed; the price in cents). */
export interface TypeDraft {
  name: string;
  licence: string;
  minutes: string;
  price: { cents: number | null; text: string };
  description: string;
}

export function typeDraft(type: PracticeType | null): TypeDraft {
  return {
    name: type?.name ?? '',
    licence: type?.licence ?? '',
    minutes: type ? textOf(type.minutes) : '',
    price: { cents: type?.price ?? null, text: '' },
    description: type?.description ?? '',
  };
}

export type TypeBodyResult = { body: TypeFields } | { field: TypeField; problem: 'required' | 'minutes' | 'price' };

/** The body to send, or the first field the form refuses (README: minutes 15–480, a price in euros). */
export function typeBody(draft: TypeDraft): TypeBodyResult {
  const name = draft.name.trim();
  if (!name) return { field: 'name', problem: 'required' };
  if (!draft.licence) return { field: 'licence', problem: 'required' };
  if (!draft.minutes.trim()) return { field: 'minutes', problem: 'required' };
  const minutes = parseWhole(draft.minutes);
  if (minutes === null || minutes < MIN_MINUTES || minutes > MAX_MINUTES) return { field: 'minutes', problem: 'minutes' };
  if (draft.price.cents === null) return { field: 'price', problem: draft.price.text.trim() ? 'price' : 'required' };
  return { body: { name, licence: draft.licence, minutes, price: draft.price.cents, description: draft.description.trim() } };
}

/**
 * A lesson type's data: name, licence (the fixed list), length in minutes, price (typed in
 * euros, sent in cents) and description. The host's errors go under the field they name.
 */
export function TypeForm({
  type,
  label,
  submitLabel,
  onSubmit,
  extra,
}: {
  type: PracticeType | null;
  label: string;
  submitLabel: string;
  onSubmit(body: TypeFields): Promise<unknown>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const formId = useId();
  const [draft, setDraft] = useState<TypeDraft>(() => typeDraft(type));
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors(formId, TYPE_FIELDS);
  const set = (patch: Partial<TypeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const ctx: FormContext = { formId, errors, disabled: busy };
  const licences: string[] = [...LICENCES];
  // a class no longer in the list is still shown
  if (draft.licence && !licences.includes(draft.licence)) licences.unshift(draft.licence);

  async function submit() {
    errors.reset();
    const result = typeBody(draft);
    if ('field' in result) {
      const message =
        result.problem === 'required' ? ui('form.required') : result.problem === 'minutes' ? t('types.form.invalidMinutes', { min: MIN_MINUTES, max: MAX_MINUTES }) : t('invalidAmount');
      errors.setErrors({ [result.field]: message });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(result.body);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form practices-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="type-errors" />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="name" label={t('types.fields.name')} value={draft.name} maxLength={120} required hint={t('types.form.nameHint')} onChange={(name) => set({ name })} />
        <SelectField
          ctx={ctx}
          field="licence"
          label={t('types.fields.licence')}
          value={draft.licence}
          onChange={(licence) => set({ licence })}
          required
          empty={ui('form.choose')}
          options={licences.map((l) => ({ value: l, label: l }))}
        />
        <InputField
          ctx={ctx}
          field="minutes"
          label={t('types.fields.minutes')}
          value={draft.minutes}
          inputMode="numeric"
          required
          hint={t('types.form.minutesHint', { min: MIN_MINUTES, max: MAX_MINUTES })}
          onChange={(minutes) => set({ minutes })}
        />
        <Field form={formId} field="price" label={t('types.fields.price')} error={errors.errors.price} required hint={t('types.form.priceHint')}>
          <MoneyInput {...errors.control('price')} value={draft.price.cents} disabled={busy} onChange={(cents, text) => set({ price: { cents, text } })} />
        </Field>
      </div>
      <NotesField ctx={ctx} field="description" maxLength={2000} label={t('types.fields.description')} value={draft.description} onChange={(description) => set({ description })} />
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
