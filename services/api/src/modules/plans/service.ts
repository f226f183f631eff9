import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ROLE, type Plan, type PricingPlan } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { users } from '../auth/tables.js';
import { links } from '../links/tables.js';
import { authorizeProduct, findProduct } from '../access/policies.js';
import { countLiveProducts } from '../products/service.js';
import { plans, subscriptions } from './tables.js';

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

export async function planInfo(db: Db, companyId: number): Promise<Plan> {
  const current = await currentSubscription(db, companyId);
  if (!current) throw notFound();
  const [{ subAdmins }] = await db
    .select({ subAdmins: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.roleId, ROLE.SUB_ADMIN)));
  return {
    planName: current.plan.name,
    services: current.plan.services,
    limits: { product: current.plan.productLimit, link: current.plan.linkLimit, subAdmin: current.plan.subAdminLimit },
    usage: { product: await countLiveProducts(db, companyId), subAdmin: subAdmins },
    subscription: {
      startDate: current.subscription.startDate,
      endDate: current.subscription.endDate,
      status: current.subscription.status,
    },
  };
}

/** True when the company may not add another product (also without any plan). */
export async function isProductLimitReached(db: Db, companyId: number): Promise<boolean> {
  const current = await currentSubscription(db, companyId);
  if (!current) return true;
  return (await countLiveProducts(db, companyId)) >= current.plan.productLimit;
}

/** True when the product may not display another link; 404 for a product outside the company. */
export async function isLinkLimitReached(db: Db, companyId: number, productId: number): Promise<boolean> {
  if (!(await findProduct(db, companyId, productId))) throw notFound();
  const current = await currentSubscription(db, companyId);
  if (!current) return true;
  const [{ displayed }] = await db
    .select({ displayed: sql<number>`count(*)::int` })
    .from(links)
    .where(and(eq(links.productId, productId), eq(links.display, true)));
  return displayed >= current.plan.linkLimit;
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

/** Every plan, cheapest first (by product limit), with the company's current one marked. */
export async function listPlans(db: Db, companyId: number): Promise<PricingPlan[]> {
  const current = await currentSubscription(db, companyId);
  const rows = await db.select().from(plans).orderBy(asc(plans.productLimit), asc(plans.id));
  return rows.map((plan) => ({
    planId: plan.id,
    planName: plan.name,
    services: plan.services,
    limits: { product: plan.productLimit, link: plan.linkLimit, subAdmin: plan.subAdminLimit },
    current: current?.plan.id === plan.id,
  }));
}
