import { Navigate, Outlet } from 'react-router-dom';
import { ROLE, type RoleId } from '@product-console/shared';
import { homePath } from '@/lib/home-path';
import { useSession } from '@/features/auth/api/get-session';

/** Role-restricted areas admit the listed roles; anyone else goes to their own service home (spec point 5). */
export function RequireRole({ roles }: { roles: readonly RoleId[] }) {
  const { session } = useSession();
  if (!session) return null;
  if (!roles.includes(session.user.roleId)) return <Navigate to={homePath(session)} replace />;
  return <Outlet />;
}

const ADMIN_ROLES = [ROLE.SUPER_ADMIN, ROLE.MANAGER] as const;

/** User roles and Traceability: super-admins and managers only. */
export function AdminOnly() {
  return <RequireRole roles={ADMIN_ROLES} />;
}
