import { useCallback } from 'react';
import { useLoad } from '@volante/plugin-ui';
import type { PracticesApi, Teacher, Vehicle } from './api';

/** Asked once per page (its `PracticesApi`): every form of the page shares the answer. */
function once<T>(cache: WeakMap<PracticesApi, Promise<T>>, api: PracticesApi, ask: () => Promise<T>): Promise<T> {
  let answer = cache.get(api);
  if (!answer) {
    answer = ask();
    cache.set(api, answer);
    // a failure is not kept: the next page asks again
    answer.catch(() => cache.delete(api));
  }
  return answer;
}

const teachersAsked = new WeakMap<PracticesApi, Promise<Teacher[]>>();
const vehiclesAsked = new WeakMap<PracticesApi, Promise<Vehicle[]>>();

/**
 * Whom to offer as teacher (`GET hermes/teachers`: the employees module's teachers with an
 * account, else the host's staff). `teachers` is null while asking and when it does not answer
 * (`failed`): the selects then offer only the teacher already chosen.
 */
export function useTeachers(api: PracticesApi, enabled = true): { teachers: Teacher[] | null; failed: boolean } {
  const load = useCallback(() => once(teachersAsked, api, api.teachers), [api]);
  const { data, failed } = useLoad(load, enabled);
  return { teachers: data, failed: failed !== null };
}

/**
 * The fleet module's active vehicles (`GET hermes/vehicles`), for a lesson's vehicle: null
 * while asking and when the fleet service does not answer (the screens then hide the select;
 * README: without it lessons have no vehicle).
 */
export function useVehicles(api: PracticesApi, enabled = true): Vehicle[] | null {
  const load = useCallback(() => once(vehiclesAsked, api, api.vehicles), [api]);
  return useLoad(load, enabled).data;
}

/**
 * The options of a teacher select: the teachers offered, by name, and the one already chosen
 * when it is not among them (its name as the host gave it).
 */
export function teacherOptions(teachers: Teacher[] | null, current?: { user_id: number | null; name: string | null } | null): { value: string; label: string }[] {
  const options = (teachers ?? []).map((x) => ({ value: String(x.user_id), label: x.name }));
  if (current?.user_id && !options.some((o) => o.value === String(current.user_id))) {
    options.unshift({ value: String(current.user_id), label: current.name || String(current.user_id) });
  }
  return options;
}

/** A vehicle as the selects name it: "1234 ABC · Seat Ibiza". */
export const vehicleLabel = (v: Vehicle) => [v.plate, [v.brand, v.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
