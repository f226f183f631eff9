import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { CodeExportBody, CodeJob, SerialGenerationBody } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound, validationFailed } from '../../errors.js';
import type { Jobs } from '../../plugins/jobs.js';
import type { FileStorage, StoredFile } from '../../plugins/storage.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { batches } from '../batches/tables.js';
import { users } from '../auth/tables.js';
import { findLiveEntry } from '../entries/service.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { codeJobs, type CodeJobRow } from './tables.js';

/*
 * Bulk code jobs (decision 078): a request checks who asks and what, writes the job's row and
 * queues its work in one transaction, and answers the row at once; the console reads the row
 * until it is done (or failed), then downloads an export's file.
 */

export const CODE_JOB_QUEUE = {
  name: 'code-jobs',
  retryLimit: 2,
  retryDelaySeconds: 15,
  // A 100 000-label PDF takes minutes on a busy two-core machine: well past the slowest honest run.
  expireInSeconds: 3_600,
};

/** The storage folder of export files, never served by the public files route. */
export const CODE_FILE_FOLDER = 'codes/';

/** What a code job carries on the queue: the row to work on. */
export interface CodeJobData {
  jobId: string;
}

export function toCodeJob(row: CodeJobRow): CodeJob {
  const result = row.result ?? null;
  return {
    jobId: row.id,
    kind: row.kind,
    status: row.status,
    productId: row.productId,
    request: row.request,
    total: row.total,
    done: row.done,
    error: row.error,
    serials:
      row.kind === 'serials' && result
        ? { created: Number(result.created), first: String(result.first), last: String(result.last) }
        : null,
    file:
      row.kind === 'export' && result && row.fileKey
        ? { name: String(result.name), bytes: Number(result.bytes), contentType: String(result.contentType) }
        : null,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function userName(db: Db, userId: number): Promise<string | null> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return user ? `${user.firstName} ${user.lastName}`.trim() || null : null;
}

interface NewJob {
  kind: CodeJobRow['kind'];
  productId: number;
  request: Record<string, unknown>;
  total: number;
}

async function queueJob(db: Db, jobs: Pick<Jobs, 'send' | 'wake'>, auth: AuthContext, companyId: number, job: NewJob): Promise<CodeJob> {
  const createdByName = await userName(db, auth.userId);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(codeJobs)
      .values({ companyId, productId: job.productId, kind: job.kind, request: job.request, total: job.total, createdBy: auth.userId, createdByName })
      .returning();
    await jobs.send<CodeJobData>(CODE_JOB_QUEUE.name, { jobId: inserted.id }, { tx });
    return inserted;
  });
  jobs.wake(CODE_JOB_QUEUE.name);
  return toCodeJob(row);
}

/** The product to generate for or export from, with its live entry (a product without one has no codes). */
async function productWithEntry(db: Db, auth: AuthContext, companyId: number, productId: number, action: 'read' | 'write') {
  const product = await authorizeProduct(db, auth, companyId, productId, action);
  if (product.entryId === null) throw validationFailed([{ path: 'productId', message: 'This product has no GS1 key, so it has no serials.' }]);
  const entry = await findLiveEntry(db, companyId, product.entryId);
  if (entry.aiString !== '01') throw validationFailed([{ path: 'productId', message: 'Only a product identified by a GTIN has serials.' }]);
  return { product, entry };
}

/** A batch named by a request must be one of the product's (another product's, or an unknown one, is a field error). */
async function batchOfProduct(db: Db, productId: number, batchId: number, path: string): Promise<void> {
  const [batch] = await db.select({ id: batches.id }).from(batches).where(and(eq(batches.id, batchId), eq(batches.productId, productId)));
  if (!batch) throw validationFailed([{ path, message: 'Not a batch of this product.' }]);
}

/** `POST /api/product/codes/serials`: product write access; the serials are made by the job. */
export async function requestSerialGeneration(db: Db, jobs: Pick<Jobs, 'send' | 'wake'>, auth: AuthContext, companyId: number, body: SerialGenerationBody): Promise<CodeJob> {
  await productWithEntry(db, auth, companyId, body.productId, 'write');
  if (body.batchId !== undefined) await batchOfProduct(db, body.productId, body.batchId, 'batchId');
  const { productId, ...request } = body;
  return queueJob(db, jobs, auth, companyId, { kind: 'serials', productId, request, total: body.count });
}

/** `POST /api/product/codes/exports`: product read access, as the serial export; a generation named must be of the product and done. */
export async function requestCodeExport(db: Db, jobs: Pick<Jobs, 'send' | 'wake'>, auth: AuthContext, companyId: number, body: CodeExportBody): Promise<CodeJob> {
  await productWithEntry(db, auth, companyId, body.productId, 'read');
  if (body.format !== 'pdf' && body.layout) throw validationFailed([{ path: 'layout', message: 'Only a PDF has a label layout.' }]);
  if (body.selection.kind === 'batch') await batchOfProduct(db, body.productId, body.selection.batchId, 'selection.batchId');
  if (body.selection.kind === 'generation') {
    const [generation] = await db
      .select({ status: codeJobs.status })
      .from(codeJobs)
      .where(and(eq(codeJobs.id, body.selection.jobId), eq(codeJobs.productId, body.productId), eq(codeJobs.companyId, companyId), eq(codeJobs.kind, 'serials')));
    if (generation?.status !== 'done') throw validationFailed([{ path: 'selection.jobId', message: 'Not a finished generation of serials of this product.' }]);
  }
  const { productId, ...request } = body;
  return queueJob(db, jobs, auth, companyId, { kind: 'export', productId, request, total: 0 });
}

/** A job of a product the caller may read; another company's or an unknown job is 404. */
export async function codeJobFor(db: Db, auth: AuthContext, companyId: number, jobId: string): Promise<CodeJobRow> {
  const [row] = await db.select().from(codeJobs).where(and(eq(codeJobs.id, jobId), eq(codeJobs.companyId, companyId)));
  if (!row) throw notFound();
  await authorizeProduct(db, auth, companyId, row.productId, 'read');
  return row;
}

/** `GET /api/product/codes/jobs`: the product's jobs, newest first. */
export async function listCodeJobs(db: Db, auth: AuthContext, companyId: number, query: { productId: number; page: number; size: number }) {
  await authorizeProduct(db, auth, companyId, query.productId, 'read');
  const where = and(eq(codeJobs.productId, query.productId), eq(codeJobs.companyId, companyId));
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(codeJobs).where(where);
  const rows = await db
    .select()
    .from(codeJobs)
    .where(where)
    .orderBy(desc(codeJobs.createdAt), desc(codeJobs.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { result: rows.map(toCodeJob), total };
}

/** The export's stored file and its name, for a caller who may read the product; 404 while there is none. */
export async function codeJobFile(db: Db, storage: FileStorage, auth: AuthContext, companyId: number, jobId: string): Promise<{ file: StoredFile; name: string }> {
  const row = await codeJobFor(db, auth, companyId, jobId);
  if (row.kind !== 'export' || row.status !== 'done' || !row.fileKey) throw notFound();
  const file = await storage.get(row.fileKey);
  if (!file) throw notFound();
  return { file, name: String(row.result?.name ?? 'codes') };
}

/** The entry path a finished generation changed (for `x-resolver-invalidate`), else null. */
export async function changedEntryPath(db: Db, row: CodeJobRow): Promise<string | null> {
  if (row.kind !== 'serials' || row.status !== 'done') return null;
  const [entry] = await db
    .select({ entryPath: entries.entryPath })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .where(eq(products.id, row.productId));
  return entry?.entryPath ?? null;
}

/** Export files older than `keepDays` are deleted, and their jobs say so (no file). Answers how many. */
export async function sweepCodeFiles(db: Db, storage: FileStorage, keepDays: number): Promise<number> {
  const before = new Date(Date.now() - keepDays * 86_400_000);
  const old = await db
    .select({ id: codeJobs.id, fileKey: codeJobs.fileKey })
    .from(codeJobs)
    .where(and(isNotNull(codeJobs.fileKey), lt(codeJobs.finishedAt, before)))
    .limit(500);
  for (const row of old) {
    if (row.fileKey) await storage.delete(row.fileKey);
    await db.update(codeJobs).set({ fileKey: null }).where(eq(codeJobs.id, row.id));
  }
  return old.length;
}
