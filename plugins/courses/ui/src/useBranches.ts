import { useSession } from '@volante/plugin-ui';
import type { Branch, CoursesApi } from './api';
import { ALL_BRANCHES_PERMISSION } from './kinds';
import { useLoad } from '@volante/plugin-ui';

/**
 * The business's branches for the course's branch select: asked only for those not tied to a
 * branch or who see every branch's courses (`courses.all_branches`); a failure, or a business
 * with one branch, leaves the select out (the host puts the caller's branch).
 */
export function useBranches(api: CoursesApi, enabled = true): Branch[] {
  const session = useSession();
  const seesBranches = !session.user?.branch_id || session.can(ALL_BRANCHES_PERMISSION);
  const { data } = useLoad(api.host.branches, enabled && seesBranches);
  return seesBranches && data && data.length > 1 ? data : [];
}
