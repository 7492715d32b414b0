import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth.ts';
import { paths } from '@/config/paths.ts';

/** Protected routes need a token; without one the requested location is kept for after sign-in. */
export function RequireAuth() {
  const { session, signedOutBy } = useAuth();
  const location = useLocation();
  if (!session) {
    const state = signedOutBy === 'logout' ? undefined : { from: location };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
