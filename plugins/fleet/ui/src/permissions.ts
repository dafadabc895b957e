/**
 * The plugin's permissions (README): reading needs only the service; writing needs these. The
 * session's permissions (the kit's `useSession().can`; role `super` has all) decide which
 * buttons and forms the screens offer; the host checks them again (PERMISSION-000).
 */
export const VEHICLES_PERMISSION = 'fleet.vehicles';
export const WORKSHOPS_PERMISSION = 'fleet.workshops';
export const INSURANCE_PERMISSION = 'fleet.insurance';
export const ALL_BRANCHES_PERMISSION = 'fleet.all_branches';
