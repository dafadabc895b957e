import type { ApiClient, ListPage } from '@volante/plugin-ui';

/** An employee's state: active, inactive (extension) or deleted (kept for the records). */
export type EmployeeState = 'active' | 'inactive' | 'deleted';

/** The list's state filter: '' is the plugin's default (active and inactive). */
export type StateFilter = '' | 'active' | 'inactive' | 'deleted' | 'all';

export type Gender = 'female' | 'male' | 'other';
export type ContractType = 'indefinite' | 'fixed_discontinuous' | 'temporary' | 'replacement' | 'training' | 'freelance';
export type Workday = 'full_time' | 'part_time';

/** Where an employee's user account stands, as the badges show it. */
export type AccountState = 'none' | 'active' | 'inactive' | 'locked';

/**
 * The employee's user account (`account`, null without one). The list call gives `email`,
 * `active` and `locked`; the full record adds the user id and the role. `two_factor` is not in
 * the contract: shown only if the plugin sends it.
 */
export interface Account {
  user_id?: number;
  email: string;
  role_id?: number | null;
  role?: string | null;
  is_super?: boolean;
  active: boolean;
  locked: boolean;
  two_factor?: boolean;
}

/** Personal, contact and teacher data (`employee/update`; dates `YYYY-MM-DD`). */
export interface PersonalFields {
  code: string;
  fiscal_code: string;
  gender: Gender | null;
  first_name: string;
  last_name: string;
  second_last_name: string;
  birthday: string | null;
  phone: string;
  street: string;
  city: string;
  province_id: number | null;
  postal_code: string;
  is_teacher: boolean;
  teacher_classes: string[];
  teacher_number: string;
}

/** Labour data (`employee/laboral/update`; the incorporation date has its own call). */
export interface LabourFields {
  contract_type: ContractType | null;
  workday: Workday | null;
  weekly_hours: number | null;
  social_security_number: string;
  iban: string;
  professional_category: string;
  leave_date: string | null;
}

/** What the lists give: the stored fields, the full name and (list call) the account's state. */
export interface EmployeeItem extends PersonalFields, LabourFields {
  id: number;
  state: EmployeeState;
  created_at: string;
  updated_at: string;
  branch_id: number | null;
  branches: number[];
  positions: number[];
  incorporation_date: string | null;
  observations: string;
  user_id: number | null;
  name: string;
  account?: Account | null;
}

/** `GET employee/read?id=` and every write: the record with its account and the names it refers to. */
export interface EmployeeRecord extends EmployeeItem {
  account: Account | null;
  branch_names: string[];
  position_names: string[];
  has_pin: boolean;
}

/** `GET employee/account/unlinked`: a user of the business no employee has. */
export interface UnlinkedAccount {
  user_id: number;
  email: string;
  name: string;
  role: string;
  active: boolean;
}

/** The new account of `employee/create` (`account`) and `employee/account/create`. */
export interface NewAccount {
  email: string;
  password?: string;
  role_id?: number;
}

/** `employee/create`: the employee's fields, where they work and, optionally, an account. */
export interface NewEmployee extends Partial<PersonalFields> {
  branches?: number[];
  branch_id?: number;
  positions?: number[];
  incorporation_date?: string;
  account?: NewAccount;
}

export interface Pin {
  employee_id: number;
  pin: string;
}

/** `business/branch/list` (only what the screens use). */
export interface Branch {
  branch_id: number;
  trade_name: string;
}

/** `business/position/read`. */
export interface Position {
  position_id: number;
  name: string;
}

/** `business/rol/list`. */
export interface RoleOption {
  role_id: number;
  name: string;
  is_super: boolean;
}

/** `user/log`: an audit entry made by, or about, the user. */
export interface LogEntry {
  audit_log_id: number;
  actor_user_id: number | null;
  action: string;
  target_kind: string;
  target_id: string;
  detail: unknown;
  created_at: string;
}

export interface SessionInfo {
  session_id: number;
  /** The caller's own session. */
  current: boolean;
  ip: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** `user/sessions/read|list`: a device of a user with its open sessions. */
export interface Device {
  device_id: number;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** The device key the browser keeps. */
  device: string;
  name: string;
  /** Authorised (no sign-in code needed) until `authorized_until`. */
  authorized: boolean;
  authorized_until: string | null;
  created_at: string;
  last_seen_at: string;
  sessions: SessionInfo[];
}

/** A node of the permission tree: a permission, or (`group`) a heading whose key is no permission. */
export interface PermissionNode {
  key: string;
  label: string;
  group?: boolean;
  children: PermissionNode[];
}

export interface Role {
  role_id: number;
  name: string;
  is_super: boolean;
  menu_access: boolean;
  permissions: string[];
  created_at: string;
  updated_at: string;
}

/** `employee/permissions/read` without id: every role with its number of users, and the tree. */
export interface RoleList {
  roles: (Role & { user_count: number })[];
  tree: PermissionNode[];
}

/** `employee/permissions/read?role_id=`: the role, its users and the tree. */
export interface RoleView extends Role {
  users: { user_id: number; email: string; first_name: string; last_name: string }[];
  tree: PermissionNode[];
}

/** A list's query as `GET employee/read` takes it (empty filters left out). */
export type ReadFilters = Record<string, string | number | undefined>;

/** Drops the filters left empty, so the query only carries what was chosen. */
export function cleanFilters(filters: ReadFilters): ReadFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined && v !== null));
}

export function employeesApi(api: ApiClient) {
  return {
    employees: {
      list: (query: ReadFilters) => api.get<ListPage<EmployeeItem>>('employee/read', cleanFilters(query)),
      read: (id: number) => api.get<EmployeeRecord>('employee/read', { id }),
      create: (fields: NewEmployee) => api.post<EmployeeRecord>('employee/create', fields),
      update: (id: number, fields: Partial<PersonalFields>) => api.post<EmployeeRecord>('employee/update', { ...fields, id }),
      observations: (id: number, observations: string) => api.post<EmployeeRecord>('employee/update/observations', { id, observations }),
      incorporation: (id: number, incorporation_date: string | null) => api.post<EmployeeRecord>('employee/update/incorporation', { id, incorporation_date }),
      positions: (id: number, positions: number[]) => api.post<EmployeeRecord>('employee/update/positions', { id, positions }),
      branches: (id: number, branches: number[], branch_id: number | null) =>
        api.post<EmployeeRecord>('employee/update/business_branches', branch_id ? { id, branches, branch_id } : { id, branches }),
      labour: (id: number, fields: LabourFields) => api.post<EmployeeRecord>('employee/laboral/update', { ...fields, id }),
      lock: (id: number, locked: boolean) => api.post<EmployeeRecord>('employee/lock', { id, locked }),
      setState: (id: number, state: 'active' | 'inactive') => api.post<EmployeeRecord>('employee/state', { id, state }),
      remove: (id: number) => api.post<EmployeeRecord>('employee/delete', { id }),
      createAccount: (id: number, account: NewAccount) => api.post<EmployeeRecord>('employee/account/create', { ...account, id }),
      linkAccount: (id: number, user_id: number) => api.post<EmployeeRecord>('employee/account/link', { id, user_id }),
      unlinkedAccounts: () => api.get<UnlinkedAccount[]>('employee/account/unlinked'),
      pin: (id: number) => api.get<Pin>('employee/pinbiometric', { id }),
      renewPin: (id: number) => api.post<Pin>('employee/pinbiometric/renew', { id }),
    },
    /** The host's calls about a user account (`user/*`). */
    users: {
      setActive: (user_id: number, active: boolean) => api.post<{ user_id: number; active: boolean }>('user/state', { user_id, active }),
      email: (user_id: number, email: string) => api.post<{ user_id: number; email: string }>('user/email/update', { user_id, email }),
      role: (user_id: number, role_id: number | null) => api.post<{ user_id: number; role_id: number | null }>('user/role/update', { user_id, role_id }),
      twoFactor: (user_id: number, enabled: boolean) => api.post<{ user_id: number; two_factor: boolean }>('user/twofactor/update', { user_id, enabled }),
      passwordReset: (user_id: number) => api.post<{ user_id: number; sent: boolean }>('user/password/reset', { user_id }),
      log: (user_id: number, offset = 0, limit = LOG_PAGE) => api.get<LogEntry[]>('user/log', { user_id, limit, offset }),
    },
    /** Devices and sessions (`user/sessions/*`: GET even when they change something). */
    devices: {
      ofUser: (user_id: number) => api.get<Device[]>('user/sessions/read', { user_id }),
      all: () => api.get<Device[]>('user/sessions/list'),
      remove: (device_id: number) => api.get<{ device_id: number; removed: boolean }>('user/sessions/remove', { device_id }),
      purge: (user_id: number) => api.get<{ user_id: number; devices: number; sessions: number }>('user/sessions/purge', { user_id }),
      rename: (device_id: number, name: string) => api.post<{ device_id: number; name: string }>('user/sessions/rename', { device_id, name }),
    },
    /** Roles with their permission tree (`employee/permissions/*`). */
    roles: {
      list: () => api.get<RoleList>('employee/permissions/read'),
      read: (role_id: number) => api.get<RoleView>('employee/permissions/read', { role_id }),
      create: (name: string, menu_access: boolean) => api.post<Role>('employee/permissions/create', { name, menu_access, permissions: [] }),
      update: (role_id: number, patch: { name?: string; permissions?: string[]; menu_access?: boolean }) => api.post<Role>('employee/permissions/update', { ...patch, role_id }),
      remove: (role_id: number) => api.post<{ role_id: number; deleted: boolean; users: number[] }>('employee/permissions/delete', { role_id }),
    },
    /** The business's lists the screens choose from. */
    business: {
      branches: () => api.get<Branch[]>('business/branch/list'),
      positions: () => api.get<Position[]>('business/position/read'),
      roles: () => api.get<RoleOption[]>('business/rol/list'),
    },
  };
}

/** Entries of the activity log asked at a time. */
export const LOG_PAGE = 50;

export type EmployeesApi = ReturnType<typeof employeesApi>;
