import { asc } from 'drizzle-orm';
import type { Plan, PricingPlan } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { currentSubscription, planUsage } from './limits.js';
import { plans } from './tables.js';

export async function planInfo(db: Db, companyId: number): Promise<Plan> {
  const usage = await planUsage(db, companyId);
  if (!usage) throw notFound();
  return {
    planName: usage.plan.name,
    services: usage.plan.services,
    limits: { product: usage.plan.productLimit, link: usage.plan.linkLimit, subAdmin: usage.plan.subAdminLimit },
    usage: { product: usage.product.used, subAdmin: usage.subAdmin.used },
    subscription: {
      startDate: usage.subscription.startDate,
      endDate: usage.subscription.endDate,
      status: usage.subscription.status,
    },
  };
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
    price: plan.monthlyPrice === null ? null : { monthly: plan.monthlyPrice, currency: plan.currency },
  }));
}
