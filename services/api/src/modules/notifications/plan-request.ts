import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound, validationFailed } from '../../errors.js';
import { companies } from '../companies/tables.js';
import { currentSubscription } from '../plans/limits.js';
import { plans } from '../plans/tables.js';
import { notifySuperAdmins } from './notify.js';
import { notifications } from './tables.js';

/** A company asks for one plan at most once a day: the operators are told once. */
const REPEAT_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /api/service/plan/request`: a manager asks for another plan (an upgrade or a change); the
 * operators (super-admins) get a notification naming the company and the plan, and change the
 * subscription. Answers whether a new request was recorded (false: the same one within a day).
 */
export async function requestPlan(db: Db, companyId: number, planId: number): Promise<{ requested: boolean }> {
  const [plan] = await db.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw notFound();
  const current = await currentSubscription(db, companyId);
  if (current?.plan.id === plan.id) throw validationFailed([{ path: 'planId', message: 'This is the plan the company has.' }]);
  const [company] = await db.select({ name: companies.companyName, serviceName: companies.serviceName }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return db.transaction(async (tx) => {
    const since = new Date(Date.now() - REPEAT_MS);
    const earlier = await tx
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.type, 'plan.requested'), gt(notifications.createdAt, since)));
    if (earlier.some(({ params }) => params?.serviceName === company.serviceName && params?.plan === plan.name)) {
      return { requested: false };
    }
    await notifySuperAdmins(tx, {
      type: 'plan.requested',
      title: 'Plan requested',
      message: `${company.name} asks for the ${plan.name} plan.`,
      params: { company: company.name, serviceName: company.serviceName, plan: plan.name, current: current?.plan.name ?? '' },
    });
    return { requested: true };
  });
}
