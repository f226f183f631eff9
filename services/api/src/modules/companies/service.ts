import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Company, CompanyInfoUpdate, CustomerListItem } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { Publish } from '../../events.js';
import { companyPrefixConflict, companyPrefixInUse, companyPrefixTaken, notFound } from '../../errors.js';
import { removeStoredImage, storeImage, type UploadedFile } from '../../multipart-form.js';
import type { FileStorage } from '../../plugins/storage.js';
import { entries } from '../entries/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { conflictsByCompany, lockCompanyPrefixes, prefixConflicts, takenPrefixErrors } from './prefixes.js';
import { analyticsRebuilds, companies } from './tables.js';

export async function getCompanyInfo(db: Db, companyId: number): Promise<Company> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const [rebuild] = await db.select().from(analyticsRebuilds).where(eq(analyticsRebuilds.companyId, companyId));
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
    timeZone: company.timeZone,
    analyticsRebuild:
      rebuild && rebuild.status !== 'done'
        ? {
            status: rebuild.status,
            timeZone: rebuild.timeZone,
            step: rebuild.step,
            steps: rebuild.steps,
            requestedAt: rebuild.requestedAt.toISOString(),
            startedAt: rebuild.startedAt?.toISOString() ?? null,
          }
        : null,
  };
}

/**
 * Every customer company with its approval state, current plan, prefixes and the overlaps of
 * those with other companies' prefixes, for the super-admin's switch page (unapproved companies
 * are listed too, so that they can be approved).
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
  const conflicts = conflictsByCompany(rows);

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
      gcps: company.gcps,
      prefixConflicts: conflicts.get(company.id) ?? [],
    };
  });
}

/**
 * Grants or revokes a company's approval. Revoking takes effect on the next request of its
 * users (E401004); granting notifies the company once per change, and is refused (E409006)
 * while one of its prefixes overlaps an approved company's: approving it would let two
 * companies publish pages for the same GTINs (decision 022).
 */
export async function setCustomerPermission(db: Db, customerId: number, permission: boolean, publish: Publish): Promise<void> {
  const approved = await db.transaction(async (tx) => {
    if (permission) await lockCompanyPrefixes(tx);
    const [company] = await tx
      .select({ permission: companies.permission, companyName: companies.companyName, gcps: companies.gcps })
      .from(companies)
      .where(eq(companies.id, customerId))
      .for('update');
    if (!company) throw notFound();
    if (company.permission === permission) return null;
    if (permission) {
      const conflicts = await prefixConflicts(tx, company.gcps, customerId);
      if (conflicts.length > 0) {
        // The super-admin may see who holds the prefix; a visitor signing up may not.
        throw companyPrefixConflict(
          conflicts.map((conflict) => ({
            path: `gcps.${company.gcps.indexOf(conflict.prefix)}`,
            message: `The company prefix ${conflict.prefix} overlaps ${conflict.heldPrefix} of ${conflict.companyName}.`,
          })),
        );
      }
    }
    await tx.update(companies).set({ permission }).where(eq(companies.id, customerId));
    return permission ? company.companyName : null;
  });
  if (approved !== null) await publish({ type: 'company.approved', companyId: customerId, companyName: approved });
}

/**
 * Checks a new list of the company's prefixes (decision 022): an added prefix must not overlap
 * one that another approved company holds (E400005), and a removed one must not still identify
 * live products (E400006), else another company could take it and publish pages for them.
 * Runs under the prefix lock with the company row locked, so product writes see the old or the new list.
 */
async function checkPrefixChange(tx: Db, companyId: number, current: readonly string[], next: readonly string[]): Promise<void> {
  const added = next.filter((prefix) => !current.includes(prefix));
  if (added.length > 0) {
    // Only added prefixes: an overlap the company already had (older data) does not block its other edits.
    const taken = await prefixConflicts(tx, added, companyId);
    if (taken.length > 0) throw companyPrefixTaken(takenPrefixErrors('updateInfo', next, taken));
  }
  const removed = current.filter((prefix) => !next.includes(prefix));
  if (removed.length === 0) return;
  const inUse = await tx
    .select({ gcp: entries.gcp, products: count() })
    .from(entries)
    .where(and(eq(entries.companyId, companyId), eq(entries.isDeleted, false), inArray(entries.gcp, removed)))
    .groupBy(entries.gcp)
    .orderBy(entries.gcp);
  if (inUse.length > 0) {
    throw companyPrefixInUse(
      inUse.map((row) => ({ path: 'updateInfo.gcps', message: `The company prefix ${row.gcp} still identifies ${row.products} of your products.` })),
    );
  }
}

/**
 * Updates the company profile; a new primary logo replaces (and removes) the previous one, and
 * a new prefix list replaces the previous one once `checkPrefixChange` allows it.
 */
export async function updateCompanyInfo(
  db: Db,
  storage: FileStorage,
  companyId: number,
  update: CompanyInfoUpdate,
  logo: UploadedFile | undefined,
  /** Queues the regrouping of the company's analytics in the change's transaction (a new time zone). */
  queueRebuild: (tx: Db, companyId: number) => Promise<void>,
): Promise<Company> {
  const [current] = await db.select({ primaryLogo: companies.primaryLogo }).from(companies).where(eq(companies.id, companyId));
  if (!current) throw notFound();
  const newLogo = logo ? await storeImage(storage, `companies/${companyId}`, logo) : undefined;
  const primaryLogo = newLogo ?? (update.removePrimaryLogo ? null : current.primaryLogo);
  const { removePrimaryLogo: _remove, gcps: askedGcps, ...fields } = update;
  const gcps = askedGcps && [...new Set(askedGcps)];
  try {
    await db.transaction(async (tx) => {
      if (askedGcps) {
        await lockCompanyPrefixes(tx);
        const [locked] = await tx.select({ gcps: companies.gcps }).from(companies).where(eq(companies.id, companyId)).for('update');
        if (!locked) throw notFound();
        // The asked list, duplicates included, so that field errors point at the request's own indexes.
        await checkPrefixChange(tx, companyId, locked.gcps, askedGcps);
      }
      const [before] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).for('update');
      await tx
        .update(companies)
        .set({ ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)), ...(gcps && { gcps }), primaryLogo })
        .where(eq(companies.id, companyId));
      // Analytics count in local days of the company's zone: a new zone regroups them, in the background (decision 072).
      const [rebuild] = await tx.select({ status: analyticsRebuilds.status }).from(analyticsRebuilds).where(eq(analyticsRebuilds.companyId, companyId));
      // Saving the same zone again retries a regrouping that failed.
      if (fields.timeZone !== undefined && (fields.timeZone !== before?.timeZone || rebuild?.status === 'failed')) {
        await tx
          .insert(analyticsRebuilds)
          .values({ companyId, timeZone: fields.timeZone })
          .onConflictDoUpdate({
            target: analyticsRebuilds.companyId,
            set: { timeZone: fields.timeZone, status: 'queued', step: 0, steps: 0, requestedAt: new Date(), startedAt: null, finishedAt: null },
          });
        await queueRebuild(tx, companyId);
      }
    });
  } catch (error) {
    await removeStoredImage(storage, newLogo);
    throw error;
  }
  if (primaryLogo !== current.primaryLogo) await removeStoredImage(storage, current.primaryLogo);
  return getCompanyInfo(db, companyId);
}

/** Stores a new company's logo given at sign-up. */
export async function setPrimaryLogo(db: Db, storage: FileStorage, companyId: number, logo: UploadedFile): Promise<string> {
  const path = await storeImage(storage, `companies/${companyId}`, logo);
  await db.update(companies).set({ primaryLogo: path }).where(eq(companies.id, companyId));
  return path;
}

/**
 * Entry paths of the company's live entries: what a consumer page shows of the company (About us,
 * contacts, logo, approval) is cached per entry by the gateway, so a company change drops them all.
 */
export async function liveEntryPaths(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ entryPath: entries.entryPath })
    .from(entries)
    .where(and(eq(entries.companyId, companyId), eq(entries.isDeleted, false)));
  return rows.map((row) => row.entryPath);
}
