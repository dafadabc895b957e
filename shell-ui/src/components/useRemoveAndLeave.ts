import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { errorList, useConfirm, useToast } from '@volante/plugin-ui';

/** What removing one record from its own page takes. */
export interface RemoveAndLeave {
  /** The confirmation's title, message and button. */
  title: string;
  message: string;
  confirmLabel: string;
  /** The call that removes it. */
  call: () => Promise<unknown>;
  /** The toast once removed, and where the page goes then (its list). */
  done: string;
  to: string;
  /** The message of a failure whose answer says nothing. */
  fallback: string;
  /** After a failure (the page stays), e.g. to read the record's state again. */
  onFailure?: () => void;
}

/**
 * The "remove this record and go back to its list" action of a record's page: a danger
 * confirmation, the call, a toast and the list; a failure leaves the page with its errors'
 * details. `setBusy` and `setFailures` are the page's own state.
 */
export function useRemoveAndLeave(setBusy: (busy: boolean) => void, setFailures: (failures: string[]) => void) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  return useCallback(
    async (remove: RemoveAndLeave) => {
      const ok = await confirm({ title: remove.title, message: remove.message, confirmLabel: remove.confirmLabel, tone: 'danger' });
      if (!ok) return;
      setFailures([]);
      setBusy(true);
      try {
        await remove.call();
        toast.success(remove.done);
        navigate(remove.to);
      } catch (failure) {
        setFailures(errorList(failure).map((e) => e.details || remove.fallback));
        setBusy(false);
        remove.onFailure?.();
      }
    },
    [confirm, navigate, setBusy, setFailures, toast],
  );
}
