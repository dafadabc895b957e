import { useLoad } from '@volante/plugin-ui';
import type { Branch, GuidedApi, StaffMember } from '../api';

/**
 * The business's branches for a group's branch filter and select (`GET business/branch/list`): a
 * failure, or a business with one branch, leaves them out (the host puts the caller's branch).
 */
export function useBranches(api: GuidedApi, enabled = true): Branch[] {
  const { data } = useLoad(api.host.branches, enabled);
  return data && data.length > 1 ? data : [];
}

/**
 * Whom to offer as a group's teacher: the business's staff, by name. `staff` is null while asking
 * and when it is not answered (`failed`): the select then offers only the teacher already chosen.
 */
export function useStaff(api: GuidedApi, enabled = true): { staff: StaffMember[] | null; failed: boolean } {
  const { data, failed } = useLoad(api.host.staff, enabled);
  return { staff: data, failed: failed !== null };
}

/** Options of a select: those listed, then the one already chosen when it is not among them. */
export function withCurrent(options: { value: string; label: string }[], current: { id: number | null | undefined; name: string | null | undefined }, unnamed: string) {
  if (!current.id || options.some((o) => o.value === String(current.id))) return options;
  return [...options, { value: String(current.id), label: current.name || unnamed }];
}
