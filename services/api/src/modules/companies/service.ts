import { asc, desc, eq } from 'drizzle-orm';
import type { Company, CustomerListItem } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
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
