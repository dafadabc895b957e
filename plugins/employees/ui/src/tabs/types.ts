import type { EmployeeRecord, EmployeesApi } from '../api';

/** What every tab of the employee's view gets. */
export interface TabProps {
  api: EmployeesApi;
  employee: EmployeeRecord;
  /** No writing: a deleted employee. */
  readOnly: boolean;
  /** A write answered the employee: show it (the forms are drawn again with it). */
  onSaved(saved: EmployeeRecord): void;
  /** A host call changed the account: read the employee again. */
  onChanged(): void;
}
