import { Navigate, Outlet } from 'react-router';
import { ADMIN_ROLE_ID } from '@dme/shared';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth.ts';

/**
 * Routes for role 1 only (user administration). Another role goes to /404 at once, as the
 * server's 403 would send it there after a round trip; the server enforces the same rule.
 */
export function RequireAdmin() {
  const session = useSession();
  return session.role_id === ADMIN_ROLE_ID ? <Outlet /> : <Navigate to={paths.notFound} replace />;
}
