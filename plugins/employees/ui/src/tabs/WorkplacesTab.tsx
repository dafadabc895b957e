import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessages, PageState, SubmitActions, useToast, type FormErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { EmployeeRecord } from '../api';
import type { BusinessLists } from '../useBusinessLists';
import { BranchFields } from '../components/EmployeeFields';
import { CheckGroup, useEmployeeFieldErrors } from '../components/Field';
import type { TabProps } from './types';

/**
 * "Sucursales y puestos": the branches the employee works in with the main one
 * (`employee/update/business_branches`; copied to the account) and the positions they hold
 * (`employee/update/positions`), from the business's lists. Two forms, each saved by itself.
 */
export function WorkplacesTab({ lists, listsFailed, onRetry, ...props }: TabProps & { lists: BusinessLists | null; listsFailed: string | null; onRetry(): void }) {
  if (!lists) return <PageState error={listsFailed} onRetry={onRetry} />;
  return (
    <div className="employees-stack">
      <BranchesForm {...props} lists={lists} />
      <PositionsForm {...props} lists={lists} />
    </div>
  );
}

function SectionForm({ label, busy, readOnly, errors, testId, children, onSubmit }: { label: string; busy: boolean; readOnly: boolean; errors: FormErrors; testId: string; children: ReactNode; onSubmit(): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <form
      className="vk-form employees-form"
      aria-label={label}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3 className="employees-form__heading">{label}</h3>
      <FormMessages errors={errors.errors} general={errors.general} testId={testId} />
      {children}
      {!readOnly && <SubmitActions busy={busy} label={t('save')} />}
    </form>
  );
}

/** Runs a write of a form: errors under their fields, the saved employee shown. */
function useSave(onSaved: (saved: EmployeeRecord) => void, errors: FormErrors, done: string) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function save(write: () => Promise<EmployeeRecord>) {
    errors.reset();
    setBusy(true);
    try {
      const saved = await write();
      toast.success(done);
      onSaved(saved);
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }
  return { busy, save };
}

function BranchesForm({ api, employee, readOnly, onSaved, lists }: TabProps & { lists: BusinessLists }) {
  const { t } = useTranslation(NAMESPACE);
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['branches', 'branch_id']);
  const [branches, setBranches] = useState<string[]>(() => employee.branches.map(String));
  const [main, setMain] = useState(() => (employee.branch_id ? String(employee.branch_id) : ''));
  const { busy, save } = useSave(onSaved, errors, t('workplaces.branchesSaved'));
  // a branch the business no longer lists stays as it is (the plugin checks them)
  const known = [...lists.branches, ...employee.branches.filter((id) => !lists.branches.some((b) => b.branch_id === id)).map((id) => ({ branch_id: id, trade_name: t('workplaces.unknownBranch', { id }) }))];
  return (
    <SectionForm
      label={t('workplaces.branches')}
      busy={busy}
      readOnly={readOnly}
      errors={errors}
      testId="branches-errors"
      onSubmit={() => void save(() => api.employees.branches(employee.id, branches.map(Number), main ? Number(main) : null))}
    >
      <BranchFields
        formId={formId}
        branches={known}
        value={branches}
        main={main}
        errors={errors}
        disabled={readOnly || busy}
        onChange={(value, nextMain) => {
          setBranches(value);
          setMain(nextMain);
        }}
      />
    </SectionForm>
  );
}

function PositionsForm({ api, employee, readOnly, onSaved, lists }: TabProps & { lists: BusinessLists }) {
  const { t } = useTranslation(NAMESPACE);
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['positions']);
  const [positions, setPositions] = useState<string[]>(() => employee.positions.map(String));
  const { busy, save } = useSave(onSaved, errors, t('workplaces.positionsSaved'));
  return (
    <SectionForm
      label={t('workplaces.positions')}
      busy={busy}
      readOnly={readOnly}
      errors={errors}
      testId="positions-errors"
      onSubmit={() => void save(() => api.employees.positions(employee.id, lists.positions.map((p) => String(p.position_id)).filter((id) => positions.includes(id)).map(Number)))}
    >
      <CheckGroup
        form={formId}
        field="positions"
        legend={t('fields.positions')}
        options={lists.positions.map((p) => ({ value: String(p.position_id), label: p.name }))}
        value={positions}
        disabled={readOnly || busy}
        error={errors.errors.positions}
        empty={t('workplaces.noPositions')}
        onChange={setPositions}
      />
    </SectionForm>
  );
}
