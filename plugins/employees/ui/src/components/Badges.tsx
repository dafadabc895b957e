import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { Account, AccountState, EmployeeState } from '../api';
import { accountState } from '../format';

const STATE_TONE: Record<EmployeeState, string> = { active: 'success', inactive: 'warning', deleted: 'danger' };
const ACCOUNT_TONE: Record<AccountState, string> = { none: 'muted', active: 'success', inactive: 'warning', locked: 'danger' };

const badge = (tone: string | undefined) => `vk-badge ${tone === 'muted' || !tone ? 'employees-badge--muted' : `vk-badge--${tone}`}`;

/** The employee's state: activo, inactivo, de baja. */
export function StateBadge({ state }: { state: EmployeeState }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span className={badge(STATE_TONE[state])} data-testid="state-badge" data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}

/** The user account: sin cuenta, activo, inactivo, bloqueado. */
export function AccountBadge({ account }: { account: Pick<Account, 'active' | 'locked'> | null | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const state = accountState(account);
  return (
    <span className={badge(ACCOUNT_TONE[state])} data-testid="account-badge" data-state={state} title={t('account.badgeTitle')}>
      {t(`accountState.${state}`)}
    </span>
  );
}

/** "Profesor" for a teacher; nothing for the rest. */
export function TeacherBadge({ isTeacher }: { isTeacher: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  if (!isTeacher) return null;
  return (
    <span className="vk-badge employees-badge--teacher" data-testid="teacher-badge">
      {t('teacher.badge')}
    </span>
  );
}
