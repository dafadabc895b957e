import type { ApiClient, Base64File } from '@volante/plugin-ui';

/** The caller's clock: no open day, working, or on a pause. */
export type ClockState = 'closed' | 'working' | 'paused';

/** `Status`: the caller's own state (answer of init, pause, finish, is_open). */
export interface ClockStatus {
  state: ClockState;
  /** True while working or paused. */
  open: boolean;
  /** UTC ISO start of the current interval (work or pause); null when closed. */
  since: string | null;
  entry_id: number | null;
  today_worked_minutes: number;
  /** The business's zone (`Europe/Madrid` or `Atlantic/Canary`). */
  timezone: string;
}

/** One correction of an interval: the values before and after, who, when and why. */
export interface ClockChange {
  changed_at: string;
  changed_by: number;
  changed_by_name: string;
  started_before: string;
  ended_before: string | null;
  started_after: string;
  ended_after: string | null;
  reason: string;
}

export type EntryKind = 'work' | 'pause';

/** An interval as clocked (times UTC ISO, `work_date` the business's local day). */
export interface ClockEntry {
  id: number;
  user_id: number;
  user_name: string;
  branch_id: number | null;
  kind: EntryKind;
  started_at: string;
  /** Null while the interval is open. */
  ended_at: string | null;
  work_date: string;
  minutes: number;
  edited: boolean;
  /** Only in `clock/entry/{id}`. */
  changes?: ClockChange[];
}

export interface Dashboard {
  status: ClockStatus;
  today: { date: string; worked_minutes: number; paused_minutes: number; entries: ClockEntry[] };
  /** Monday to Sunday; `days` lists all seven. */
  week: { from: string; to: string; worked_minutes: number; days: { date: string; worked_minutes: number }[] };
}

export interface StaffMember {
  user_id: number;
  name: string;
}

export interface ReportDay {
  date: string;
  user_id: number;
  user_name: string;
  branch_id: number | null;
  first_start: string;
  last_end: string | null;
  worked_minutes: number;
  paused_minutes: number;
  open: boolean;
  edited: boolean;
  entries: ClockEntry[];
}

export interface ReportTotal {
  user_id: number;
  user_name: string;
  days: number;
  worked_minutes: number;
}

export interface Report {
  from: string;
  to: string;
  /** The caller has `employee.clock`: everyone's records, the worker filter, corrections. */
  can_see_all: boolean;
  staff: StaffMember[];
  days: ReportDay[];
  totals: ReportTotal[];
}

/** The report's filters (dates `YYYY-MM-DD`, local); also the Excel export's query. */
export type ReportFilters = { from: string; to: string; user_id?: number; branch_id?: number };

/** A correction (`clock/update`): times UTC ISO with `Z`, the reason required. */
export type EntryCorrection = { id: number; started_at: string; ended_at: string | null; reason: string };

export function clockApi(api: ApiClient) {
  return {
    init: () => api.post<ClockStatus>('clock/init', {}),
    pause: () => api.post<ClockStatus>('clock/pause', {}),
    finish: () => api.post<ClockStatus>('clock/finish', {}),
    dashboard: () => api.get<Dashboard>('clock/dashboard'),
    report: (filters: ReportFilters) => api.post<Report>('clock/report', filters),
    excel: (filters: ReportFilters) => api.get<Base64File>('clock/excel', filters),
    update: (correction: EntryCorrection) => api.post<ClockEntry>('clock/update', correction),
    entry: (id: number) => api.get<ClockEntry>(`clock/entry/${id}`),
  };
}
