/**
 * The permissions the screens ask of the session (the kit's `useSession().can`; role `super` has
 * them all). Every call needs the `employee` service; the host checks the permissions again
 * (PERMISSION-000, shown like any other error).
 */
/** Writes, the full record (the view) and the biometric PIN; the account's state, password link, log. */
export const EMPLOYEE_PERMISSION = 'employee';
/** Roles and their permission tree; giving an account a role. */
export const ROLES_PERMISSION = 'employee.permissions';
/** Other users' devices and sessions. */
export const DEVICES_PERMISSION = 'employee.devices';
/** Without it, a user limited to a branch sees only the employees whose main branch is theirs. */
export const ALL_BRANCHES_PERMISSION = 'employees.all_branches';
