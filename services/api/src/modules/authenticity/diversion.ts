import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DiversionListQuery, DiversionSignal } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { accessibleProjectIds, authorizeProductProject } from '../access/policies.js';
import type { ScanFact } from '../analytics/facts.js';
import { products } from '../products/tables.js';
import { diversionSignals } from './tables.js';

/*
 * Diversion signals (decision 070): scans of a product in a country outside its intended markets.
 * After a scan batch committed, its facts are counted per product, serial ('' without one) and
 * country in one upsert; a signal that is new publishes `authenticity.diversion` once.
 */

/** A signal the batch created (not one it only counted again): what the notification tells. */
export interface NewDiversion {
  companyId: number;
  productId: number;
  serial: string | null;
  country: string;
  at: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Counts the batch's scans outside their product's intended markets. The products' markets are
 * read once for the batch (one query); facts without a country, or of a product sold anywhere,
 * are left alone. Answers the signals that did not exist before, in key order.
 */
export async function recordDiversions(db: Db, facts: readonly ScanFact[]): Promise<NewDiversion[]> {
  const placed = facts.filter((fact) => fact.country !== null);
  if (placed.length === 0) return [];
  const productIds = [...new Set(placed.map((fact) => fact.productId))];
  const markets = await db
    .select({ id: products.id, intendedMarkets: products.intendedMarkets })
    .from(products)
    .where(and(inArray(products.id, productIds), isNull(products.deletedAt), sql`cardinality(${products.intendedMarkets}) > 0`));
  if (markets.length === 0) return [];
  const marketsOf = new Map(markets.map((row) => [row.id, new Set(row.intendedMarkets)]));

  const groups = new Map<string, { company_id: number; product_id: number; serial: string; country: string; scans: number; first_at: string; last_at: string }>();
  for (const fact of placed) {
    const sold = marketsOf.get(fact.productId);
    if (!sold || sold.has(fact.country!)) continue;
    const serial = fact.serial ?? '';
    const key = JSON.stringify([fact.productId, serial, fact.country]);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { company_id: fact.companyId, product_id: fact.productId, serial, country: fact.country!, scans: 1, first_at: fact.scannedAt, last_at: fact.scannedAt });
      continue;
    }
    group.scans += 1;
    if (fact.scannedAt < group.first_at) group.first_at = fact.scannedAt;
    if (fact.scannedAt > group.last_at) group.last_at = fact.scannedAt;
  }
  if (groups.size === 0) return [];

  // One statement, rows in key order (concurrent batches lock them in the same order); `xmax = 0`
  // tells a row this statement inserted from one it updated.
  const created = rowsOf<{ company_id: number; product_id: number; serial: string; country: string; first_at: Date | string }>(
    await db.execute(sql`
      insert into ${diversionSignals} as d (company_id, product_id, serial, country, scans, first_at, last_at)
      select company_id, product_id, serial, country, scans, first_at, last_at
      from jsonb_to_recordset(${JSON.stringify([...groups.values()])}::jsonb)
        as s(company_id int, product_id int, serial text, country text, scans int, first_at timestamptz, last_at timestamptz)
      order by product_id, serial, country
      on conflict (product_id, serial, country) do update
        set scans = d.scans + excluded.scans,
            first_at = least(d.first_at, excluded.first_at),
            last_at = greatest(d.last_at, excluded.last_at)
      returning company_id, product_id, serial, country, first_at, (xmax = 0) as inserted`),
  ).filter((row) => (row as unknown as { inserted: boolean }).inserted);
  return created
    .map((row) => ({
      companyId: Number(row.company_id),
      productId: Number(row.product_id),
      serial: row.serial === '' ? null : row.serial,
      country: row.country,
      at: new Date(row.first_at).toISOString(),
    }))
    .sort((a, b) => a.productId - b.productId || (a.serial ?? '').localeCompare(b.serial ?? '') || a.country.localeCompare(b.country));
}

type SignalRow = typeof diversionSignals.$inferSelect;

function toDiversion(row: SignalRow, productName: string | null): DiversionSignal {
  return {
    id: row.id,
    productId: row.productId,
    productName: productName ?? '',
    serial: row.serial === '' ? null : row.serial,
    country: row.country,
    scans: row.scans,
    firstAt: row.firstAt.toISOString(),
    lastAt: row.lastAt.toISOString(),
    dismissed: row.dismissed,
  };
}

/** Which of the company's signals the caller sees: all, or a sub-admin's projects' products only. */
async function visibleTo(db: Db, auth: AuthContext, companyId: number): Promise<SQL | undefined | false> {
  const projectIds = await accessibleProjectIds(db, auth, companyId);
  if (projectIds === null) return undefined;
  if (projectIds.length === 0) return false;
  return inArray(products.projectId, projectIds);
}

/** `GET /api/authenticity/diversions`: a page of the company's signals, latest scan first. */
export async function listDiversions(db: Db, auth: AuthContext, companyId: number, query: DiversionListQuery): Promise<{ result: DiversionSignal[]; total: number }> {
  const scope = await visibleTo(db, auth, companyId);
  if (scope === false) return { result: [], total: 0 };
  const conditions: (SQL | undefined)[] = [eq(diversionSignals.companyId, companyId), scope];
  if (query.productId !== undefined) conditions.push(eq(diversionSignals.productId, query.productId));
  if (query.dismissed !== undefined) conditions.push(eq(diversionSignals.dismissed, query.dismissed));
  const where = and(...conditions);
  // Products are joined by id within the company (signals outlive a deleted product's record).
  const joined = and(eq(products.id, diversionSignals.productId), eq(products.companyId, diversionSignals.companyId));
  const [{ total }] = await db.select({ total: count() }).from(diversionSignals).leftJoin(products, joined).where(where);
  const rows = await db
    .select({ signal: diversionSignals, productName: products.productName })
    .from(diversionSignals)
    .leftJoin(products, joined)
    .where(where)
    .orderBy(desc(diversionSignals.lastAt), desc(diversionSignals.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { result: rows.map((row) => toDiversion(row.signal, row.productName)), total };
}

/**
 * `PUT /api/authenticity/diversions/dismiss` and `/undismiss`: another company's signal is 404; a
 * sub-admin needs product write access on the product's project (a signal of a product it cannot
 * see is 404 to it).
 */
export async function setDiversionDismissed(db: Db, auth: AuthContext, companyId: number, id: number, dismissed: boolean): Promise<DiversionSignal> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ signal: diversionSignals, productName: products.productName, projectId: products.projectId })
      .from(diversionSignals)
      .leftJoin(products, and(eq(products.id, diversionSignals.productId), eq(products.companyId, diversionSignals.companyId)))
      .where(and(eq(diversionSignals.id, id), eq(diversionSignals.companyId, companyId)))
      .for('update', { of: diversionSignals });
    if (!found) throw notFound();
    const projectIds = await accessibleProjectIds(tx, auth, companyId);
    if (projectIds !== null) {
      if (found.projectId === null || !projectIds.includes(found.projectId)) throw notFound();
      await authorizeProductProject(tx, auth, found.projectId, 'write');
    }
    const [updated] = await tx.update(diversionSignals).set({ dismissed }).where(eq(diversionSignals.id, id)).returning();
    return toDiversion(updated, found.productName);
  });
}
