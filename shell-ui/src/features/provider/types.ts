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

/** `GET business/read` (one, with its services) and `?all=true` (the list, without). */
export interface Business {
  business_id: number;
  name: string;
  fiscal_name: string;
  fiscal_code: string;
  email: string;
  phone: string;
  city: string;
  status: string;
  is_provider: boolean;
  created_at: string;
  services?: (ServiceRef & { enabled_at: string })[];
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
