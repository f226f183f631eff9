import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ROLE, type ServiceCode } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound, planLimitReached } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct, findProduct } from '../access/policies.js';
import { users } from '../auth/tables.js';
import { links } from '../links/tables.js';
import { products } from '../products/tables.js';
import { plans, subscriptions } from './tables.js';

/*
 * The plan-limit rule, in the one place that answers both the check endpoints
 * (`GET /api/service/plan/check/*`, which the gateway caches) and the writes that must stay within
 * it. What counts:
 * - products: the company's live (not deleted) products, against `productLimit`;
 * - links: the shown links of one product, against `linkLimit`;
 * - sub-admins: the company's sub-admin accounts, invited or joined, against `subAdminLimit`.
 * A company without a current plan may add nothing. A write that changes one of these counts
 * publishes `planUsage.changed` (see `src/events.ts`), which tells the gateway and the managers.
 */

/** The company's current plan: its latest active subscription. */
export async function currentSubscription(db: Db, companyId: number) {
  const [row] = await db
    .select({ plan: plans, subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.companyId, companyId), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** Live (not deleted) products of a company: what the product limit counts. */
export async function countLiveProducts(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.companyId, companyId), isNull(products.deletedAt)));
  return row.total;
}

/** Sub-admin accounts of a company, joined or not: what the sub-admin limit counts. */
export async function countSubAdmins(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.roleId, ROLE.SUB_ADMIN)));
  return row.total;
}

/** Shown links of a product: what the link limit counts. */
async function countShownLinks(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(links)
    .where(and(eq(links.productId, productId), eq(links.display, true)));
  return row.total;
}

export interface UsageOfLimit {
  used: number;
  limit: number;
}

/** The company's plan with the usage of its company-wide limits; null without a current plan. */
export async function planUsage(db: Db, companyId: number) {
  const current = await currentSubscription(db, companyId);
  if (!current) return null;
  const product: UsageOfLimit = { used: await countLiveProducts(db, companyId), limit: current.plan.productLimit };
  const subAdmin: UsageOfLimit = { used: await countSubAdmins(db, companyId), limit: current.plan.subAdminLimit };
  return { ...current, product, subAdmin };
}

/** True when the company may not add another product (also without any plan). */
export async function isProductLimitReached(db: Db, companyId: number): Promise<boolean> {
  const current = await currentSubscription(db, companyId);
  if (!current) return true;
  return (await countLiveProducts(db, companyId)) >= current.plan.productLimit;
}

/** True when the product may not show another link; 404 for a product outside the company. */
export async function isLinkLimitReached(db: Db, companyId: number, productId: number): Promise<boolean> {
  if (!(await findProduct(db, companyId, productId))) throw notFound();
  const current = await currentSubscription(db, companyId);
  if (!current) return true;
  return (await countShownLinks(db, productId)) >= current.plan.linkLimit;
}

/**
 * The link-limit status as a caller may ask for it: only of a product it may read, by the rules of
 * every product read (another company's product is 404; a sub-admin needs product access to the
 * product's project, else 403), so that the answer tells nothing about other products.
 */
export async function isLinkLimitReachedFor(db: Db, auth: AuthContext, companyId: number, productId: number): Promise<boolean> {
  const product = await authorizeProduct(db, auth, companyId, productId, 'read');
  return isLinkLimitReached(db, companyId, product.id);
}

/** Whether the company may add another sub-admin under its plan (no plan: no). */
export async function canAddSubAdmin(db: Db, companyId: number): Promise<boolean> {
  const current = await currentSubscription(db, companyId);
  if (!current) return false;
  return (await countSubAdmins(db, companyId)) < current.plan.subAdminLimit;
}

// Write guards: called inside the write's transaction, after the lock that serialises the
// company's (or the product's) writes, so that two writes at once cannot both pass the limit.

/** A product write needs a plan offering its service; adding one also needs room under the product limit (E403003). */
export async function assertProductAllowed(tx: Db, companyId: number, service: ServiceCode, adding: boolean): Promise<void> {
  const current = await currentSubscription(tx, companyId);
  if (!current || !current.plan.services.includes(service)) throw planLimitReached();
  if (adding && (await countLiveProducts(tx, companyId)) >= current.plan.productLimit) throw planLimitReached();
}

/** Showing another link of the product needs room under the link limit (E403003). */
export async function assertLinkAllowed(tx: Db, companyId: number, productId: number): Promise<void> {
  if (await isLinkLimitReached(tx, companyId, productId)) throw planLimitReached();
}

/** Adding a sub-admin needs room under the sub-admin limit (E403003). */
export async function assertSubAdminAllowed(tx: Db, companyId: number): Promise<void> {
  if (!(await canAddSubAdmin(tx, companyId))) throw planLimitReached();
}
