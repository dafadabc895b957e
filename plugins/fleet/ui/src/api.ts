import type { StaffMember } from './components/TeacherSelect';
import type { ApiClient, ListPage } from '@volante/plugin-ui';

/** Every record's state: active, inactive (a vehicle off the road) or deleted (soft). */
export type RecordState = 'active' | 'inactive' | 'deleted';

/** The lists' state filter: '' is "active and inactive" (the host's default). */
export type StateFilter = '' | 'active' | 'inactive' | 'deleted' | 'all';

export type VehicleKind = 'car' | 'motorcycle' | 'moped' | 'truck' | 'bus' | 'trailer' | 'other';
export type Fuel = 'gasoline' | 'diesel' | 'electric' | 'gasoline_hybrid' | 'diesel_hybrid' | 'hydrogen';
export type Gearbox = 'manual' | 'automatic';
export type ItvState = 'ok' | 'due_soon' | 'overdue' | 'unknown';
export type MaintenanceKind = 'itv' | 'service' | 'repair' | 'tyres' | 'other';
export type ItvResult = 'favourable' | 'unfavourable' | 'negative';
export type Category = 'workshop' | 'dealership' | 'buy_and_sell';
export type PolicyKind = 'vehicle' | 'liability' | 'premises' | 'other';
export type Coverage = 'third_party' | 'third_party_extended' | 'comprehensive';
export type Payment = 'annual' | 'semiannual' | 'quarterly' | 'monthly';
/** Where a policy stands today: not started, in force, ending within 30 days, ended. */
export type PolicyStatus = 'pending' | 'current' | 'expiring' | 'expired';
/** The policy list's tabs (`show_tab` in the path, `tab` in the query). */
export type PolicyTab = 'vigentes' | 'por-vencer' | 'vencidas' | 'todas';

interface Meta {
  id: number;
  state: RecordState;
  created_at: string;
  updated_at: string;
}

/** A vehicle's writable fields (dates `YYYY-MM-DD`). */
export interface VehicleFields {
  plate: string;
  kind: VehicleKind;
  brand_id: number | null;
  model: string;
  licence_classes: string[];
  fuel: Fuel | null;
  gearbox: Gearbox;
  dual_controls: boolean;
  vin: string;
  registration_date: string | null;
  itv_due: string | null;
  odometer_km: number | null;
  teacher_user_id: number | null;
  branch_id: number | null;
  notes: string;
}

export type VehicleRecord = Meta & VehicleFields;

/** A vehicle as the list shows it: the record, its brand's name and its ITV standing. */
export interface VehicleItem extends VehicleRecord {
  brand: string | null;
  itv: { state: ItvState; days_left: number | null };
}

/** `GET vehicle/read?id=`: the item, its usual teacher, latest upkeep and policies. */
export interface VehicleView extends VehicleItem {
  teacher: { user_id: number; name: string; active: boolean } | null;
  maintenance: MaintenanceEntry[];
  /** Null without the insurance service. */
  insurances: PolicyItem[] | null;
}

export interface Brand {
  id: number;
  name: string;
}

export interface MaintenanceEntry {
  id: number;
  vehicle_id: number;
  plate: string;
  workshop_id: number | null;
  workshop_name: string | null;
  done_on: string;
  kind: MaintenanceKind;
  itv_result: ItvResult | null;
  next_itv_due: string | null;
  odometer_km: number | null;
  cost_cents: number | null;
  description: string;
  created_by: number | null;
  created_at: string;
}

export interface NewMaintenance {
  vehicle_id: number;
  done_on: string;
  kind: MaintenanceKind;
  workshop_id: number | null;
  itv_result?: ItvResult | null;
  next_itv_due?: string | null;
  odometer_km: number | null;
  cost_cents: number | null;
  description: string;
}

export interface WorkshopFields {
  name: string;
  category: Category;
  tax_code: string;
  contact_person: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  province_id: number | null;
  postal_code: string;
  notes: string;
}

export type WorkshopRecord = Meta & WorkshopFields;

/** `GET workshop/read?id=`: the record and its latest jobs (null without the vehicle service). */
export interface WorkshopView extends WorkshopRecord {
  jobs: MaintenanceEntry[] | null;
}

export interface PolicyFields {
  company_id: number;
  policy_number: string;
  kind: PolicyKind;
  coverage: Coverage | null;
  vehicle_id: number | null;
  branch_id?: number | null;
  start_date: string;
  end_date: string;
  premium_cents: number | null;
  payment: Payment;
  notes: string;
}

export type PolicyRecord = Meta & PolicyFields;

/** A policy as lists and views show it: the record, its insurer, its vehicle's plate, where it stands. */
export interface PolicyItem extends Meta, PolicyFields {
  company: string | null;
  plate: string | null;
  status: PolicyStatus;
  /** Days to its last day; negative once ended. */
  days_left: number | null;
}

export interface Alerts {
  days: number;
  today: string;
  itv: { vehicle_id: number; plate: string; model: string; brand: string | null; itv_due: string; state: ItvState; days_left: number | null }[];
  /** Null without the insurance service. */
  insurance:
    | { insurance_id: number; company: string | null; policy_number: string; kind: PolicyKind; vehicle_id: number | null; plate: string | null; end_date: string; state: PolicyStatus; days_left: number | null }[]
    | null;
  uninsured: { vehicle_id: number; plate: string; model: string }[] | null;
}

/** A list's query as the `GET …/read` calls take it (empty filters left out). */
export type ReadFilters = Record<string, string | number | undefined>;

export interface Branch {
  branch_id: number;
  trade_name: string;
}

/** Drops the filters left empty, so the query only carries what was chosen. */
export function cleanFilters(filters: ReadFilters): ReadFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined && v !== null));
}

export function fleetApi(api: ApiClient) {
  return {
    vehicles: {
      list: (query: ReadFilters) => api.get<ListPage<VehicleItem>>('vehicle/read', cleanFilters(query)),
      read: (id: number) => api.get<VehicleView>('vehicle/read', { id }),
      create: (fields: Partial<VehicleFields>) => api.post<VehicleRecord>('vehicle/create', fields),
      update: (id: number, fields: Partial<VehicleFields>) => api.post<VehicleRecord>('vehicle/update', { ...fields, id }),
      setState: (id: number, state: 'active' | 'inactive') => api.post<VehicleRecord>('vehicle/state', { id, state }),
      remove: (id: number) => api.post<VehicleRecord>('vehicle/delete', { id }),
      brands: () => api.get<Brand[]>('vehicle/brands'),
      alerts: () => api.get<Alerts>('vehicle/alerts'),
      /** The active staff for the teacher picker. */
      teachers: () => api.get<StaffMember[]>('vehicle/teachers'),
    },
    maintenance: {
      list: (vehicleId: number) => api.get<{ items: MaintenanceEntry[]; total_cost_cents: number }>('vehicle/maintenance/read', { vehicle_id: vehicleId }),
      create: (entry: NewMaintenance) => api.post<MaintenanceEntry>('vehicle/maintenance/create', entry),
      remove: (id: number) => api.post<{ id: number; deleted: boolean }>('vehicle/maintenance/delete', { id }),
    },
    workshops: {
      list: (query: ReadFilters) => api.get<ListPage<WorkshopRecord>>('workshop/read', cleanFilters(query)),
      read: (id: number) => api.get<WorkshopView>('workshop/read', { id }),
      create: (fields: WorkshopFields) => api.post<WorkshopRecord>('workshop/create', fields),
      update: (id: number, fields: WorkshopFields) => api.post<WorkshopRecord>('workshop/update', { ...fields, id }),
      setState: (id: number, state: 'active' | 'inactive') => api.post<WorkshopRecord>('workshop/state', { id, state }),
      remove: (id: number) => api.post<WorkshopRecord>('workshop/delete', { id }),
    },
    policies: {
      list: (query: ReadFilters) => api.get<ListPage<PolicyItem>>('insurance/read', cleanFilters(query)),
      read: (id: number) => api.get<PolicyItem>('insurance/read', { id }),
      create: (fields: PolicyFields) => api.post<PolicyRecord>('insurance/create', fields),
      update: (id: number, fields: PolicyFields) => api.post<PolicyRecord>('insurance/update', { ...fields, id }),
      setState: (id: number, state: 'active' | 'inactive') => api.post<PolicyRecord>('insurance/state', { id, state }),
      remove: (id: number) => api.post<PolicyRecord>('insurance/delete', { id }),
    },
    /** The host's call the branch select uses. */
    host: {
      branches: () => api.get<Branch[]>('business/branch/list'),
    },
  };
}

export type FleetApi = ReturnType<typeof fleetApi>;
