import { useCallback, useState } from 'react';
import { useLoad } from '@volante/plugin-ui';
import type { Student, ValkiriaApi } from '../api';

/**
 * A student by id. The API finds a student by DNI (`studentsdni`) and `POST valkiria/resume
 * {student_id}` answers the student with their summary: that is read first. Only when it lacks
 * the enrolments is `GET valkiria/studentsdni?dni=` asked too. `reload` reads them again (after
 * an enrolment or a reset); `change` lays what a write answered over them.
 */
export function useStudent(api: ValkiriaApi, id: number) {
  const readSummary = useCallback(() => api.students.resume(id), [api, id]);
  const summary = useLoad(readSummary, id > 0);
  const dni = summary.data && !Array.isArray(summary.data.enrolments) ? summary.data.dni : '';
  const readDetail = useCallback(() => api.students.byDni(dni), [api, dni]);
  const detail = useLoad(readDetail, dni !== '');
  const [patch, setPatch] = useState<Partial<Student>>({});
  const student: Student | null = summary.data && (!dni || detail.data) ? { ...summary.data, ...(detail.data ?? {}), ...patch, id } : null;
  const change = useCallback((changes: Partial<Student>) => setPatch((p) => ({ ...p, ...changes })), []);
  const { reload: reloadSummary } = summary;
  const { reload: reloadDetail } = detail;
  const reload = useCallback(() => {
    reloadSummary();
    if (dni) reloadDetail();
  }, [reloadSummary, reloadDetail, dni]);
  return { student, summary, failed: summary.failed ?? detail.failed, reload, change };
}
