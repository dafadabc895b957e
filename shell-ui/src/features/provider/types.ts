import type { NotificationLevel } from '../../components/NotificationLevel';

export interface ServiceRef {
  id: string;
  name: string;
}

/** `GET plugin/list` (provider). */
export interface InstalledPlugin {
  plugin_id: string;
  name: string;
  version: string;
  api: string;
  digest: string;
  services: ServiceRef[];
  routes: number;
  tables_requested: string[];
  tables_granted: string[];
  businesses: number[];
}

/** A service switched on for a business, and since when. */
export interface EnabledService extends ServiceRef {
  enabled_at: string;
}

/** `GET business/read` (one, with its services) and `?all=true` (the list, without). */
export interface Business {
  business_id: number;
  name: string;
  fiscal_name: string;
  fiscal_code: string;
  email: string;
  phone: string;
  address?: string;
  city: string;
  postal_code?: string;
  province_id?: number | null;
  status: string;
  is_provider: boolean;
  created_at: string;
  services?: EnabledService[];
  branch_count?: number;
  /** Its business group (provider administrators group schools), or null. */
  group_id?: number | null;
  group_name?: string | null;
}

/**
 * `GET business/removecomplete` (provider administrators, a suspended school only): what was
 * deleted with the business, which no longer exists.
 */
export interface RemovedBusiness {
  business_id: number;
  name: string;
  users: number;
  files: number;
  objects: number;
  plugin_rows: number;
}

export type BusinessStatus = 'active' | 'suspended' | 'trial';
export const BUSINESS_STATUSES: BusinessStatus[] = ['active', 'trial', 'suspended'];

/** `GET business/group/readgroup`: the provider's business groups. */
export interface BusinessGroup {
  group_id: number;
  name: string;
  businesses: number;
}

/** `GET notifications/group/read`: the groups the provider sorts its notifications into. */
export interface NotificationGroup {
  group_id: number;
  name: string;
  notifications: number;
}

/** A notification the provider sends to every school (`business_group` null) or a business group. */
export interface ProviderNotification {
  notification_id: number;
  title: string;
  body: string;
  level: NotificationLevel;
  group: { group_id: number; name: string } | null;
  business_group: { group_id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  created_by_name: string | null;
  /** How many users have read it. */
  reads: number;
}

/** What `notifications/create` takes (and `update`, besides the id, only what changes). */
export interface NotificationFields {
  title: string;
  body: string;
  level: NotificationLevel;
  group_id: number | null;
  business_group_id: number | null;
}

/** Where the school finder found the search: the school's own data, a branch's, a user's. */
export type FinderMatchKind = 'business' | 'branch' | 'user';

/**
 * One thing that matched: `field` is one of business name, fiscal_name, fiscal_code, email, phone,
 * city, postal_code; branch trade_name, city, email, phone, dgt_code, holder, holder_document,
 * director, director_document; user email, name. `id`: the business, branch or user.
 */
export interface FinderMatch {
  kind: FinderMatchKind;
  field: string;
  value: string;
  id: number;
}

/** A school the finder found, with what matched (5 at most). */
export interface FoundSchool {
  business_id: number;
  name: string;
  fiscal_code: string;
  city: string;
  status: string;
  matches: FinderMatch[];
}

/** `GET buscador/autoescuelas?search=` (provider administrators): 25 schools at most of `total`. */
export interface SchoolSearch {
  total: number;
  schools: FoundSchool[];
}

/** A branch's registration with the DGT (the part the record card shows). */
export interface DrivingSchoolBlock {
  provincial_number?: string;
  control_digit?: string;
  sequential_number?: string;
}

/** A branch as `business/branch/list` answers it (the part the record card shows). */
export interface RecordBranch {
  branch_id: number;
  trade_name: string;
  city: string;
  email: string;
  phones: string[] | null;
  driving_school: DrivingSchoolBlock | null;
}

/** The users of a role (`role` '' for those without one): how many, and how many are active. */
export interface RoleUsers {
  role: string;
  users: number;
  active: number;
}

/** A user of a school, as the record card lists them for the provider's reports on one of them. */
export interface RecordUser {
  user_id: number;
  name: string;
  email: string;
  /** Its role's name, '' without one. */
  role: string;
  /** Active and not locked. */
  active: boolean;
}

/** `GET business/ficha/read?business_id=` (provider administrators): a school's record card. */
export interface BusinessRecord {
  business: Business;
  /** Not deleted, oldest first. */
  branches: RecordBranch[];
  services: EnabledService[];
  /** `list`: every user of the school, by name. */
  users: { total: number; active: number; by_role: RoleUsers[]; list: RecordUser[] };
  /** `plan`: basic, standard, premium or custom. */
  storage: { plan: string; quota_bytes: number; used_bytes: number; files: number };
  /** `open_sessions`: not revoked nor expired. */
  activity: { last_sign_in_at: string | null; open_sessions: number };
}

/**
 * `GET business/copy/kinds` (provider administrators): a kind of content an installed plugin copies
 * from one business into another. `service`: the service both businesses must have switched on.
 */
export interface CopyKind {
  kind: string;
  label: string;
  plugin: string;
  plugin_name: string;
  service: string;
}

/** What `business/copy` takes: copy `kind` from business `from` into business `to`. */
export interface CopyRequest {
  from: number;
  to: number;
  kind: string;
}

/**
 * `POST business/copy` (provider administrators): what was copied, whole or not at all. `created`:
 * the items made in the target; `skipped`: those it already had (copying twice adds nothing twice).
 */
export interface CopyResult {
  kind: string;
  label: string;
  plugin: string;
  from: { business_id: number; name: string };
  to: { business_id: number; name: string };
  created: number;
  skipped: number;
}

/** A business's job position (Director, Profesor…). */
export interface Position {
  position_id: number;
  name: string;
}

/**
 * `GET business/initalpositions?business_id=` (provider administrators): the default positions the
 * business lacked, now added (`added`, their names), and all its positions.
 */
export interface InitialPositions {
  added: string[];
  positions: Position[];
}

/** What the provider's reports on a user take: the period (`YYYY-MM-DD`), its sense, the detail. */
export interface UserReportQuery {
  d1: string;
  d2: string;
  /**
   * Sessions: true, those open at some moment of the period; false, those started in it. The
   * time-clock record: true, every day of the period; false, only the days with work clocked.
   */
  between: boolean;
  /** Sessions: each day's stretches (`days`); the record: each clocked interval. */
  ranges: boolean;
}

export type SessionState = 'open' | 'closed' | 'expired';

/** A session of the user (times UTC ISO; `*_local`, `dd/mm/yyyy HH:MM` in Europe/Madrid). */
export interface ReportSession {
  session_id: number;
  device: string;
  ip: string;
  user_agent: string;
  started_at: string;
  last_seen_at: string;
  /** When it was closed or expired; null while open. */
  ended_at: string | null;
  state: SessionState;
  started_local: string;
  last_seen_local: string;
}

/** A stretch of a day with a session open (`HH:MM` to `HH:MM`, local). */
export interface SessionRange {
  session_id: number;
  from: string;
  to: string;
}

/**
 * `GET user/sessions/generate/{business}/{id}/{d1}/{d2}/{between}?ranges=` (provider
 * administrators, audited): a user's sessions over a period; `days` (each day of the period with
 * its stretches) only with `ranges=1`.
 */
export interface SessionReport {
  business: { business_id: number; name: string };
  user: { user_id: number; name: string; email: string };
  from: string;
  to: string;
  between: boolean;
  zone: string;
  sessions: ReportSession[];
  days?: { date: string; ranges: SessionRange[] }[];
}
