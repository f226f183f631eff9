import { asc, desc, eq } from 'drizzle-orm';
import type { Company, CompanyInfoUpdate, CustomerListItem } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { removeStoredImage, storeImage, type UploadedFile } from '../../multipart-form.js';
import type { FileStorage } from '../../plugins/storage.js';
import { companyApprovedEvent, notifyCompany } from '../notifications/events.js';
import { plans, subscriptions } from '../plans/tables.js';
import { companies } from './tables.js';

export async function getCompanyInfo(db: Db, companyId: number): Promise<Company> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return {
    companyName: company.companyName,
    serviceName: company.serviceName,
    categoryId: company.categoryId,
    gcps: company.gcps,
    primaryLogo: company.primaryLogo,
    description: company.description,
    country: company.country,
    contactPhone: company.contactPhone,
    contactHour: company.contactHour,
    contactEmail: company.contactEmail,
    website: company.website,
    sns: company.sns,
  };
}

/**
 * Every customer company with its approval state and current plan, for the super-admin's
 * switch page (unapproved companies are listed too, so that they can be approved).
 */
export async function listCustomers(db: Db): Promise<CustomerListItem[]> {
  const rows = await db.select().from(companies).orderBy(asc(companies.companyName), asc(companies.id));
  const active = await db
    .select({ companyId: subscriptions.companyId, planName: plans.name, services: plans.services })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.status, 'active'))
    .orderBy(desc(subscriptions.startDate), desc(subscriptions.id));
  // Ordered newest first: the first subscription seen per company is its current one.
  const planByCompany = new Map<number, { planName: string; services: CustomerListItem['services'] }>();
  for (const row of active) if (!planByCompany.has(row.companyId)) planByCompany.set(row.companyId, row);

  return rows.map((company) => {
    const plan = planByCompany.get(company.id);
    return {
      customerId: company.id,
      permission: company.permission,
      companyName: company.companyName,
      serviceName: company.serviceName,
      planName: plan?.planName ?? null,
      services: plan?.services ?? [],
      createdAt: company.createdAt.toISOString(),
    };
  });
}

/**
 * Grants or revokes a company's approval. Revoking takes effect on the next request of its
 * users (E401004); granting notifies the company once per change.
 */
export async function setCustomerPermission(db: Db, customerId: number, permission: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const [company] = await tx.select({ permission: companies.permission, companyName: companies.companyName }).from(companies).where(eq(companies.id, customerId)).for('update');
    if (!company) throw notFound();
    if (company.permission === permission) return;
    await tx.update(companies).set({ permission }).where(eq(companies.id, customerId));
    if (permission) await notifyCompany(tx, customerId, companyApprovedEvent(company.companyName));
  });
}

/** Updates the company profile; a new primary logo replaces (and removes) the previous one. */
export async function updateCompanyInfo(
  db: Db,
  storage: FileStorage,
  companyId: number,
  update: CompanyInfoUpdate,
  logo: UploadedFile | undefined,
): Promise<Company> {
  const [current] = await db.select({ primaryLogo: companies.primaryLogo }).from(companies).where(eq(companies.id, companyId));
  if (!current) throw notFound();
  const newLogo = logo ? await storeImage(storage, `companies/${companyId}`, logo) : undefined;
  const primaryLogo = newLogo ?? (update.removePrimaryLogo ? null : current.primaryLogo);
  const { removePrimaryLogo: _remove, ...fields } = update;
  await db
    .update(companies)
    .set({ ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)), primaryLogo })
    .where(eq(companies.id, companyId));
  if (primaryLogo !== current.primaryLogo) await removeStoredImage(storage, current.primaryLogo);
  return getCompanyInfo(db, companyId);
}

/** Stores a new company's logo given at sign-up. */
export async function setPrimaryLogo(db: Db, storage: FileStorage, companyId: number, logo: UploadedFile): Promise<string> {
  const path = await storeImage(storage, `companies/${companyId}`, logo);
  await db.update(companies).set({ primaryLogo: path }).where(eq(companies.id, companyId));
  return path;
}
