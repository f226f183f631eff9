import { count, eq } from 'drizzle-orm';
import type { TotalCount } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../access/auth-context.js';
import { countProducts, listProducts, type ProductPage } from '../products/service.js';
import { authorizeProject } from '../access/policies.js';
import { projects } from '../projects/tables.js';
import { accessibleProjectIds } from '../access/policies.js';

export async function totalCount(db: Db, auth: AuthContext, companyId: number): Promise<TotalCount> {
  const projectIds = await accessibleProjectIds(db, auth, companyId);
  const projectCount =
    projectIds?.length ?? (await db.select({ n: count() }).from(projects).where(eq(projects.companyId, companyId)))[0].n;
  return { projects: projectCount, ...(await countProducts(db, { companyId, projectIds })) };
}

export async function productList(
  db: Db,
  auth: AuthContext,
  companyId: number,
  query: { page: number; size: number; projectId?: number },
): Promise<ProductPage> {
  if (query.projectId !== undefined) await authorizeProject(db, auth, companyId, query.projectId, 'read');
  const projectIds = await accessibleProjectIds(db, auth, companyId);
  return listProducts(db, { companyId, projectIds }, query);
}
