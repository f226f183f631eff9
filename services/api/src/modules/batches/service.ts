import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  BATCH_LINKS_MAX,
  LINK_TYPE_DEFAULT_TITLES,
  LOT_AI,
  aiDefinition,
  qualifierPathOf,
  type Batch,
  type BatchCreateBody,
  type BatchLink,
  type BatchLinkCreateBody,
  type BatchListQuery,
  type BatchSerialsBody,
  type BatchUpdateBody,
  type LinkType,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { isUniqueViolation } from '../entries/service.js';
import { entries, type EntryRow } from '../entries/tables.js';
import type { ProductRow } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { batchLinks, batches, type BatchLinkRow, type BatchRow } from './tables.js';

export const lotTaken = () => conflict('This product already has a batch with this lot number.');

/** The counts a batch is answered with. */
interface BatchCounts {
  serials: number;
  links: number;
}

export function toBatch(row: BatchRow, counts: BatchCounts): Batch {
  return {
    batchId: row.id,
    productId: row.productId,
    entryId: row.entryId,
    lot: row.lot,
    batchPath: row.batchPath,
    productionDate: row.productionDate,
    expiryDate: row.expiryDate,
    bestBeforeDate: row.bestBeforeDate,
    quantity: row.quantity,
    site: row.site,
    serials: counts.serials,
    links: counts.links,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBatchLink(row: BatchLinkRow): BatchLink {
  return {
    batchLinkId: row.id,
    batchId: row.batchId,
    linkType: row.linkType,
    title: row.title,
    targetUrl: row.targetUrl,
    lang: row.lang,
    isDefault: row.isDefault,
    order: row.ord,
  };
}

/** The batch path of a lot: `/10/{lot}`, percent-encoded as in a Digital Link URI. */
export const batchPathOf = (lot: string) => qualifierPathOf(LOT_AI, lot);

/** The live entry of a product, if its key may carry a lot (AI 10 is a qualifier of it); else 400. */
async function batchEntryOf(db: Db, product: ProductRow): Promise<EntryRow> {
  const [entry] = product.entryId === null ? [] : await db.select().from(entries).where(and(eq(entries.id, product.entryId), eq(entries.isDeleted, false)));
  if (!entry || !aiDefinition(entry.aiString)?.qualifiers.includes(LOT_AI)) {
    throw validationFailed([{ path: 'productId', message: 'This product has no GS1 key that carries a batch (lot) number.' }]);
  }
  return entry;
}

/** Serial and link counts of batches, by batch id. */
export async function countsOf(db: Db, batchIds: number[]): Promise<Map<number, BatchCounts>> {
  const counts = new Map<number, BatchCounts>(batchIds.map((id) => [id, { serials: 0, links: 0 }]));
  if (batchIds.length === 0) return counts;
  const serialRows = await db
    .select({ batchId: qualifiers.batchId, count: sql<number>`count(*)::int` })
    .from(qualifiers)
    .where(and(inArray(qualifiers.batchId, batchIds), eq(qualifiers.isDeleted, false)))
    .groupBy(qualifiers.batchId);
  for (const row of serialRows) counts.get(row.batchId!)!.serials = row.count;
  const linkRows = await db
    .select({ batchId: batchLinks.batchId, count: sql<number>`count(*)::int` })
    .from(batchLinks)
    .where(inArray(batchLinks.batchId, batchIds))
    .groupBy(batchLinks.batchId);
  for (const row of linkRows) counts.get(row.batchId)!.links = row.count;
  return counts;
}

async function withCounts(db: Db, row: BatchRow): Promise<Batch> {
  return toBatch(row, (await countsOf(db, [row.id])).get(row.id)!);
}

/** A batch of the caller's company, with its product checked for the action; 404 for another company's. */
export async function authorizeBatch(db: Db, auth: AuthContext, companyId: number, batchId: number, action: 'read' | 'write') {
  const [batch] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.companyId, companyId)));
  if (!batch) throw notFound();
  const product = await authorizeProduct(db, auth, companyId, batch.productId, action);
  const [entry] = await db.select().from(entries).where(eq(entries.id, batch.entryId));
  return { batch, product, entry };
}

/** `GET /api/entry/batches/all`: a page of the product's batches, newest first. */
export async function listBatches(db: Db, auth: AuthContext, companyId: number, query: BatchListQuery): Promise<{ result: Batch[]; total: number }> {
  const product = await authorizeProduct(db, auth, companyId, query.productId, 'read');
  const escaped = query.search?.replace(/[\\%_]/g, (character) => `\\${character}`);
  const where = and(eq(batches.productId, product.id), escaped ? ilike(batches.lot, `%${escaped}%`) : undefined);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(batches).where(where);
  const rows = await db
    .select()
    .from(batches)
    .where(where)
    .orderBy(desc(batches.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return { result: rows.map((row) => toBatch(row, counts.get(row.id)!)), total };
}

/** `GET /api/entry/batches/?batchId`: one batch. */
export async function getBatch(db: Db, auth: AuthContext, companyId: number, batchId: number): Promise<Batch> {
  const { batch } = await authorizeBatch(db, auth, companyId, batchId, 'read');
  return withCounts(db, batch);
}

const fieldsOf = (body: Partial<BatchCreateBody>) => ({
  ...(body.productionDate !== undefined ? { productionDate: body.productionDate } : {}),
  ...(body.expiryDate !== undefined ? { expiryDate: body.expiryDate } : {}),
  ...(body.bestBeforeDate !== undefined ? { bestBeforeDate: body.bestBeforeDate } : {}),
  ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
  ...(body.site !== undefined ? { site: body.site || null } : {}),
});

/** A write of a batch: the batch and the entry path whose resolution changed. */
export interface BatchWrite<T = Batch> {
  result: T;
  entryPath: string;
}

/** `POST /api/entry/batches/`: a new batch of the product; a lot number the product has already is 409. */
export async function createBatch(db: Db, auth: AuthContext, companyId: number, body: BatchCreateBody): Promise<BatchWrite> {
  const product = await authorizeProduct(db, auth, companyId, body.productId, 'write');
  const entry = await batchEntryOf(db, product);
  try {
    const [row] = await db
      .insert(batches)
      .values({ companyId, productId: product.id, entryId: entry.id, lot: body.lot, batchPath: batchPathOf(body.lot), ...fieldsOf(body) })
      .returning();
    return { result: await withCounts(db, row), entryPath: entry.entryPath };
  } catch (error) {
    if (isUniqueViolation(error)) throw lotTaken();
    throw error;
  }
}

/** `PUT /api/entry/batches/`: changes the given fields; dates are checked against the stored ones too. */
export async function updateBatch(db: Db, auth: AuthContext, companyId: number, body: BatchUpdateBody): Promise<BatchWrite> {
  const { batch, entry } = await authorizeBatch(db, auth, companyId, body.batchId, 'write');
  const next = { ...batch, ...fieldsOf(body) };
  const problems = [];
  if (next.productionDate && next.expiryDate && next.expiryDate < next.productionDate) {
    problems.push({ path: 'expiryDate', message: 'The expiry date is before the production date.' });
  }
  if (next.productionDate && next.bestBeforeDate && next.bestBeforeDate < next.productionDate) {
    problems.push({ path: 'bestBeforeDate', message: 'The best-before date is before the production date.' });
  }
  if (problems.length > 0) throw validationFailed(problems);
  try {
    const [row] = await db
      .update(batches)
      .set({ ...fieldsOf(body), ...(body.lot !== undefined ? { lot: body.lot, batchPath: batchPathOf(body.lot) } : {}), updatedAt: new Date() })
      .where(eq(batches.id, batch.id))
      .returning();
    return { result: await withCounts(db, row), entryPath: entry.entryPath };
  } catch (error) {
    if (isUniqueViolation(error)) throw lotTaken();
    throw error;
  }
}

/** `PUT /api/entry/batches/delete?batchId`: removes the batch and its links; its serials stay, in no batch. */
export async function deleteBatch(db: Db, auth: AuthContext, companyId: number, batchId: number): Promise<string> {
  const { batch, entry } = await authorizeBatch(db, auth, companyId, batchId, 'write');
  await db.transaction(async (tx) => {
    await tx.update(qualifiers).set({ batchId: null }).where(eq(qualifiers.batchId, batch.id));
    await tx.delete(batches).where(eq(batches.id, batch.id));
  });
  return entry.entryPath;
}

/**
 * `PUT /api/entry/batches/serials`: puts live serials of the product's entry into one of its
 * batches (or out of any with `batchId` null), all or none: an id that is not a live serial of
 * the product answers 400 naming it.
 */
export async function assignSerials(db: Db, auth: AuthContext, companyId: number, body: BatchSerialsBody): Promise<BatchWrite<number>> {
  const product = await authorizeProduct(db, auth, companyId, body.productId, 'write');
  const entry = await batchEntryOf(db, product);
  if (body.batchId !== null) {
    const [batch] = await db
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.id, body.batchId), eq(batches.productId, product.id)));
    if (!batch) throw validationFailed([{ path: 'batchId', message: 'Not a batch of this product.' }]);
  }
  const ids = [...new Set(body.qualifierIds)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: qualifiers.id })
      .from(qualifiers)
      .where(and(inArray(qualifiers.id, ids), eq(qualifiers.entryId, entry.id), eq(qualifiers.isDeleted, false)))
      .for('update');
    const known = new Set(found.map((row) => row.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw validationFailed(unknown.map((id) => ({ path: `qualifierIds.${body.qualifierIds.indexOf(id)}`, message: `${id} is not a live serial of this product.` })));
    }
    const changed = await tx
      .update(qualifiers)
      .set({ batchId: body.batchId })
      .where(and(inArray(qualifiers.id, ids), body.batchId === null ? sql`${qualifiers.batchId} is not null` : sql`${qualifiers.batchId} is distinct from ${body.batchId}`))
      .returning({ id: qualifiers.id });
    return { result: changed.length, entryPath: entry.entryPath };
  });
}

// ---------------------------------------------------------------------------------------------
// A batch's own links

/** `GET /api/entry/batches/links?batchId`: the batch's links in their order. */
export async function listBatchLinks(db: Db, auth: AuthContext, companyId: number, batchId: number): Promise<BatchLink[]> {
  const { batch } = await authorizeBatch(db, auth, companyId, batchId, 'read');
  const rows = await db.select().from(batchLinks).where(eq(batchLinks.batchId, batch.id)).orderBy(asc(batchLinks.ord), asc(batchLinks.id));
  return rows.map(toBatchLink);
}

/**
 * `POST /api/entry/batches/links`: adds a link to the batch, last in order; a default link makes
 * the batch's others non-default. At most BATCH_LINKS_MAX per batch (409 beyond).
 */
export async function createBatchLink(db: Db, auth: AuthContext, companyId: number, body: BatchLinkCreateBody): Promise<BatchWrite<BatchLink>> {
  const { batch, entry } = await authorizeBatch(db, auth, companyId, body.batchId, 'write');
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: batches.id }).from(batches).where(eq(batches.id, batch.id)).for('update');
    const [{ count, last }] = await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${batchLinks.ord}), 0)::int` })
      .from(batchLinks)
      .where(eq(batchLinks.batchId, batch.id));
    if (count >= BATCH_LINKS_MAX) throw conflict(`A batch carries at most ${BATCH_LINKS_MAX} links.`);
    if (body.isDefault) await tx.update(batchLinks).set({ isDefault: false }).where(eq(batchLinks.batchId, batch.id));
    const [inserted] = await tx
      .insert(batchLinks)
      .values({
        batchId: batch.id,
        linkType: body.linkType,
        title: body.title || LINK_TYPE_DEFAULT_TITLES[body.linkType as LinkType],
        targetUrl: body.targetUrl,
        lang: body.lang ?? null,
        isDefault: body.isDefault ?? false,
        ord: last + 1,
      })
      .returning();
    return inserted;
  });
  return { result: toBatchLink(row), entryPath: entry.entryPath };
}

/** `DELETE /api/entry/batches/links?batchId&batchLinkId`: removes one link of the batch. */
export async function deleteBatchLink(db: Db, auth: AuthContext, companyId: number, ref: { batchId: number; batchLinkId: number }): Promise<string> {
  const { batch, entry } = await authorizeBatch(db, auth, companyId, ref.batchId, 'write');
  const [row] = await db
    .delete(batchLinks)
    .where(and(eq(batchLinks.id, ref.batchLinkId), eq(batchLinks.batchId, batch.id)))
    .returning({ id: batchLinks.id });
  if (!row) throw notFound();
  return entry.entryPath;
}

/** The batch of a product by its lot number, or null (the landing's and the resolver's read). */
export async function batchOfLot(db: Db, productId: number, lot: string): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.productId, productId), eq(batches.lot, lot)));
  return row ?? null;
}
