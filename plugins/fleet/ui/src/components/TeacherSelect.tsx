import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { FleetApi } from '../api';

export interface StaffMember {
  user_id: number;
  name: string;
  branch_id: number | null;
}

/** The staff asked once per page (its `FleetApi`): the form is drawn again after every save. */
const asked = new WeakMap<FleetApi, Promise<StaffMember[]>>();

function staffOf(api: FleetApi): Promise<StaffMember[]> {
  let answer = asked.get(api);
  if (!answer) {
    answer = api.vehicles.teachers();
    asked.set(api, answer);
    // a failure is not kept: the next form asks again
    answer.catch(() => asked.delete(api));
  }
  return answer;
}

/**
 * The business's active staff, by name (`GET vehicle/teachers`, from the host's staff
 * directory), for the teacher picker. `null` while asking; `failed` when the host refused.
 */
export function useStaff(api: FleetApi, enabled: boolean) {
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    staffOf(api).then(
      (all) => live && setStaff(all),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, enabled]);
  return { staff, failed };
}

export interface TeacherSelectProps {
  api: FleetApi;
  /** The chosen user id, '' for none. */
  value: string;
  onChange(value: string): void;
  /** The vehicle's teacher as the host names it (kept as an option even if not listed). */
  current: { user_id: number; name: string; active: boolean } | null;
  disabled?: boolean;
  /** Ask for the staff (not for a read-only form). */
  load: boolean;
  controlProps: Record<string, unknown>;
}

/** "Profesor habitual": the active staff, and the current teacher even if no longer listed. */
export function TeacherSelect({ api, value, onChange, current, disabled, load, controlProps }: TeacherSelectProps) {
  const { t } = useTranslation(NAMESPACE);
  const { staff, failed } = useStaff(api, load);
  return (
    <>
      <select className="vk-input" {...controlProps} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('vehicle.noTeacher')}</option>
        {current && !staff?.some((u) => u.user_id === current.user_id) && (
          <option value={String(current.user_id)}>{current.active ? current.name : t('vehicle.inactiveTeacher', { name: current.name })}</option>
        )}
        {(staff ?? []).map((u) => (
          <option key={u.user_id} value={String(u.user_id)}>
            {u.name}
          </option>
        ))}
      </select>
      {failed && load && <small className="muted" data-testid="teacher-hint">{t('vehicle.staffUnavailable')}</small>}
    </>
  );
}
