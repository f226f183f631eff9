import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../plugins/storage.js';
import { products } from '../products/tables.js';
import { designOf } from '../qr/service.js';
import { ExportRefused, runExport } from './export.js';
import { GenerationRefused, generateSerials } from './generation.js';
import { codeJobs, type CodeJobRow } from './tables.js';

export interface CodeJobContext {
  db: Db;
  storage: FileStorage;
  templateOrigin: string;
  maxLogoBytes: number;
  /**
   * Whether a generation's progress can be written beside its transaction: on PostgreSQL; the
   * embedded PGlite has one connection, where the write would wait for the transaction.
   */
  progressVisible: boolean;
  warn(message: string, error?: unknown): void;
}

/** What the user reads when a job failed for a reason of the machine's, not of the request's. */
export const CODE_JOB_FAILED = 'The job could not be finished. Please try again.';

const finish = (db: Db, id: string, values: Partial<CodeJobRow>) => db.update(codeJobs).set({ finishedAt: new Date(), ...values }).where(eq(codeJobs.id, id));

/**
 * Runs a code job of the queue: makes its serials or writes its file. A request that cannot be
 * done as asked (a number taken, nothing to export) fails the job with a message for the user and
 * is not retried; any other error is thrown, so the queue retries it.
 */
export async function runCodeJob(context: CodeJobContext, jobId: string): Promise<CodeJobRow['status'] | null> {
  const { db } = context;
  const [row] = await db.select().from(codeJobs).where(eq(codeJobs.id, jobId));
  if (!row || row.status === 'done' || row.status === 'failed') return null;
  await db.update(codeJobs).set({ status: 'running', startedAt: new Date(), done: 0 }).where(eq(codeJobs.id, jobId));
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, row.productId), isNull(products.deletedAt)));
  try {
    if (!product?.entryId) throw new ExportRefused('The product has been deleted.');
    if (row.kind === 'serials') {
      await generateSerials(
        db,
        row,
        product.entryId,
        async (done) => {
          if (context.progressVisible) await db.update(codeJobs).set({ done }).where(eq(codeJobs.id, jobId));
        },
        async (tx, outcome) => {
          await finish(tx, jobId, { status: 'done', done: outcome.created, result: { ...outcome } });
        },
      );
      return 'done';
    }
    const design = await designOf(context, product.qrContent ?? null);
    const outcome = await runExport(
      {
        db,
        storage: context.storage,
        templateOrigin: context.templateOrigin,
        progress: async (done, total) => {
          await db.update(codeJobs).set({ done, total }).where(eq(codeJobs.id, jobId));
        },
      },
      row,
      product,
      design,
    );
    await finish(db, jobId, {
      status: 'done',
      done: outcome.codes,
      fileKey: outcome.fileKey,
      result: { name: outcome.name, bytes: outcome.bytes, contentType: outcome.contentType },
    });
    return 'done';
  } catch (error) {
    if (error instanceof GenerationRefused || error instanceof ExportRefused) {
      await finish(db, jobId, { status: 'failed', error: error.message });
      return 'failed';
    }
    throw error;
  }
}

/** The last attempt failed: the job says so. */
export async function markCodeJobFailed(db: Db, jobId: string): Promise<void> {
  await finish(db, jobId, { status: 'failed', error: CODE_JOB_FAILED });
}
