import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../events.js';
import {
  companyApprovedEvent,
  companyRegisteredEvent,
  diversionEvent,
  notifyCompany,
  notifyCompanyAdmins,
  notifyPlanUsage,
  notifySuperAdmins,
  recallStartedEvent,
  reportFiledEvent,
  subAdminJoinedEvent,
  suspiciousSerialEvent,
} from './notify.js';
import { products } from '../products/tables.js';

/**
 * The notifications that other modules' domain events produce. The modules that emit them do not
 * know about notifications; this is the one list of what notifies whom.
 */
export function subscribeNotifications(bus: EventBus, db: Db): void {
  bus.subscribe('company.registered', (event) => notifySuperAdmins(db, companyRegisteredEvent(event.companyName)));
  bus.subscribe('company.approved', (event) => notifyCompany(db, event.companyId, companyApprovedEvent(event.companyName)));
  bus.subscribe('subAdmin.joined', (event) => notifyCompanyAdmins(db, event.companyId, subAdminJoinedEvent(event.name)));
  // Products and sub-admins have usage notices (80 % and 100 %); a product's links do not.
  // Usage that dropped lets a later crossing notify again.
  // A serial that looks copied: its company's managers, with the product's name.
  bus.subscribe('analytics.suspiciousSerial', async (event) => {
    const [product] = await db.select({ name: products.productName }).from(products).where(eq(products.id, event.productId));
    await notifyCompanyAdmins(db, event.companyId, suspiciousSerialEvent(product?.name ?? `#${event.productId}`, event.serial, event.reason, event.countries));
  });
  // A product scanned outside its intended markets, first time per serial and country: the managers, with the evidence.
  bus.subscribe('authenticity.diversion', async (event) => {
    const [product] = await db.select({ name: products.productName }).from(products).where(eq(products.id, event.productId));
    await notifyCompanyAdmins(db, event.companyId, diversionEvent(product?.name ?? `#${event.productId}`, event.serial, event.country, event.at));
  });
  // A shopper's report of a suspected fake: the company's managers, with the product's name.
  bus.subscribe('authenticity.reportFiled', async (event) => {
    const [product] = await db.select({ name: products.productName }).from(products).where(eq(products.id, event.productId));
    await notifyCompanyAdmins(db, event.companyId, reportFiledEvent(product?.name ?? `#${event.productId}`, event.serial, event.reportId));
  });
  // A recall: every user of the company (sub-admins included), with the product and the lots.
  bus.subscribe('recall.started', (event) => notifyCompany(db, event.companyId, recallStartedEvent(event.productName, event.lots)));
  bus.subscribe('planUsage.changed', (event) => (event.resource === 'link' ? undefined : notifyPlanUsage(db, event.companyId)));
}
