import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { RecordState } from '../api';

export interface RecordActionsProps {
  /** Whose words to use (`record.vehicle.*`, `record.workshop.*`, `record.policy.*`). */
  of: 'vehicle' | 'workshop' | 'policy';
  /** How the record is named in the questions (a plate, a name, a policy number). */
  name: string;
  state: RecordState;
  setState(state: 'active' | 'inactive'): Promise<unknown>;
  remove(): Promise<unknown>;
  /** After a change: read the record again. */
  onChanged(): void;
}

/**
 * Deactivate / activate (`…/state`, confirmed) and delete (`…/delete`, confirmed twice: a
 * deleted record stays readable but takes no more changes). Nothing for a deleted record.
 */
export function RecordActions({ of, name, state, setState, remove, onChanged }: RecordActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (state === 'deleted') return null;

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      onChanged();
    } catch (e) {
      toast.error(errorList(e)[0]?.details || t('actionError'));
    } finally {
      setBusy(false);
    }
  }

  async function toggle() {
    const next = state === 'active' ? 'inactive' : 'active';
    const ok = await confirm({
      message: t(`record.${of}.${next === 'inactive' ? 'deactivateQuestion' : 'activateQuestion'}`, { name }),
      confirmLabel: t(`record.${of}.${next === 'inactive' ? 'deactivate' : 'activate'}`),
      tone: next === 'inactive' ? 'danger' : 'primary',
    });
    if (ok) await run(() => setState(next), t(`record.${of}.${next === 'inactive' ? 'deactivated' : 'activated'}`));
  }

  async function del() {
    const ok = await confirm({ message: t(`record.${of}.deleteQuestion`, { name }), confirmLabel: t(`record.${of}.delete`), tone: 'danger', second: true });
    if (ok) await run(remove, t(`record.${of}.deleted`));
  }

  return (
    <>
      <button type="button" className={state === 'active' ? 'vk-btn vk-btn--outline' : 'vk-btn vk-btn--primary'} disabled={busy} onClick={() => void toggle()}>
        {t(`record.${of}.${state === 'active' ? 'deactivate' : 'activate'}`)}
      </button>
      <button type="button" className="vk-btn vk-btn--danger" disabled={busy} onClick={() => void del()}>
        {t(`record.${of}.delete`)}
      </button>
    </>
  );
}
