import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useAuth } from '@/lib/auth.ts';
import { paths } from '@/config/paths.ts';

/** Where a signed-in user goes from a public screen: back to what was asked for, else /home. */
export function redirectTarget(state: unknown): string | Partial<Location> {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (from?.pathname && from.pathname !== paths.login) {
    return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
  }
  return paths.home;
}

/** Sign-in and password screens: a signed-in user is sent on. */
export function PublicOnly() {
  const { session } = useAuth();
  const location = useLocation();
  if (session) return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
