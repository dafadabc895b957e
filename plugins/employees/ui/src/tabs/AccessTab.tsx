import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FormMessages, PageState, SubmitActions, UI_NAMESPACE, errorList, useConfirm, useLoad, useSession, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { Account, Device, EmployeeRecord } from '../api';
import { DEVICES_PERMISSION, ROLES_PERMISSION } from '../permissions';
import { useRoles } from '../useBusinessLists';
import { ACCOUNT_FIELDS, AccountFields, accountBody, accountProblem, emptyAccount, type AccountDraft } from '../components/AccountFields';
import { AccountBadge } from '../components/Badges';
import { DevicesPanel } from '../components/DevicesPanel';
import { useEmployeeFieldErrors } from '../components/Field';
import type { TabProps } from './types';

/**
 * "Acceso": the employee's user account. With one: the e-mail (`user/email/update`; a taken one,
 * ERROR_EMPLOYEE_122, under the field), the role (`user/role/update`, with
 * `employee.permissions`), access on or off (`user/state`), locked or not (`employee/lock`), the
 * sign-in code on new devices (`user/twofactor/update`), "Enviar enlace de contraseña"
 * (`user/password/reset`) and, with `employee.devices`, the devices and sessions. Without one: a
 * form for it (`employee/account/create`). One's own account cannot be switched off or locked here.
 */
export function AccessTab(props: TabProps) {
  const { employee } = props;
  const { t } = useTranslation(NAMESPACE);
  if (!employee.account) {
    return (
      <div className="employees-stack">
        <p className="muted" data-testid="no-account">
          {t('access.noAccount')}
        </p>
        {!props.readOnly && <AccountCreateForm {...props} />}
        {!props.readOnly && <AccountLinkForm {...props} />}
      </div>
    );
  }
  return <AccountSections {...props} account={employee.account} userId={employee.account.user_id ?? employee.user_id ?? 0} />;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="employees-panel" data-testid={testId}>
      <h3 className="employees-form__heading">{title}</h3>
      {children}
    </section>
  );
}

function AccountSections({ api, employee, readOnly, onChanged, account, userId }: TabProps & { account: Account; userId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [twoFactor, setTwoFactor] = useState<boolean | undefined>(account.two_factor);
  const own = session.user?.user_id === userId;
  const canRole = session.can(ROLES_PERMISSION);
  const canDevices = session.can(DEVICES_PERMISSION);

  async function run(question: { message: string; confirmLabel: string; tone?: 'primary' | 'danger' } | null, action: () => Promise<unknown>, done: string) {
    if (question && !(await confirm(question))) return false;
    setBusy(true);
    try {
      await action();
      toast.success(done);
      return true;
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const toggleActive = async () => {
    const active = !account.active;
    const ok = await run(
      active ? null : { message: t('access.deactivateQuestion', { email: account.email }), confirmLabel: t('access.deactivate'), tone: 'danger' },
      () => api.users.setActive(userId, active),
      t(active ? 'access.activated' : 'access.deactivated'),
    );
    if (ok) onChanged();
  };

  const toggleLock = async () => {
    const locked = !account.locked;
    const ok = await run(
      locked ? { message: t('access.lockQuestion', { name: employee.name }), confirmLabel: t('access.lock'), tone: 'danger' } : { message: t('access.unlockQuestion', { name: employee.name }), confirmLabel: t('access.unlock') },
      () => api.employees.lock(employee.id, locked),
      t(locked ? 'access.locked' : 'access.unlocked'),
    );
    if (ok) onChanged();
  };

  const setTwoFactorTo = async (enabled: boolean) => {
    const ok = await run(null, () => api.users.twoFactor(userId, enabled), t(enabled ? 'access.twoFactorOn' : 'access.twoFactorOff'));
    if (ok) setTwoFactor(enabled);
  };

  const sendReset = () =>
    void run({ message: t('access.resetQuestion', { email: account.email }), confirmLabel: t('access.reset') }, () => api.users.passwordReset(userId), t('access.resetSent', { email: account.email }));

  return (
    <div className="employees-stack" data-testid="access">
      <dl className="employees-facts">
        <dt>{t('fields.email')}</dt>
        <dd data-testid="account-email">{account.email}</dd>
        <dt>{t('fields.role_id')}</dt>
        <dd data-testid="account-role">{account.role || t('access.noRole')}</dd>
        <dt>{t('access.state')}</dt>
        <dd>
          <AccountBadge account={account} />
        </dd>
      </dl>
      {!readOnly && (
        <>
          <Section title={t('access.emailTitle')}>
            <EmailForm api={api} userId={userId} email={account.email} onSaved={onChanged} />
          </Section>
          {canRole && (
            <Section title={t('access.roleTitle')}>
              <RoleForm api={api} userId={userId} roleId={account.role_id ?? null} onSaved={onChanged} />
            </Section>
          )}
          <Section title={t('access.stateTitle')} testId="access-state">
            <p className="muted">{t(account.locked ? 'access.lockedText' : account.active ? 'access.activeText' : 'access.inactiveText')}</p>
            {own ? (
              <p className="muted">{t('access.ownAccount')}</p>
            ) : (
              <div className="employees-actions">
                <button type="button" className={account.active ? 'vk-btn vk-btn--outline' : 'vk-btn vk-btn--primary'} disabled={busy} onClick={() => void toggleActive()}>
                  {t(account.active ? 'access.deactivate' : 'access.activate')}
                </button>
                <button type="button" className={account.locked ? 'vk-btn vk-btn--primary' : 'vk-btn vk-btn--danger'} disabled={busy} onClick={() => void toggleLock()}>
                  {t(account.locked ? 'access.unlock' : 'access.lock')}
                </button>
              </div>
            )}
          </Section>
          <Section title={t('access.twoFactorTitle')} testId="access-two-factor">
            <p className="muted">
              {t('access.twoFactorText')} <strong data-testid="two-factor-state">{t(twoFactor === undefined ? 'access.twoFactorUnknown' : twoFactor ? 'access.twoFactorEnabled' : 'access.twoFactorDisabled')}</strong>
            </p>
            <div className="employees-actions">
              {twoFactor !== true && (
                <button type="button" className="vk-btn vk-btn--outline" disabled={busy} onClick={() => void setTwoFactorTo(true)}>
                  {t('access.twoFactorEnable')}
                </button>
              )}
              {twoFactor !== false && (
                <button type="button" className="vk-btn vk-btn--outline" disabled={busy} onClick={() => void setTwoFactorTo(false)}>
                  {t('access.twoFactorDisable')}
                </button>
              )}
            </div>
          </Section>
          <Section title={t('access.passwordTitle')}>
            <p className="muted">{t('access.passwordText')}</p>
            <div className="employees-actions">
              <button type="button" className="vk-btn vk-btn--outline" disabled={busy} onClick={sendReset}>
                {t('access.reset')}
              </button>
            </div>
          </Section>
        </>
      )}
      {canDevices && (
        <Section title={t('access.devicesTitle')} testId="access-devices">
          <UserDevices api={api} userId={userId} userName={employee.name} canEdit={!readOnly} />
        </Section>
      )}
    </div>
  );
}

function EmailForm({ api, userId, email, onSaved }: { api: TabProps['api']; userId: number; email: string; onSaved(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['email']);
  const [value, setValue] = useState(email);
  const [busy, setBusy] = useState(false);
  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      await api.users.email(userId, value.trim());
      toast.success(t('access.emailSaved'));
      onSaved();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="vk-form employees-inline-form"
      aria-label={t('access.emailForm')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={{}} general={errors.general} testId="email-errors" />
      <Field form={formId} field="email" label={t('access.newEmail')} error={errors.errors.email}>
        <input className="vk-input" type="email" {...errors.control('email')} value={value} maxLength={150} autoComplete="off" disabled={busy} onChange={(ev) => setValue(ev.target.value)} />
      </Field>
      <button type="submit" className="vk-btn vk-btn--primary" disabled={busy || value.trim() === email}>
        {t('access.changeEmail')}
      </button>
    </form>
  );
}

function RoleForm({ api, userId, roleId, onSaved }: { api: TabProps['api']; userId: number; roleId: number | null; onSaved(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['role_id']);
  const { roles, failed } = useRoles(api, true);
  const [value, setValue] = useState(roleId ? String(roleId) : '');
  const [busy, setBusy] = useState(false);
  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      await api.users.role(userId, value ? Number(value) : null);
      toast.success(t('access.roleSaved'));
      onSaved();
    } catch (failure) {
      errors.fail(failure, t('actionError'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="vk-form employees-inline-form"
      aria-label={t('access.roleForm')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormMessages errors={{}} general={errors.general} testId="role-errors" />
      <Field form={formId} field="role_id" label={t('fields.role_id')} error={errors.errors.role_id} hint={failed ? t('account.rolesUnavailable') : t('access.roleHint')}>
        <select className="vk-input" {...errors.control('role_id')} value={value} disabled={busy || !roles} onChange={(ev) => setValue(ev.target.value)}>
          <option value="">{t('account.noRole')}</option>
          {(roles ?? []).map((r) => (
            <option key={r.role_id} value={String(r.role_id)}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="vk-btn vk-btn--primary" disabled={busy || !roles || value === (roleId ? String(roleId) : '')}>
        {t('access.changeRole')}
      </button>
    </form>
  );
}

/** A user's devices, read on opening and after each change. */
function UserDevices({ api, userId, userName, canEdit }: { api: TabProps['api']; userId: number; userName: string; canEdit: boolean }) {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => {
    setFailed(null);
    api.devices.ofUser(userId).then(setDevices, (e) => setFailed(errorList(e)[0]?.details ?? ''));
  }, [api, userId]);
  useEffect(load, [load]);
  if (!devices) return <PageState error={failed} onRetry={load} />;
  return <DevicesPanel api={api} userId={userId} userName={userName} devices={devices} canEdit={canEdit} onChanged={load} testId="user-devices" />;
}

/** "Crear usuario de acceso" for an employee without one (`employee/account/create`). */
function AccountCreateForm({ api, employee, onSaved }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ACCOUNT_FIELDS);
  const canRole = session.can(ROLES_PERMISSION);
  const roles = useRoles(api, canRole);
  const [draft, setDraft] = useState<AccountDraft>(emptyAccount);
  const [busy, setBusy] = useState(false);
  async function submit() {
    errors.reset();
    const problem = accountProblem(draft);
    if (problem) {
      errors.setErrors({ [problem.field]: t(problem.key) });
      return;
    }
    setBusy(true);
    try {
      const saved: EmployeeRecord = await api.employees.createAccount(employee.id, accountBody(draft));
      toast.success(t('access.accountCreated'));
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
      aria-label={t('access.createForm')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="employees-form__heading">{t('access.createTitle')}</h3>
      <p className="muted">{t('create.accountHint')}</p>
      <FormMessages errors={errors.errors} general={errors.general} testId="account-errors" />
      <AccountFields
        formId={formId}
        draft={draft}
        set={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        errors={errors}
        disabled={busy}
        roles={canRole ? roles.roles : null}
        rolesFailed={canRole && roles.failed}
      />
      <SubmitActions busy={busy} label={t('access.createSubmit')} />
    </form>
  );
}

/**
 * "Vincular un usuario existente" (`employee/account/link`): for a user the business already has
 * and no employee has (the director the provider created with the business, say). Shown only
 * when there is one (`employee/account/unlinked`).
 */
function AccountLinkForm({ api, employee, onSaved }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const toast = useToast();
  const formId = useId();
  const errors = useEmployeeFieldErrors(formId, ['user_id']);
  const load = useCallback(() => api.employees.unlinkedAccounts(), [api]);
  const { data: accounts } = useLoad(load);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  if (!accounts || accounts.length === 0) return null;
  async function submit() {
    errors.reset();
    setBusy(true);
    try {
      const saved: EmployeeRecord = await api.employees.linkAccount(employee.id, Number(value));
      toast.success(t('access.linked'));
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
      aria-label={t('access.linkForm')}
      aria-busy={busy}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="employees-form__heading">{t('access.linkForm')}</h3>
      <p className="muted">{t('access.linkHint')}</p>
      <FormMessages errors={{}} general={errors.general} testId="link-errors" />
      <Field form={formId} field="user_id" label={t('access.linkUser')} error={errors.errors.user_id}>
        <select className="vk-input" {...errors.control('user_id')} value={value} disabled={busy} onChange={(ev) => setValue(ev.target.value)}>
          <option value="">{t('access.linkChoose')}</option>
          {accounts.map((a) => (
            <option key={a.user_id} value={String(a.user_id)}>
              {a.role ? `${a.name} · ${a.email} · ${a.role}` : `${a.name} · ${a.email}`}
            </option>
          ))}
        </select>
      </Field>
      <div className="vk-form__actions">
        <button type="submit" className="vk-btn vk-btn--primary" disabled={busy || !value}>
          {busy ? ui('form.saving') : t('access.linkSubmit')}
        </button>
      </div>
    </form>
  );
}
