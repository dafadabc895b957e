import { useSession } from '@volante/plugin-ui';
import type { Branch, DgtApi } from './api';
import { ALL_BRANCHES_PERMISSION } from './lists';
import { useLoad } from '@volante/plugin-ui';

/**
 * The business's branches, for the branch filters and selects: asked only for those not tied to
 * a branch or who see every branch's books and folders (`dgt.all_branches`); a failure, or a
 * business with one branch, leaves them out (the host puts the caller's branch).
 */
export function useBranches(api: DgtApi, enabled = true): Branch[] {
  const session = useSession();
  const seesBranches = !session.user?.branch_id || session.can(ALL_BRANCHES_PERMISSION);
  const { data } = useLoad(api.host.branches, enabled && seesBranches);
  return seesBranches && data && data.length > 1 ? data : [];
}

/** A branch's name among those loaded ('' when unknown). */
export function branchName(branches: Branch[], id: number | null | undefined): string {
  return branches.find((b) => b.branch_id === id)?.trade_name ?? '';
}
