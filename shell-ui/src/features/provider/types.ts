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
}
