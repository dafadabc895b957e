import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, SubmitActions, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { PERSONAL_FIELDS, PersonalFieldset, TeacherFieldset, personalBody, personalDraft, type PersonalDraft } from '../components/EmployeeFields';
import { useEmployeeFieldErrors } from '../components/Field';
import type { TabProps } from './types';

/** "General": personal, contact and teacher data (`employee/update`; names copied to the account). */
export function GeneralTab({ api, employee, readOnly, onSaved }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const [draft, setDraft] = useState<PersonalDraft>(() => personalDraft(employee));
  const [busy, setBusy] = useState(false);
  const errors = useEmployeeFieldErrors(formId, PERSONAL_FIELDS);
  const set = (patch: Partial<PersonalDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const disabled = readOnly || busy;

  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      const saved = await api.employees.update(employee.id, personalBody(draft));
      toast.success(t('general.saved'));
      onSaved(saved);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form employees-form"
      aria-label={t('general.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="general-errors" />
      <PersonalFieldset formId={formId} draft={draft} set={set} errors={errors} disabled={disabled} />
      <TeacherFieldset formId={formId} draft={draft} set={set} errors={errors} disabled={disabled} />
      {!readOnly && <SubmitActions busy={busy} label={t('save')} />}
    </form>
  );
}
