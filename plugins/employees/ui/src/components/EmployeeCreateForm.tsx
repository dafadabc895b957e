import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, SubmitActions } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { EmployeesApi, EmployeeRecord, NewEmployee } from '../api';
import type { BusinessLists } from '../useBusinessLists';
import { useRoles } from '../useBusinessLists';
import { ACCOUNT_FIELDS, AccountFields, accountBody, accountProblem, emptyAccount, type AccountDraft } from './AccountFields';
import { BranchFields, PERSONAL_FIELDS, PersonalFieldset, TeacherFieldset, personalBody, personalDraft, type PersonalDraft } from './EmployeeFields';
import { CheckField, CheckGroup, useEmployeeFieldErrors } from './Field';

const FIELDS = [...PERSONAL_FIELDS, 'branches', 'branch_id', 'positions', 'incorporation_date', 'with_account', ...ACCOUNT_FIELDS] as const;

export interface CreateDraft extends PersonalDraft {
  branches: string[];
  branch_id: string;
  positions: string[];
  incorporation_date: string;
  with_account: boolean;
  account: AccountDraft;
}

export function createDraft(lists: BusinessLists): CreateDraft {
  // a business with one branch: that one, ticked and main
  const only = lists.branches.length === 1 ? String(lists.branches[0].branch_id) : '';
  return {
    ...personalDraft(null),
    branches: only ? [only] : [],
    branch_id: only,
    positions: [],
    incorporation_date: '',
    with_account: false,
    account: emptyAccount(),
  };
}

/** `employee/create`'s body: the fields (empty choices left out), where they work and the account if asked for. */
export function createBody(draft: CreateDraft): NewEmployee {
  const personal = Object.fromEntries(Object.entries(personalBody(draft)).filter(([, v]) => v !== null));
  return {
    ...personal,
    branches: draft.branches.map(Number),
    ...(draft.branch_id ? { branch_id: Number(draft.branch_id) } : {}),
    positions: draft.positions.map(Number),
    ...(draft.incorporation_date ? { incorporation_date: draft.incorporation_date } : {}),
    ...(draft.with_account ? { account: accountBody(draft.account) } : {}),
  };
}

/**
 * "Nuevo empleado": personal, contact and teacher data, branches (main one) and positions, the
 * incorporation date and, ticking "Crear usuario de acceso", the account (e-mail, optional
 * password, role — the role only with `employee.permissions`). The host's field errors go beside
 * their fields (a taken e-mail, ERROR_EMPLOYEE_022, beside the account's e-mail).
 */
export function EmployeeCreateForm({
  api,
  lists,
  canGiveRole,
  onCreated,
  onCancel,
}: {
  api: EmployeesApi;
  lists: BusinessLists;
  canGiveRole: boolean;
  onCreated(employee: EmployeeRecord): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const formId = useId();
  const [draft, setDraft] = useState<CreateDraft>(() => createDraft(lists));
  const [busy, setBusy] = useState(false);
  const errors = useEmployeeFieldErrors(formId, FIELDS);
  const roles = useRoles(api, canGiveRole && draft.with_account);
  const e = errors.errors;
  const set = (patch: Partial<CreateDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit() {
    errors.reset();
    const problem = draft.with_account ? accountProblem(draft.account) : null;
    if (problem) {
      errors.setErrors({ [problem.field]: t(problem.key) });
      return;
    }
    setBusy(true);
    try {
      onCreated(await api.employees.create(createBody(draft)));
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="vk-form employees-form"
      aria-label={t('create.form')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={e} general={errors.general} testId="create-errors" />
      <PersonalFieldset formId={formId} draft={draft} set={set} errors={errors} disabled={busy} creating />
      <h3 className="employees-form__heading">{t('form.workplaces')}</h3>
      <BranchFields formId={formId} branches={lists.branches} value={draft.branches} main={draft.branch_id} errors={errors} disabled={busy} onChange={(branches, branch_id) => set({ branches, branch_id })} />
      <CheckGroup
        form={formId}
        field="positions"
        legend={t('fields.positions')}
        options={lists.positions.map((p) => ({ value: String(p.position_id), label: p.name }))}
        value={draft.positions}
        disabled={busy}
        error={e.positions}
        empty={t('workplaces.noPositions')}
        onChange={(positions) => set({ positions })}
      />
      <div className="vk-form__grid">
        <Field form={formId} field="incorporation_date" label={t('fields.incorporation_date')} error={e.incorporation_date}>
          <input className="vk-input" type="date" {...errors.control('incorporation_date')} value={draft.incorporation_date} disabled={busy} onChange={(ev) => set({ incorporation_date: ev.target.value })} />
        </Field>
      </div>
      <TeacherFieldset formId={formId} draft={draft} set={set} errors={errors} disabled={busy} />
      <h3 className="employees-form__heading">{t('create.accessHeading')}</h3>
      <CheckField form={formId} field="with_account" label={t('create.withAccount')} checked={draft.with_account} disabled={busy} onChange={(with_account) => set({ with_account })} />
      {draft.with_account && (
        <div className="employees-panel" data-testid="create-account">
          <p className="muted">{t('create.accountHint')}</p>
          <AccountFields
            formId={formId}
            draft={draft.account}
            set={(patch) => setDraft((d) => ({ ...d, account: { ...d.account, ...patch } }))}
            errors={errors}
            disabled={busy}
            roles={canGiveRole ? roles.roles : null}
            rolesFailed={canGiveRole && roles.failed}
          />
        </div>
      )}
      <SubmitActions busy={busy} label={t('create.submit')}>
        <button type="button" className="vk-btn vk-btn--light" disabled={busy} onClick={onCancel}>
          {t('create.cancel')}
        </button>
      </SubmitActions>
    </form>
  );
}
