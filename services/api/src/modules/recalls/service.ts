import { and, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  RECALL_LINK_TYPE,
  ROLE,
  recallAffects,
  type LandingRecall,
  type Recall,
  type RecallCreateBody,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { forbidden, notFound, validationFailed } from '../../errors.js';
import { recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import type { AuthContext } from '../access/auth-context.js';
import { accessibleProjectIds, authorizeProduct } from '../access/policies.js';
import { scans } from '../analytics/tables.js';
import { users } from '../auth/tables.js';
import { batches } from '../batches/tables.js';
import { entries } from '../entries/tables.js';
import { storeEvents } from '../epcis/store.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { gtinClassOf, sgtinOf } from '../trace/service.js';
import { recalls, type RecallRow } from './tables.js';

/** Instances an EPCIS recall event lists at most; a larger range is recorded by the product's class. */
export const RECALL_EPCS_MAX = 1_000;

const statusOf = (row: RecallRow, now = new Date()): Recall['status'] => (row.endedAt ? 'ended' : row.startsAt > now ? 'scheduled' : 'active');

/** Scans answered with the recall notice (link type `gs1:recallStatus`) of the recall's product while it ran. */
const recallScansWhere = (row: RecallRow) =>
  and(
    eq(scans.productId, row.productId),
    eq(scans.linkType, RECALL_LINK_TYPE),
    gte(scans.scannedAt, row.startsAt),
    row.endedAt ? lte(scans.scannedAt, row.endedAt) : undefined,
  );

export async function toRecall(db: Db, row: RecallRow, productName: string): Promise<Recall> {
  const [{ total }] = await db.select({ total: count() }).from(scans).where(recallScansWhere(row));
  return {
    recallId: row.id,
    productId: row.productId,
    productName,
    scope: row.scope,
    batches: row.lots.map((lot, index) => ({ batchId: row.batchIds[index] ?? null, lot })),
    serialFrom: row.serialFrom,
    serialTo: row.serialTo,
    reason: row.reason,
    action: row.action,
    contact: row.contact,
    startsAt: row.startsAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    status: statusOf(row),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    scans: total,
  };
}

const requireManager = (auth: AuthContext) => {
  if (auth.roleId > ROLE.MANAGER) throw forbidden();
};

/** The EPCIS ObjectEvent that records a recall: disposition `recalled` on the affected class or instances. */
export function recallEvent(gtin: string, scope: { lots: string[]; serials: string[] | null }, at: Date): Record<string, unknown> {
  const identifiers =
    scope.lots.length > 0
      ? { quantityList: scope.lots.map((lot) => ({ epcClass: `https://id.gs1.org/01/${gtin}/10/${encodeURIComponent(lot)}` })) }
      : scope.serials !== null && scope.serials.length > 0
        ? { epcList: scope.serials.map((serial) => sgtinOf(gtin, serial)) }
        : { quantityList: [{ epcClass: gtinClassOf(gtin) }] };
  return { type: 'ObjectEvent', eventTime: at.toISOString(), eventTimeZoneOffset: '+00:00', ...identifiers, action: 'OBSERVE', disposition: 'recalled' };
}

/** A started recall: the row, the product's name and entry path whose resolution changed. */
export interface RecallStarted {
  recall: Recall;
  entryPath: string;
  companyId: number;
}

/**
 * `POST /api/recall/`: starts a recall (managers only) in one transaction with its EPCIS event.
 * Batches must be the product's; the product needs a GTIN (the event names its class).
 */
export async function startRecall(db: Db, auth: AuthContext, companyId: number, body: RecallCreateBody, jobs: WebhookSender): Promise<RecallStarted> {
  requireManager(auth);
  const product = await authorizeProduct(db, auth, companyId, body.productId, 'write');
  if (product.gtin === null || product.entryId === null) throw validationFailed([{ path: 'productId', message: 'The product has no GTIN to recall.' }]);
  const gtin = product.gtin;
  const [entry] = await db.select({ entryPath: entries.entryPath }).from(entries).where(eq(entries.id, product.entryId));

  let batchIds: number[] = [];
  let lots: string[] = [];
  if (body.scope === 'batches') {
    const wanted = [...new Set(body.batchIds)];
    const rows = await db
      .select({ id: batches.id, lot: batches.lot })
      .from(batches)
      .where(and(eq(batches.productId, product.id), inArray(batches.id, wanted)));
    const known = new Set(rows.map((row) => row.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0) throw validationFailed(unknown.map((id) => ({ path: `batchIds.${body.batchIds!.indexOf(id)}`, message: `${id} is not a batch of this product.` })));
    batchIds = rows.map((row) => row.id);
    lots = rows.map((row) => row.lot);
  }
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, auth.userId));
  const startsAt = body.startsAt ? new Date(body.startsAt) : new Date();

  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(recalls)
      .values({
        companyId,
        productId: product.id,
        scope: body.scope,
        batchIds,
        lots,
        serialFrom: body.scope === 'serials' ? body.serialFrom! : null,
        serialTo: body.scope === 'serials' ? body.serialTo! : null,
        reason: body.reason,
        action: body.action,
        contact: body.contact,
        startsAt,
        createdBy: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim() || 'Manager',
      })
      .returning();
    const serials = body.scope === 'serials' ? await serialsInRange(tx, product.entryId!, inserted) : null;
    const { problems } = await storeEvents(tx, companyId, [recallEvent(gtin, { lots, serials }, startsAt)], { origin: 'console', errorBehaviour: 'rollback' });
    if (problems.length > 0) throw new Error(`the recall event was refused: ${problems.map((problem) => problem.detail).join('; ')}`);
    await recordWebhookEvents(tx, jobs, companyId, [
      {
        type: 'batch.recalled',
        productId: product.id,
        data: { recallId: inserted.id, scope: inserted.scope, lots, serialFrom: inserted.serialFrom, serialTo: inserted.serialTo, startsAt: startsAt.toISOString() },
      },
    ]);
    return inserted;
  });
  return { recall: await toRecall(db, row, product.productName), entryPath: entry.entryPath, companyId };
}

/** Registered serials of the entry in the recall's range, when there are at most RECALL_EPCS_MAX; else null (the class stands for them). */
async function serialsInRange(db: Db, entryId: number, row: RecallRow): Promise<string[] | null> {
  const rows = await db
    .select({ value: qualifiers.value })
    .from(qualifiers)
    .where(and(eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false)));
  const inRange = rows.map((serial) => serial.value).filter((value) => recallAffects({ scope: 'serials', lots: [], serials: [], serialFrom: row.serialFrom, serialTo: row.serialTo }, null, value));
  return inRange.length > 0 && inRange.length <= RECALL_EPCS_MAX ? inRange : null;
}

/** The recall with its product, checked for the caller: another company's is 404; a sub-admin reads its projects' only. */
async function authorizeRecall(db: Db, auth: AuthContext, companyId: number, recallId: number, action: 'read' | 'write') {
  const [row] = await db
    .select({ recall: recalls, productName: products.productName, entryId: products.entryId })
    .from(recalls)
    .innerJoin(products, eq(products.id, recalls.productId))
    .where(and(eq(recalls.id, recallId), eq(recalls.companyId, companyId)));
  if (!row) throw notFound();
  if (action === 'write') requireManager(auth);
  await authorizeProduct(db, auth, companyId, row.recall.productId, action);
  return row;
}

/** `PUT /api/recall/end?recallId`: ends a recall now (managers only); an ended one stays as it was. */
export async function endRecall(db: Db, auth: AuthContext, companyId: number, recallId: number): Promise<{ recall: Recall; entryPath: string | null }> {
  const { recall, productName, entryId } = await authorizeRecall(db, auth, companyId, recallId, 'write');
  const [row] = recall.endedAt ? [recall] : await db.update(recalls).set({ endedAt: new Date() }).where(eq(recalls.id, recall.id)).returning();
  const [entry] = entryId === null ? [] : await db.select({ entryPath: entries.entryPath }).from(entries).where(eq(entries.id, entryId));
  return { recall: await toRecall(db, row, productName), entryPath: entry?.entryPath ?? null };
}

export async function getRecall(db: Db, auth: AuthContext, companyId: number, recallId: number): Promise<Recall> {
  const { recall, productName } = await authorizeRecall(db, auth, companyId, recallId, 'read');
  return toRecall(db, recall, productName);
}

/** `GET /api/recall/all`: the company's recalls newest first (a sub-admin's: of its projects' products). */
export async function listRecalls(db: Db, auth: AuthContext, companyId: number, query: { page: number; size: number; productId?: number }) {
  if (query.productId !== undefined) await authorizeProduct(db, auth, companyId, query.productId, 'read');
  const projectIds = await accessibleProjectIds(db, auth, companyId);
  const where = and(
    eq(recalls.companyId, companyId),
    query.productId !== undefined ? eq(recalls.productId, query.productId) : undefined,
    projectIds === null ? undefined : projectIds.length === 0 ? sql`false` : inArray(products.projectId, projectIds),
  );
  const [{ total }] = await db.select({ total: count() }).from(recalls).innerJoin(products, eq(products.id, recalls.productId)).where(where);
  const rows = await db
    .select({ recall: recalls, productName: products.productName })
    .from(recalls)
    .innerJoin(products, eq(products.id, recalls.productId))
    .where(where)
    .orderBy(desc(recalls.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { result: await Promise.all(rows.map((row) => toRecall(db, row.recall, row.productName))), total };
}

/** `GET /api/recall/scans`: the scans answered with the recall's notice, by country, most first. */
export async function recallScansByCountry(db: Db, auth: AuthContext, companyId: number, recallId: number) {
  const { recall } = await authorizeRecall(db, auth, companyId, recallId, 'read');
  const rows = await db
    .select({ country: scans.country, scans: count(), firstAt: sql<Date>`min(${scans.scannedAt})`, lastAt: sql<Date>`max(${scans.scannedAt})` })
    .from(scans)
    .where(recallScansWhere(recall))
    .groupBy(scans.country)
    .orderBy(desc(count()), scans.country);
  return {
    recall,
    rows: rows.map((row) => ({ country: row.country, scans: row.scans, firstAt: new Date(row.firstAt).toISOString(), lastAt: new Date(row.lastAt).toISOString() })),
  };
}

/** The started recall that reaches a scanned code (lot and serial as scanned), newest first; null when none does. */
export async function landingRecall(db: Db, product: { id: number; entryId: number | null }, lot: string | null, serial: string | null): Promise<LandingRecall | null> {
  const now = new Date();
  const rows = await db
    .select()
    .from(recalls)
    .where(and(eq(recalls.productId, product.id), isNull(recalls.endedAt), lte(recalls.startsAt, now)))
    .orderBy(desc(recalls.startsAt));
  if (rows.length === 0) return null;
  // A scanned serial of a recalled batch is reached without its lot in the code.
  let serialLot: string | null = null;
  if (serial !== null && product.entryId !== null) {
    const [row] = await db
      .select({ lot: batches.lot })
      .from(qualifiers)
      .innerJoin(batches, eq(batches.id, qualifiers.batchId))
      .where(and(eq(qualifiers.entryId, product.entryId), eq(qualifiers.value, serial), eq(qualifiers.isDeleted, false)));
    serialLot = row?.lot ?? null;
  }
  const found = rows.find(
    (row) =>
      recallAffects({ ...row, serials: [] }, lot, serial) ||
      (serialLot !== null && recallAffects({ ...row, serials: [] }, serialLot, null)),
  );
  if (!found) return null;
  return { recallId: found.id, reason: found.reason, action: found.action, contact: found.contact, startsAt: found.startsAt.toISOString(), scope: found.scope, lots: found.lots };
}
