import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { accessibleProjectIds, authorizeProduct, authorizeProject } from '../access/policies.js';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';

/**
 * Which products' scans a caller reads: `null` for every product of the company (roles 1–2
 * without a filter, deleted products included, as their past scans stay true), else the ids.
 * A sub-admin reads the products of its projects only; a filter outside its access is 403, another
 * company's project or product 404 (the access policies' answers).
 */
export async function analyticsScope(
  db: Db,
  auth: AuthContext,
  companyId: number,
  filter: { projectId?: number; productId?: number },
): Promise<number[] | null> {
  if (filter.productId !== undefined) {
    const product = await authorizeProduct(db, auth, companyId, filter.productId, 'read');
    return filter.projectId === undefined || filter.projectId === product.projectId ? [product.id] : [];
  }
  let projectIds: number[] | null;
  if (filter.projectId !== undefined) {
    await authorizeProject(db, auth, companyId, filter.projectId, 'read');
    projectIds = [filter.projectId];
  } else {
    projectIds = await accessibleProjectIds(db, auth, companyId);
  }
  if (projectIds === null) return null;
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.projectId, projectIds)));
  return rows.map((row) => row.id);
}

/** The company's IANA time zone (UTC until set). */
export async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound();
  return row.timeZone;
}
