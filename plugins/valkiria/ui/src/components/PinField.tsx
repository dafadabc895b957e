import { useTranslation } from 'react-i18next';
import { InputField, type FormContext } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';

/**
 * The student's PIN as a test or a doubt asks for it when they have two-factor on: six digits,
 * typed hidden ("PIN del alumno" on the classroom computer; `label` for another wording, such as
 * the student's own page at home). The form checks it with `isPin` before sending.
 */
export function PinField({ ctx, value, onChange, label }: { ctx: FormContext; value: string; onChange(pin: string): void; label?: string }) {
  const { t } = useTranslation(NAMESPACE);
  return <InputField ctx={ctx} field="pin" label={label ?? t('take.pin')} hint={t('take.pinHint')} type="password" inputMode="numeric" maxLength={6} value={value} onChange={onChange} />;
}
