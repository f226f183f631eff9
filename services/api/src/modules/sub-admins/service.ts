import { and, eq } from 'drizzle-orm';
import { ROLE } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../auth/service.js';
import { projects } from '../projects/tables.js';
import { subAdminAccess, type AccessInfo } from './tables.js';

/**
 * Projects the caller may see within its acting company: null means all of them (admins),
 * otherwise the ids a sub-admin was given access to.
 */
export async function accessibleProjectIds(db: Db, auth: AuthContext, companyId: number): Promise<number[] | null> {
  if (auth.roleId !== ROLE.SUB_ADMIN) return null;
  const rows = await db
    .select({ projectId: subAdminAccess.projectId })
    .from(subAdminAccess)
    .innerJoin(projects, eq(projects.id, subAdminAccess.projectId))
    .where(and(eq(subAdminAccess.userId, auth.userId), eq(projects.companyId, companyId)));
  return rows.map((row) => row.projectId);
}

/** A sub-admin's access flags on one project, or undefined without access. */
export async function projectAccess(db: Db, userId: number, projectId: number): Promise<AccessInfo | undefined> {
  const [row] = await db
    .select({ access: subAdminAccess.access })
    .from(subAdminAccess)
    .where(and(eq(subAdminAccess.userId, userId), eq(subAdminAccess.projectId, projectId)));
  return row?.access;
}
