/** Permission and service checks (spec general §5, §6). */

export interface ServiceRef {
  id: string;
}

/** The user object `user/login`, `user/verify`, `user/update` and `user/unlock` return. */
export interface SessionUser {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  role_id?: number | null;
  business: {
    business_id: number;
    name: string;
    fiscal_name: string;
    is_provider?: boolean;
  };
  branch_id?: number | null;
  services: ServiceRef[];
  permissions: string[];
  locale?: string;
  two_factor?: boolean;
}

export const SUPER_ROLE = 'super';

type PermissionHolder = Pick<SessionUser, 'role' | 'permissions'>;
type ServiceHolder = Pick<SessionUser, 'services'>;

/** Role `super` has every permission; anyone else needs it in the permissions list. */
export function hasPermission(user: PermissionHolder | null | undefined, permission: string): boolean {
  if (!user) return false;
  if (user.role === SUPER_ROLE) return true;
  return Array.isArray(user.permissions) && user.permissions.includes(permission);
}

/** A service is allowed if the user's services list holds an object with its id. */
export function hasService(user: ServiceHolder | null | undefined, serviceId: string): boolean {
  if (!user || !Array.isArray(user.services)) return false;
  return user.services.some((service) => service && service.id === serviceId);
}
