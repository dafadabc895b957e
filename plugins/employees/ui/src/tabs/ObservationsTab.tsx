import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, SubmitActions, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import { useEmployeeFieldErrors } from '../components/Field';
import type { TabProps } from './types';

/** "Observaciones": free notes about the employee (`employee/update/observations`). */
export function ObservationsTab({ api, employee, readOnly, onSaved }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['observations']);
  const [text, setText] = useState(employee.observations ?? '');
  const [busy, setBusy] = useState(false);

  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      const saved = await api.employees.observations(employee.id, text.trim());
      toast.success(t('observations.saved'));
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
      aria-label={t('observations.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={errors.errors} general={errors.general} testId="observations-errors" />
      <Field form={formId} field="observations" label={t('fields.observations')} error={errors.errors.observations}>
        <textarea className="vk-input" rows={8} {...errors.control('observations')} value={text} disabled={readOnly || busy} onChange={(ev) => setText(ev.target.value)} />
      </Field>
      {!readOnly && <SubmitActions busy={busy} label={t('save')} />}
    </form>
  );
}
