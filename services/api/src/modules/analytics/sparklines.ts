import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../access/auth-context.js';
import { accessibleProjectIds } from '../access/policies.js';
import { products } from '../products/tables.js';
import { companyTimeZone } from './dashboard-scope.js';

export const SPARKLINE_DAYS = 30;

/**
 * Scans per local day (company time zone) over the last 30 days, today included, of each asked
 * product the caller may read (another company's, or a sub-admin's product outside its projects,
 * is left out of the answer): 30 numbers per product, oldest first, zeros filled. One statement
 * over the daily `total` rollups (kept in the company's local days).
 */
export async function readSparklines(db: Db, auth: AuthContext, companyId: number, productIds: number[], now = new Date()) {
  if (productIds.length === 0) return [];
  const projectIds = await accessibleProjectIds(db, auth, companyId);
  const readable = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        inArray(products.id, productIds),
        projectIds === null ? undefined : projectIds.length === 0 ? sql`false` : inArray(products.projectId, projectIds),
      ),
    );
  const allowed = new Set(readable.map((row) => row.id));
  const ids = productIds.filter((id) => allowed.has(id));
  if (ids.length === 0) return [];

  const timeZone = await companyTimeZone(db, companyId);
  const today = sql`(${now.toISOString()}::timestamptz at time zone ${timeZone})::date`;
  const { rows } = (await db.execute(sql`
    select r.product_id, r.day - (${today} - ${SPARKLINE_DAYS - 1}::int) as day, r.scans
    from scan_daily_rollups r
    where r.company_id = ${companyId} and r.product_id = any(${`{${ids.join(',')}}`}::int[]) and r.dimension = 'total' and r.value = ''
      and r.day > ${today} - ${SPARKLINE_DAYS}::int and r.day <= ${today}`)) as unknown as { rows: { product_id: number; day: number | string; scans: number | string }[] };

  const byProduct = new Map(ids.map((id) => [id, Array.from({ length: SPARKLINE_DAYS }, () => 0)]));
  for (const row of rows) {
    const days = byProduct.get(row.product_id);
    const day = Number(row.day);
    if (days && day >= 0 && day < SPARKLINE_DAYS) days[day] = Number(row.scans);
  }
  return ids.map((productId) => ({ productId, days: byProduct.get(productId)! }));
}
