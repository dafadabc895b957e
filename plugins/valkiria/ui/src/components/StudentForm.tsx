import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, InputField, SubmitActions, UI_NAMESPACE, useDraftForm } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { NewStudentFields, Student } from '../api';
import { isEmail } from '../format';

/** The personal fields "Editar datos" changes (the host names them in its errors). */
export const STUDENT_FIELDS = ['dni', 'first_name', 'last_name', 'email', 'phone'] as const;

/** A student's personal fields as the form holds them ('' for none). */
export function studentDraft(student: Partial<Student>): NewStudentFields {
  return {
    dni: student.dni ?? '',
    first_name: student.first_name ?? '',
    last_name: student.last_name ?? '',
    email: student.email ?? '',
    phone: student.phone ?? '',
  };
}

/** What the form sends (before `changedFields`): texts trimmed, the DNI upper case; null without a DNI. */
export function studentBody(draft: NewStudentFields): NewStudentFields | null {
  const dni = draft.dni.trim().toUpperCase();
  if (!dni) return null;
  return { dni, first_name: draft.first_name.trim(), last_name: draft.last_name.trim(), email: draft.email.trim(), phone: draft.phone.trim() };
}

/**
 * A student's personal fields (DNI/NIE and first name required, last name, e-mail checked,
 * phone), from the student shown. `onSubmit` gets them all (the caller sends what changed); the
 * host's field errors (`REQ-102`, a taken DNI's `CONFLICT-000`) go under their field.
 */
export function StudentForm({
  student,
  label,
  submitLabel,
  onSubmit,
  extra,
  testId,
}: {
  student: Student;
  label: string;
  submitLabel: string;
  onSubmit(body: NewStudentFields): Promise<unknown>;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const { draft, set, busy, errors, ctx, handleSubmit } = useDraftForm<NewStudentFields, NewStudentFields>(() => studentDraft(student), {
    fields: STUDENT_FIELDS,
    toBody: studentBody,
    required: 'dni',
    validate: (d) => ({
      first_name: d.first_name.trim() ? undefined : ui('form.required'),
      email: d.email.trim() && !isEmail(d.email) ? ui('form.email') : undefined,
    }),
    onSubmit,
    fallback: t('saveError'),
  });
  return (
    <form className="vk-form valkiria-form" noValidate aria-label={label} aria-busy={busy} data-testid={testId} onSubmit={handleSubmit}>
      <FormMessages errors={errors.errors} general={errors.general} testId={`${testId}-errors`} />
      <div className="vk-form__grid">
        <InputField ctx={ctx} field="dni" label={t('fields.dni')} required maxLength={20} value={draft.dni} onChange={(dni) => set({ dni })} />
        <InputField ctx={ctx} field="first_name" label={t('fields.first_name')} required maxLength={100} value={draft.first_name} onChange={(first_name) => set({ first_name })} />
        <InputField ctx={ctx} field="last_name" label={t('fields.last_name')} maxLength={150} value={draft.last_name} onChange={(last_name) => set({ last_name })} />
        <InputField ctx={ctx} field="email" label={t('fields.email')} maxLength={200} value={draft.email} onChange={(email) => set({ email })} />
        <InputField ctx={ctx} field="phone" label={t('fields.phone')} inputMode="tel" maxLength={30} value={draft.phone} onChange={(phone) => set({ phone })} />
      </div>
      <SubmitActions busy={busy} label={submitLabel}>
        {extra}
      </SubmitActions>
    </form>
  );
}
