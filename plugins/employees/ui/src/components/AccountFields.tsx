import { useTranslation } from 'react-i18next';
import { Field, PasswordMeter, fieldId, passwordMeetsPolicy, type FormErrors } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { NewAccount, RoleOption } from '../api';

/** A new account as the forms hold it. */
export interface AccountDraft {
  email: string;
  password: string;
  role_id: string;
}

export const ACCOUNT_FIELDS = ['email', 'password', 'role_id'] as const;
export const emptyAccount = (): AccountDraft => ({ email: '', password: '', role_id: '' });

/** The account to send: the e-mail trimmed; the password and role only when given. */
export function accountBody(draft: AccountDraft): NewAccount {
  return {
    email: draft.email.trim(),
    ...(draft.password ? { password: draft.password } : {}),
    ...(draft.role_id ? { role_id: Number(draft.role_id) } : {}),
  };
}

/**
 * The local check before sending (the kit's habit: a form is sent only when the password meets
 * the host's policy): the field's message, or null. No password is fine: the host mails a link.
 */
export function accountProblem(draft: AccountDraft): { field: string; key: string } | null {
  if (draft.password && !passwordMeetsPolicy(draft.password)) return { field: 'password', key: 'account.weakPassword' };
  return null;
}

/**
 * An account's e-mail, optional password (with the kit's meter; without one the host mails a
 * link to choose it) and role (`business/rol/list`; only to callers with `employee.permissions`,
 * `roles` null otherwise).
 */
export function AccountFields({
  formId,
  draft,
  set,
  errors,
  disabled,
  roles,
  rolesFailed,
}: {
  formId: string;
  draft: AccountDraft;
  set(patch: Partial<AccountDraft>): void;
  errors: FormErrors;
  disabled: boolean;
  roles: RoleOption[] | null;
  rolesFailed?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const e = errors.errors;
  const c = errors.control;
  return (
    <div className="vk-form__grid">
      <Field form={formId} field="email" label={t('fields.email')} error={e.email} required>
        <input className="vk-input" type="email" {...c('email')} value={draft.email} maxLength={150} autoComplete="off" disabled={disabled} onChange={(ev) => set({ email: ev.target.value })} />
      </Field>
      <Field form={formId} field="password" label={t('fields.password')} error={e.password} hint={t('account.passwordHint')}>
        <input
          className="vk-input"
          type="password"
          {...c('password')}
          value={draft.password}
          autoComplete="new-password"
          disabled={disabled}
          onChange={(ev) => set({ password: ev.target.value })}
        />
        {draft.password && <PasswordMeter password={draft.password} id={`${fieldId(formId, 'password')}-meter`} />}
      </Field>
      {(roles || rolesFailed) && (
        <Field form={formId} field="role_id" label={t('fields.role_id')} error={e.role_id} hint={rolesFailed ? t('account.rolesUnavailable') : undefined}>
          <select className="vk-input" {...c('role_id')} value={draft.role_id} disabled={disabled || !roles} onChange={(ev) => set({ role_id: ev.target.value })}>
            <option value="">{t('account.noRole')}</option>
            {(roles ?? []).map((r) => (
              <option key={r.role_id} value={String(r.role_id)}>
                {r.name}
              </option>
            ))}
          </select>
        </Field>
      )}
    </div>
  );
}
