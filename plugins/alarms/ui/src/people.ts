import type { AlarmUser, StaffMember } from './api';

/**
 * The people the form offers: the staff (`GET alarma/staff`), by name as the host sends them,
 * then those already named who are not among them (an inactive user, or when the staff could not
 * be read), by the name the alarm gives.
 */
export function staffOptions(staff: StaffMember[] | null, named: AlarmUser[], unnamed: (id: number) => string): { value: string; label: string }[] {
  const options = (staff ?? []).map((m) => ({ value: String(m.user_id), label: m.name }));
  for (const person of named) {
    if (!options.some((o) => o.value === String(person.user_id))) options.push({ value: String(person.user_id), label: person.name || unnamed(person.user_id) });
  }
  return options;
}
