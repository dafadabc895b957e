import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { EmployeeRecord, EmployeesApi } from '../api';

/**
 * Deactivate / activate (`employee/state`, confirmed: the account follows) and delete
 * (`employee/delete`, confirmed twice: the employee is kept for the records and the account is
 * deactivated). Nothing for a deleted employee.
 */
export function EmployeeActions({ api, employee, onChanged }: { api: EmployeesApi; employee: EmployeeRecord; onChanged(saved: EmployeeRecord): void }) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (employee.state === 'deleted') return null;
  const name = employee.name;
  const withAccount = employee.account !== null;

  async function run(action: () => Promise<EmployeeRecord>, done: string) {
    setBusy(true);
    try {
      const saved = await action();
      toast.success(done);
      onChanged(saved);
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  async function toggle() {
    const next = employee.state === 'active' ? 'inactive' : 'active';
    const deactivating = next === 'inactive';
    const ok = await confirm({
      message: [t(deactivating ? 'record.deactivateQuestion' : 'record.activateQuestion', { name }), withAccount ? t(deactivating ? 'record.accountFollowsOff' : 'record.accountFollowsOn') : '']
        .filter(Boolean)
        .join(' '),
      confirmLabel: t(deactivating ? 'record.deactivate' : 'record.activate'),
      tone: deactivating ? 'danger' : 'primary',
    });
    if (ok) await run(() => api.employees.setState(employee.id, next), t(deactivating ? 'record.deactivated' : 'record.activated'));
  }

  async function remove() {
    const ok = await confirm({
      message: [t('record.deleteQuestion', { name }), withAccount ? t('record.deleteAccount') : ''].filter(Boolean).join(' '),
      confirmLabel: t('record.delete'),
      tone: 'danger',
      second: true,
    });
    if (ok) await run(() => api.employees.remove(employee.id), t('record.deleted'));
  }

  return (
    <>
      <button type="button" className={employee.state === 'active' ? 'vk-btn vk-btn--outline' : 'vk-btn vk-btn--primary'} disabled={busy} onClick={() => void toggle()}>
        {t(employee.state === 'active' ? 'record.deactivate' : 'record.activate')}
      </button>
      <button type="button" className="vk-btn vk-btn--danger" disabled={busy} onClick={() => void remove()}>
        {t('record.delete')}
      </button>
    </>
  );
}
