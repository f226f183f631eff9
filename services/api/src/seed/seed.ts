import { eq, sql } from 'drizzle-orm';
import { ACCESS_RESOURCES, ROLE, type ServiceCode } from '@product-console/shared';
import { loadConfig } from '../config.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { users } from '../modules/auth/tables.js';
import { companies } from '../modules/companies/tables.js';
import { ensureAutoLinks } from '../modules/links/auto-links.js';
import { notificationReads, notifications } from '../modules/notifications/tables.js';
import { plans, subscriptions } from '../modules/plans/tables.js';
import { gtin14 } from '../modules/products/gtin.js';
import { products } from '../modules/products/tables.js';
import { projects } from '../modules/projects/tables.js';
import { subAdminAccess, type AccessInfo } from '../modules/sub-admins/tables.js';
import type { FileStorage } from '../plugins/storage.js';
import type { Db } from '../db/client.js';
import { demoDynamicInfo, seedEntry, seedProductImages } from './seed-products.js';
import { seedDemoContents, seedDemoDesigns } from './seed-contents.js';
import { seedDemoPassports } from './seed-passports.js';
import { seedDemoTraces } from './seed-traces.js';
import { seedDemoScans } from './seed-scans.js';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Demo-pass-2026';

export const DEMO_USERS = {
  superAdmin: 'super@demo.example',
  acmeManager: 'manager@demo.example',
  acmeSubAdmin: 'subadmin@demo.example',
  nordicManager: 'manager@nordic.example',
  borealisManager: 'pending@borealis.example',
} as const;

/**
 * A demo product, in the category that fits it (spec points 3 and 9): 1 for goods with care
 * information (apparel, textiles and the gear made of them), 2 for food and drink, 3 for household
 * goods; 2 and 3 are smart-label types. Subcategory ids are those of the console's category list.
 */
interface DemoProduct {
  name: string;
  number: string;
  service: ServiceCode;
  isNfc: 0 | 1;
  categoryId: 1 | 2 | 3;
  subcategoryId?: number;
  /** Care information, for category 1 only. */
  care?: string;
  /** What the product page lists as its features; durable goods say they last, food says what it is. */
  features?: string;
}

const ACME_PRODUCTS: Record<string, DemoProduct[]> = {
  'Trail Gear': [
    { name: 'Summit 45L Backpack', number: 'AO-TG-001', service: 'DPP', isNfc: 1, categoryId: 1, subcategoryId: 4, care: 'Brush off dirt, hand wash in lukewarm water with mild soap and let it air dry. Do not machine wash.' },
    { name: 'Ridge Trekking Poles', number: 'AO-TG-002', service: 'DL', isNfc: 0, categoryId: 1, subcategoryId: 4, care: 'Rinse with fresh water and dry the sections apart after use. Wash the straps by hand.' },
    { name: 'Trailhead Hiking Boots', number: 'AO-TG-003', service: 'DPP', isNfc: 0, categoryId: 1, subcategoryId: 4, care: 'Brush off mud, dry away from direct heat and re-wax the leather now and then.' },
  ],
  Camping: [
    { name: 'Basecamp 2P Tent', number: 'AO-CA-001', service: 'DL', isNfc: 1, categoryId: 1, subcategoryId: 4, care: 'Pitch it to dry before packing it away. Clean with a sponge and water only; no detergent.' },
    { name: 'Ember Camp Stove', number: 'AO-CA-002', service: 'DL', isNfc: 0, categoryId: 3, subcategoryId: 10 },
    { name: 'Nightfall Sleeping Bag', number: 'AO-CA-003', service: 'DPP', isNfc: 1, categoryId: 1, subcategoryId: 4, care: 'Wash at 30 °C with down wash and tumble dry on low with dryer balls. Store it loose.' },
  ],
  'Winter Collection': [
    { name: 'Glacier Down Jacket', number: 'AO-WC-001', service: 'DPP', isNfc: 1, categoryId: 1, subcategoryId: 3, care: 'Wash at 30 °C with down wash, tumble dry on low. Do not iron or dry clean.' },
    { name: 'Frost Merino Beanie', number: 'AO-WC-002', service: 'DL', isNfc: 0, categoryId: 1, subcategoryId: 4, care: 'Hand wash cold, dry flat. Do not tumble dry.' },
  ],
};

const NORDIC_PRODUCTS: Record<string, DemoProduct[]> = {
  Dairy: [
    { name: 'Organic Whole Milk 1L', number: 'NF-DA-001', service: 'DL', isNfc: 0, categoryId: 2, subcategoryId: 5, features: 'Organic whole milk, 3.5 % fat, from farms in Uppland. Pasteurised, not homogenised.' },
    { name: 'Vanilla Skyr 500g', number: 'NF-DA-002', service: 'DL', isNfc: 1, categoryId: 2, subcategoryId: 5, features: 'Strained cultured milk with real vanilla: high in protein, 0.2 % fat.' },
  ],
  Bakery: [
    { name: 'Rye Crispbread', number: 'NF-BA-001', service: 'DL', isNfc: 0, categoryId: 2, subcategoryId: 6, features: 'Wholegrain rye, baked thin and crisp. High in fibre, no added sugar.' },
    { name: 'Cinnamon Buns 6-pack', number: 'NF-BA-002', service: 'DL', isNfc: 0, categoryId: 2, subcategoryId: 6, features: 'Six soft buns with cinnamon and cardamom, baked with butter. Warm them for five minutes at 150 °C.' },
  ],
};

const FULL_ACCESS: AccessInfo = Object.fromEntries(ACCESS_RESOURCES.map((resource) => [resource, { r: true, w: true }]));

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
/** The demo maintenance window: the coming Sunday, 02:00 UTC. */
function nextSundayTwoUtc(): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + ((7 - date.getUTCDay()) % 7 || 7));
  date.setUTCHours(2, 0, 0, 0);
  return date;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/(^-|-$)/g, '');
}

type Tx = Db;

async function seedCompanyCatalogue(
  tx: Tx,
  company: { id: number; prefix: string; website: string },
  catalogue: Record<string, DemoProduct[]>,
  descriptions: Record<string, string>,
  { storage, templateOrigin }: SeedOptions & { templateOrigin: string },
): Promise<Record<string, number>> {
  const projectIds: Record<string, number> = {};
  let itemReference = 1;
  let age = 24 * 30;
  for (const [projectName, items] of Object.entries(catalogue)) {
    const [project] = await tx
      .insert(projects)
      .values({ companyId: company.id, name: projectName, description: descriptions[projectName] ?? '', createdAt: hoursAgo(age), updatedAt: hoursAgo(age) })
      .returning({ id: projects.id });
    projectIds[projectName] = project.id;

    for (const item of items) {
      age -= 24;
      const gtin = gtin14(0, company.prefix, itemReference++);
      const [product] = await tx
        .insert(products)
        .values({
          companyId: company.id,
          projectId: project.id,
          entryId: await seedEntry(tx, company.id, company.prefix, gtin, item.name),
          productName: item.name,
          productNumber: item.number,
          categoryId: item.categoryId,
          subcategoryId: item.subcategoryId ?? null,
          service: item.service,
          isNfc: item.isNfc,
          productWebsite: `${company.website}/products/${slug(item.name)}`,
          features: item.features ?? `${item.name}: durable, repairable, made to last.`,
          description: `The ${item.name} from our ${projectName} range.`,
          details: `Product number ${item.number}.`,
          dynamicInfo: demoDynamicInfo(item.number),
          careInfoText: item.categoryId === 1 ? (item.care ?? '') : '',
          gtin,
          createdAt: hoursAgo(age),
          updatedAt: hoursAgo(age),
        })
        .returning();
      const images = await seedProductImages(storage, product.id, 2);
      if (images.length > 0) await tx.update(products).set({ images }).where(eq(products.id, product.id));
      // The same automatic links a product created in the console gets.
      await ensureAutoLinks(tx, product, { templateOrigin });
    }
  }
  return projectIds;
}

export interface SeedOptions {
  storage?: FileStorage;
  /** `config.DIGITAL_LINK_DOMAIN`, the origin of automatic link targets; default: that of the default settings. */
  digitalLinkOrigin?: string;
}

/**
 * Seeds the demo companies, users, plans, projects, products, links and notifications.
 * Idempotent: does nothing once any user exists. Returns whether it seeded.
 */
export async function seedDemo(db: Db, { storage, digitalLinkOrigin }: SeedOptions = {}): Promise<boolean> {
  const templateOrigin = digitalLinkOrigin ?? loadConfig({}).DIGITAL_LINK_DOMAIN;
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;

  const emails = Object.values(DEMO_USERS);
  const hashes = Object.fromEntries(await Promise.all(emails.map(async (email) => [email, await hashPassword(DEMO_PASSWORD)] as const)));

  await db.transaction(async (tx) => {
    const [starter, business] = await tx
      .insert(plans)
      .values([
        { name: 'Starter', services: ['DL'], productLimit: 20, linkLimit: 5, subAdminLimit: 2, monthlyPrice: 4_900 },
        { name: 'Business', services: ['DL', 'DPP'], productLimit: 100, linkLimit: 10, subAdminLimit: 5, monthlyPrice: 19_900 },
        { name: 'Enterprise', services: ['DL', 'DPP'], productLimit: 10_000, linkLimit: 20, subAdminLimit: 50, monthlyPrice: null },
      ])
      .returning({ id: plans.id });

    const [acme, nordic, borealis] = await tx
      .insert(companies)
      .values([
        {
          companyName: 'Acme Outdoor',
          serviceName: 'acme',
          categoryId: 1,
          gcps: ['0614141', '0614142'],
          description: 'Outdoor gear built to last a lifetime of trails, camps and winters.',
          country: 'US',
          contactPhone: '+1 555 0100',
          contactHour: 'Mon-Fri 9:00-17:00',
          contactEmail: 'hello@acme.example',
          website: 'https://acme.example',
          sns: [
            { type: 'instagram', url: 'https://instagram.com/acme.example' },
            { type: 'youtube', url: 'https://youtube.com/@acme.example' },
          ],
          permission: true,
          createdAt: hoursAgo(24 * 90),
        },
        {
          companyName: 'Nordic Foods',
          serviceName: 'nordic',
          categoryId: 1,
          gcps: ['7350053'],
          description: 'Dairy and bakery products from the north.',
          country: 'SE',
          contactPhone: '+46 8 555 010 00',
          contactHour: 'Mon-Fri 8:00-16:00',
          contactEmail: 'info@nordic.example',
          website: 'https://nordic.example',
          sns: [{ type: 'facebook', url: 'https://facebook.com/nordic.example' }],
          permission: true,
          createdAt: hoursAgo(24 * 60),
        },
        {
          companyName: 'Borealis Labs',
          serviceName: 'borealis',
          categoryId: 1,
          gcps: ['0850001'],
          description: 'Waiting for approval.',
          country: 'CA',
          contactEmail: 'pending@borealis.example',
          website: 'https://borealis.example',
          permission: false,
          createdAt: hoursAgo(2),
        },
      ])
      .returning({ id: companies.id });

    await tx.insert(subscriptions).values([
      { companyId: acme.id, planId: business.id, startDate: '2026-01-01', status: 'active' },
      { companyId: nordic.id, planId: starter.id, startDate: '2026-01-01', status: 'active' },
      { companyId: borealis.id, planId: starter.id, startDate: '2026-02-01', status: 'active' },
    ]);

    const [superAdmin, acmeManager, acmeSubAdmin, nordicManager] = await tx
      .insert(users)
      .values([
        { email: DEMO_USERS.superAdmin, companyId: null, roleId: ROLE.SUPER_ADMIN, firstName: 'Sam', lastName: 'Super', department: 'Operations' },
        { email: DEMO_USERS.acmeManager, companyId: acme.id, roleId: ROLE.MANAGER, firstName: 'Mia', lastName: 'Manager', department: 'Product', officePhone: '+1 555 0101', mobile: '+1 555 0199' },
        { email: DEMO_USERS.acmeSubAdmin, companyId: acme.id, roleId: ROLE.SUB_ADMIN, firstName: 'Sid', lastName: 'Sub', department: 'Trail Gear' },
        { email: DEMO_USERS.nordicManager, companyId: nordic.id, roleId: ROLE.MANAGER, firstName: 'Nora', lastName: 'Nilsson', department: 'Quality' },
        { email: DEMO_USERS.borealisManager, companyId: borealis.id, roleId: ROLE.MANAGER, firstName: 'Pat', lastName: 'Pending' },
      ].map((user) => ({ ...user, passwordHash: hashes[user.email] })))
      .returning({ id: users.id });

    const acmeProjects = await seedCompanyCatalogue(tx, { id: acme.id, prefix: '0614141', website: 'https://acme.example' }, ACME_PRODUCTS, {
      'Trail Gear': 'Backpacks, poles and boots for the trail.',
      Camping: 'Tents, stoves and sleeping bags.',
      'Winter Collection': 'Jackets and accessories for the cold season.',
    }, { storage, templateOrigin });
    await seedCompanyCatalogue(tx, { id: nordic.id, prefix: '7350053', website: 'https://nordic.example' }, NORDIC_PRODUCTS, {
      Dairy: 'Milk, skyr and cheese.',
      Bakery: 'Breads and pastries.',
    }, { storage, templateOrigin });

    await seedDemoPassports(tx, acme.id, templateOrigin);
    await seedDemoTraces(tx, acme.id, templateOrigin, acmeManager.id);
    // After tracing, so that the traceability links its start added get their Korean titles too.
    await seedDemoContents(tx, storage, acme.id, 'Acme Outdoor');
    await seedDemoDesigns(tx, nordic.id, 'Nordic Foods');
    await tx.insert(subAdminAccess).values({ userId: acmeSubAdmin.id, projectId: acmeProjects['Trail Gear'], access: FULL_ACCESS });
    // After the catalogue and tracing: 90 days of scans of Acme's products for DL-analytics.
    await seedDemoScans(tx, acme.id);

    // Read state is per reader (`readBy`): the demo users have read their older, personal notifications.
    // Each has its kind and values (`type`, `params`), from which the console shows it in the reader's language.
    const maintenance = { type: 'maintenance.scheduled', title: 'Scheduled maintenance', message: 'The console will be briefly unavailable on Sunday 02:00 UTC.', params: { at: nextSundayTwoUtc().toISOString() } };
    const demoNotifications: (typeof notifications.$inferInsert & { readBy?: number })[] = [
      { companyId: acme.id, userId: acmeManager.id, type: 'plan.renewed', params: { planName: 'Business' }, title: 'Plan renewed', message: 'Your Business plan was renewed.', readBy: acmeManager.id, createdAt: hoursAgo(72) },
      { companyId: acme.id, userId: acmeManager.id, type: 'plan.usageReport', params: { resource: 'product', used: 8, limit: 100, planName: 'Business' }, title: 'Product limit', message: 'You have used 8 of 100 products.', readBy: acmeManager.id, createdAt: hoursAgo(48) },
      { companyId: acme.id, userId: acmeManager.id, type: 'subAdmin.joined', params: { name: 'Sid Sub' }, title: 'New sub-admin', message: 'Sid Sub joined your company.', createdAt: hoursAgo(24) },
      { companyId: acme.id, userId: null, ...maintenance, createdAt: hoursAgo(3) },
      { companyId: nordic.id, userId: nordicManager.id, type: 'welcome', params: {}, title: 'Welcome to the console', message: 'Start by creating a project.', readBy: nordicManager.id, createdAt: hoursAgo(50) },
      { companyId: nordic.id, userId: nordicManager.id, type: 'plan.usageReport', params: { resource: 'product', used: 4, limit: 20, planName: 'Starter' }, title: 'Product limit', message: 'You have used 4 of 20 products.', createdAt: hoursAgo(20) },
      { companyId: nordic.id, userId: null, ...maintenance, createdAt: hoursAgo(3) },
      { companyId: null, userId: superAdmin.id, type: 'customers.active', params: { count: 2 }, title: 'Welcome back', message: 'Two customer companies are active.', readBy: superAdmin.id, createdAt: hoursAgo(30) },
      { companyId: null, userId: null, type: 'company.registered', params: { companyName: 'Borealis Labs' }, title: 'New company registered: Borealis Labs', message: 'Borealis Labs is waiting for approval.', createdAt: hoursAgo(2) },
    ];
    const seededNotifications = await tx
      .insert(notifications)
      .values(demoNotifications.map(({ readBy: _readBy, ...row }) => row))
      .returning({ id: notifications.id });
    const reads = demoNotifications.flatMap(({ readBy }, index) => (readBy ? [{ notificationId: seededNotifications[index].id, userId: readBy }] : []));
    await tx.insert(notificationReads).values(reads);
  });
  return true;
}
