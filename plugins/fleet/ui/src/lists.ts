/**
 * The plugin's fixed lists (README "Fixed lists"): the values the API takes, in the order the
 * screens offer them. Their Spanish names are in the catalogue (`kind.car`, `fuel.diesel`…).
 */
import type { Category, Coverage, Fuel, Gearbox, ItvResult, MaintenanceKind, Payment, PolicyKind, PolicyTab, StateFilter, VehicleKind } from './api';

export const VEHICLE_KINDS: VehicleKind[] = ['car', 'motorcycle', 'moped', 'truck', 'bus', 'trailer', 'other'];
export const FUELS: Fuel[] = ['gasoline', 'diesel', 'electric', 'gasoline_hybrid', 'diesel_hybrid', 'hydrogen'];
export const GEARBOXES: Gearbox[] = ['manual', 'automatic'];
/** The spec's 18 driving licence classes, as the plugin checks them. */
export const LICENCE_CLASSES = ['A', 'A1', 'A2', 'AM', 'AML', 'B', 'B96', 'C', 'C1', 'D', 'D1', 'EB', 'EC', 'EC1', 'ED', 'LCM', 'LVA', 'RPV'];
export const MAINTENANCE_KINDS: MaintenanceKind[] = ['itv', 'service', 'repair', 'tyres', 'other'];
export const ITV_RESULTS: ItvResult[] = ['favourable', 'unfavourable', 'negative'];
/** Upkeep kinds whose entry needs a description. */
export const DESCRIBED_KINDS: MaintenanceKind[] = ['repair', 'other'];
export const CATEGORIES: Category[] = ['workshop', 'dealership', 'buy_and_sell'];
export const POLICY_KINDS: PolicyKind[] = ['vehicle', 'liability', 'premises', 'other'];
export const COVERAGES: Coverage[] = ['third_party', 'third_party_extended', 'comprehensive'];
export const PAYMENTS: Payment[] = ['annual', 'semiannual', 'quarterly', 'monthly'];
/** The lists' state filter: '' (active and inactive, the host's default) first. */
export const STATE_FILTERS: StateFilter[] = ['', 'active', 'inactive', 'deleted', 'all'];
/** The policy list's tabs, in the order shown; an unknown `show_tab` shows the first. */
export const POLICY_TABS: PolicyTab[] = ['vigentes', 'por-vencer', 'vencidas', 'todas'];

/**
 * The spec's four insurers, local to the UI (the plugin checks the id): ids in the spec's order,
 * shown sorted by name.
 */
export const INSURERS: { id: number; name: string }[] = [
  { id: 1, name: 'MAPHRE' },
  { id: 2, name: 'LINEA DIRECTA' },
  { id: 3, name: 'ALLIANZ' },
  { id: 4, name: 'PLUS ULTRA' },
].sort((a, b) => a.name.localeCompare(b.name, 'es'));

export function insurerName(id: number | null | undefined): string {
  return INSURERS.find((i) => i.id === id)?.name ?? '';
}

/** The tab a `show_tab` names; anything else is "vigentes". */
export function tabOf(showTab: string | undefined): PolicyTab {
  return POLICY_TABS.find((tab) => tab === showTab) ?? 'vigentes';
}
