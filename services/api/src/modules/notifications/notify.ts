import { and, eq, gt } from 'drizzle-orm';
import { ROLE } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { users } from '../auth/tables.js';
import { planUsage } from '../plans/limits.js';
import { notifications, planUsageNotices } from './tables.js';

/**
 * Notifications produced by events. Each carries its English text (title, message) and a
 * `type` with `params`, from which the console shows it in the user's language.
 */
export interface NotificationEvent {
  type: string;
  title: string;
  message: string;
  params?: Record<string, string | number>;
}

const row = (event: NotificationEvent) => ({ type: event.type, title: event.title, message: event.message, params: event.params ?? {} });

/** To every super-admin (notifications of no company). */
export async function notifySuperAdmins(db: Db, event: NotificationEvent): Promise<void> {
  await db.insert(notifications).values({ companyId: null, userId: null, ...row(event) });
}

/** To every user of a company, sub-admins included (one shared read flag). */
export async function notifyCompany(db: Db, companyId: number, event: NotificationEvent): Promise<void> {
  await db.insert(notifications).values({ companyId, userId: null, ...row(event) });
}

/** To each manager of a company, with a read flag of their own. */
export async function notifyCompanyAdmins(db: Db, companyId: number, event: NotificationEvent): Promise<void> {
  const managers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.roleId, ROLE.MANAGER)));
  if (managers.length === 0) return;
  await db.insert(notifications).values(managers.map((manager) => ({ companyId, userId: manager.id, ...row(event) })));
}

export const recallStartedEvent = (productName: string, lots: string[]): NotificationEvent => ({
  type: 'recall.started',
  title: `Recall started: ${productName}`,
  message: lots.length > 0 ? `${productName}, lots ${lots.join(', ')}, is recalled. Scans of it now lead to the recall notice.` : `${productName} is recalled. Scans of affected items now lead to the recall notice.`,
  params: { productName, lots: lots.join(', ') },
});

export const companyRegisteredEvent = (companyName: string): NotificationEvent => ({
  type: 'company.registered',
  title: `New company registered: ${companyName}`,
  message: `${companyName} is waiting for approval.`,
  params: { companyName },
});

export const companyApprovedEvent = (companyName: string): NotificationEvent => ({
  type: 'company.approved',
  title: 'Your company has been approved',
  message: `${companyName} can now use the console.`,
  params: { companyName },
});

export const subAdminJoinedEvent = (name: string): NotificationEvent => ({
  type: 'subAdmin.joined',
  title: 'New sub-admin',
  message: `${name} joined your company.`,
  params: { name },
});

/** A serial that looks copied (decision 055): `serial.suspiciousCountries` or `serial.suspiciousVolume`. */
export const suspiciousSerialEvent = (productName: string, serial: string, reason: 'countries' | 'volume', countries: string[]): NotificationEvent =>
  reason === 'countries'
    ? {
        type: 'serial.suspiciousCountries',
        title: `Suspicious serial: ${serial}`,
        message: `${productName} serial ${serial} was scanned in ${countries.join(', ')} within a short time. It may be copied.`,
        params: { productName, serial, countries: countries.join(', ') },
      }
    : {
        type: 'serial.suspiciousVolume',
        title: `Suspicious serial: ${serial}`,
        message: `${productName} serial ${serial} is scanned far more often than the product's other serials. It may be copied.`,
        params: { productName, serial, countries: countries.join(', ') },
      };

const englishCountries = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * A product scanned outside its intended markets for the first time in that country (decision
 * 070): `diversion.serial`, or `diversion.product` for scans without a serial. `country` is the
 * ISO code (the console names it in the reader's language), `at` the scan's instant.
 */
export const diversionEvent = (productName: string, serial: string | null, country: string, at: string): NotificationEvent => {
  const countryName = englishCountries.of(country) ?? country;
  const when = `${at.slice(0, 16).replace('T', ' ')} UTC`;
  return serial === null
    ? {
        type: 'diversion.product',
        title: `Scanned outside its markets: ${productName}`,
        message: `${productName} was scanned in ${countryName} on ${when}, outside its intended markets. It may be diverted.`,
        params: { productName, country, at },
      }
    : {
        type: 'diversion.serial',
        title: `Scanned outside its markets: ${productName} ${serial}`,
        message: `${productName} serial ${serial} was scanned in ${countryName} on ${when}, outside its intended markets. It may be diverted.`,
        params: { productName, serial, country, at },
      };
};

/** A shopper's report of a suspected fake (decision 071): `report.filed`, with or without the serial shown. */
export const reportFiledEvent = (productName: string, serial: string | null, reportId: number): NotificationEvent => ({
  type: 'report.filed',
  title: `Suspected fake reported: ${productName}`,
  message: serial
    ? `A shopper reported a suspected fake of ${productName} (serial ${serial}). See report #${reportId} on the Authenticity desk.`
    : `A shopper reported a suspected fake of ${productName}. See report #${reportId} on the Authenticity desk.`,
  params: { productName, serial: serial ?? '', reportId },
});

/** Usage thresholds, in percent of the plan limit, that produce a notification. */
export const PLAN_USAGE_THRESHOLDS = [80, 100] as const;
export type PlanUsageResource = 'product' | 'subAdmin';

const RESOURCE_WORDS: Record<PlanUsageResource, string> = { product: 'products', subAdmin: 'sub-admins' };

async function usageOf(db: Db, companyId: number): Promise<{ resource: PlanUsageResource; used: number; limit: number; planName: string }[]> {
  const usage = await planUsage(db, companyId);
  if (!usage) return [];
  return [
    { resource: 'product', ...usage.product, planName: usage.plan.name },
    { resource: 'subAdmin', ...usage.subAdmin, planName: usage.plan.name },
  ];
}

/**
 * Tells a company's managers when its usage of a plan limit (products, sub-admins) reaches
 * 80 % and 100 %, once per crossing. It runs on `planUsage.changed` of products and sub-admins
 * (`subscribers.ts`); it is cheap when nothing changed. A threshold falls back below when usage drops,
 * so crossing it again notifies again.
 */
export async function notifyPlanUsage(db: Db, companyId: number): Promise<void> {
  for (const { resource, used, limit, planName } of await usageOf(db, companyId)) {
    if (limit <= 0) continue;
    const percent = (used / limit) * 100;
    await db
      .delete(planUsageNotices)
      .where(and(eq(planUsageNotices.companyId, companyId), eq(planUsageNotices.resource, resource), gt(planUsageNotices.threshold, Math.floor(percent))));
    const reached = PLAN_USAGE_THRESHOLDS.filter((threshold) => percent >= threshold);
    const highest = reached[reached.length - 1];
    if (highest === undefined) continue;
    // Claim every reached threshold; notify only about the highest newly claimed one.
    const claimed = await db
      .insert(planUsageNotices)
      .values(reached.map((threshold) => ({ companyId, resource, threshold })))
      .onConflictDoNothing()
      .returning({ threshold: planUsageNotices.threshold });
    if (claimed.length === 0) continue;
    const threshold = Math.max(...claimed.map((notice) => notice.threshold));
    const words = RESOURCE_WORDS[resource];
    await notifyCompanyAdmins(db, companyId, {
      type: 'plan.usage',
      title: threshold >= 100 ? `Plan limit reached: ${words}` : `Plan limit almost reached: ${words}`,
      message: `You have used ${used} of ${limit} ${words} of your ${planName} plan.`,
      params: { resource, threshold, used, limit, planName },
    });
  }
}
