import { useLoad } from '@volante/plugin-ui';
import type { StaffMember } from './api';

/**
 * Whom the screens may name (`GET schedule/staff` or `GET task/staff`: the business's active
 * users, by name). `staff` is null while asking and when it does not answer (`failed`): the
 * forms then offer only the people already chosen. `load` must be stable (the page's API).
 */
export function useStaff(load: () => Promise<StaffMember[]>): { staff: StaffMember[] | null; failed: boolean } {
  const { data, failed } = useLoad(load);
  return { staff: data, failed: failed !== null };
}

/** Someone already named (on the record, or the signed-in user), with the name the host gave. */
export interface Named {
  user_id: number;
  name: string | null;
}

/**
 * The people to offer: the staff, by name as the host sends them, then those already named who
 * are not among them (an inactive user, or when the staff could not be read).
 */
export function staffOptions(staff: StaffMember[] | null, named: Named[], unnamed: (id: number) => string): { value: string; label: string }[] {
  const options = (staff ?? []).map((m) => ({ value: String(m.user_id), label: m.name }));
  for (const person of named) {
    if (!options.some((o) => o.value === String(person.user_id))) options.push({ value: String(person.user_id), label: person.name || unnamed(person.user_id) });
  }
  return options;
}
