import { Outlet } from 'react-router';
import { useSession, type SessionUser } from '@volante/plugin-ui';
import { Forbidden } from '../components/Forbidden';

/** Provider administrators: users of the provider business with role super. */
export function isProviderAdmin(user: SessionUser | null): boolean {
  return !!user && user.role === 'super' && user.business?.is_provider === true;
}

/** The provider's screens (/facilauto/…): anyone else sees "no permission". */
export function RequireProvider() {
  const { user } = useSession();
  return isProviderAdmin(user) ? <Outlet /> : <Forbidden />;
}
