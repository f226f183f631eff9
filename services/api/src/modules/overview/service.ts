import { and, count, eq, exists, isNull, sql } from 'drizzle-orm';
import { ROLE, type QuickStartStep, type TotalCount } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { links } from '../links/tables.js';
import { products } from '../products/tables.js';
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

/**
 * Which quick-start steps the company has done, read from its data: a project, a live product,
 * a link someone added (automatic links come with every product, so they do not count), a QR
 * code downloaded, a sub-admin added. Company-wide: a sub-admin sees the company's progress.
 */
export async function quickStartSteps(db: Db, companyId: number): Promise<QuickStartStep[]> {
  const liveProducts = and(eq(products.companyId, companyId), isNull(products.deletedAt));
  const [row] = await db
    .select({
      project: exists(db.select({ one: sql`1` }).from(projects).where(eq(projects.companyId, companyId))).mapWith(Boolean),
      product: exists(db.select({ one: sql`1` }).from(products).where(liveProducts)).mapWith(Boolean),
      link: exists(
        db
          .select({ one: sql`1` })
          .from(links)
          .innerJoin(products, eq(products.id, links.productId))
          .where(and(liveProducts, eq(links.isAuto, false), eq(links.display, true))),
      ).mapWith(Boolean),
      qr: sql<boolean>`${companies.qrDownloadedAt} is not null`.mapWith(Boolean),
      subAdmin: exists(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(and(eq(users.companyId, companyId), eq(users.roleId, ROLE.SUB_ADMIN))),
      ).mapWith(Boolean),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return [
    { id: 'project', done: row?.project ?? false },
    { id: 'product', done: row?.product ?? false },
    { id: 'link', done: row?.link ?? false },
    { id: 'qr', done: row?.qr ?? false },
    { id: 'subAdmin', done: row?.subAdmin ?? false },
  ];
}

