import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, SelectField, SubmitActions, UI_NAMESPACE, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { EnrolmentBody } from '../api';
import { isEmail } from '../format';
import { DEFAULT_LICENCE, LICENCES } from '../lists';

/** Every field the form may show (the host names them in its errors). */
export const ENROL_FIELDS = ['dni', 'first_name', 'last_name', 'email', 'phone', 'licence', 'expires_on'] as const;

export interface EnrolDraft {
  dni: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  licence: string;
  expires_on: string;
}

const EMPTY: EnrolDraft = { dni: '', first_name: '', last_name: '', email: '', phone: '', licence: DEFAULT_LICENCE, expires_on: '' };

/**
 * What an enrolment sends: for `studentId` the student and the licence, else a new student (DNI
 * upper case, texts trimmed); the end only when typed (the host's default: six months). Null
 * without a DNI (a new student).
 */
export function enrolBody(draft: EnrolDraft, studentId?: number): EnrolmentBody | null {
  const end = draft.expires_on ? { expires_on: draft.expires_on } : {};
  if (studentId) return { student_id: studentId, licence: draft.licence, ...end };
  const dni = draft.dni.trim().toUpperCase();
  if (!dni) return null;
  return {
    dni,
    first_name: draft.first_name.trim(),
    last_name: draft.last_name.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    licence: draft.licence,
    ...end,
  };
}

/**
 * An enrolment for a licence until a date (empty: six months from today): of a new student (DNI
 * or NIE and first name required, last name, e-mail, phone) or, with `studentId`, of the
 * student shown. The permit-A family goes to `permisoa/assigncourse` (the API's choice). The
 * host's errors (`REQ-102` a DNI not valid, `CONFLICT-000` one taken or a live enrolment already)
 * go under their field, the rest above the form; once enrolled the form is empty again.
 */
export function EnrolForm({
  studentId,
  taken = [],
  label,
  submitLabel,
  onSubmit,
  extra,
  testId,
}: {
  studentId?: number;
  /** The licences the student is enrolled in already (left out of the choices). */
  taken?: string[];
  label: string;
  submitLabel: string;
  onSubmit(body: EnrolmentBody): Promise<unknown>;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const choices = LICENCES.filter((l) => !taken.includes(l));
  const initial: EnrolDraft = { ...EMPTY, licence: choices.includes(DEFAULT_LICENCE) ? DEFAULT_LICENCE : (choices[0] ?? DEFAULT_LICENCE) };
  const { draft, set, setDraft, busy, errors, ctx, handleSubmit } = useDraftForm<EnrolDraft, EnrolmentBody>(initial, {
    fields: ENROL_FIELDS,
    toBody: (d) => enrolBody(d, studentId),
    required: 'dni',
    validate: (d) =>
      studentId
        ? {}
        : {
            first_name: d.first_name.trim() ? undefined : ui('form.required'),
            email: d.email.trim() && !isEmail(d.email) ? ui('form.email') : undefined,
          },
    onSubmit: async (body) => {
      await onSubmit(body);
      setDraft(initial);
    },
    fallback: t('saveError'),
  });
  return (
    <form className="vk-form valkiria-form" noValidate aria-label={label} aria-busy={busy} data-testid={testId} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
      <div className="vk-form__grid">
        {!studentId && (
          <>
            <InputField ctx={ctx} field="dni" label={t('fields.dni')} required maxLength={20} value={draft.dni} onChange={(dni) => set({ dni })} />
            <InputField ctx={ctx} field="first_name" label={t('fields.first_name')} required maxLength={100} value={draft.first_name} onChange={(first_name) => set({ first_name })} />
            <InputField ctx={ctx} field="last_name" label={t('fields.last_name')} maxLength={200} value={draft.last_name} onChange={(last_name) => set({ last_name })} />
            <InputField ctx={ctx} field="email" label={t('fields.email')} maxLength={200} value={draft.email} onChange={(email) => set({ email })} />
            <InputField ctx={ctx} field="phone" label={t('fields.phone')} inputMode="tel" maxLength={30} value={draft.phone} onChange={(phone) => set({ phone })} />
          </>
        )}
        <SelectField ctx={ctx} field="licence" label={t('fields.licence')} options={choices.map((l) => ({ value: l, label: l }))} value={draft.licence} onChange={(licence) => set({ licence })} />
        <InputField ctx={ctx} field="expires_on" type="date" label={t('fields.expires_on')} hint={t('enrol.expiryHint')} value={draft.expires_on} onChange={(expires_on) => set({ expires_on })} />
      </div>
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
