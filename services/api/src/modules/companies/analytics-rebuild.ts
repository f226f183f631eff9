import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../plugins/jobs.js';
import { rebuildDailyRollups } from '../analytics/rollups.js';
import { analyticsRebuilds, companies } from './tables.js';

/*
 * A company's analytics count days in its time zone; a new zone regroups the days counted so far
 * (decision 058). At ten million scans that takes about 40 s, longer than any request may: the change
 * answers at once and queues this job in its transaction, and the profile shows how far it is.
 */

export const ANALYTICS_REBUILD_QUEUE = {
  name: 'analytics-rebuild',
  // One rebuild per company at a time; a later change's job waits for the earlier one, which gives way.
  policy: 'singleton' as const,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 1_800,
};

export async function requestAnalyticsRebuild(jobs: Pick<Jobs, 'send'>, tx: Db, companyId: number): Promise<void> {
  await jobs.send(ANALYTICS_REBUILD_QUEUE.name, { companyId }, { tx, singletonKey: String(companyId) });
}

/** Tells how far the rebuild is; called between its steps (a no-op where nobody else can read meanwhile). */
export type RebuildProgress = (step: number, steps: number) => Promise<void>;

/**
 * Regroups the company's daily and serial rollups into the zone asked for last. Holds the company's
 * row while it runs, as the ingest's batches of the company do (they wait). Answers what it did:
 * `superseded` when the zone changed again meanwhile (the newer change's job does it).
 */
export async function runAnalyticsRebuild(db: Db, companyId: number, options: { progressVisible: boolean }): Promise<'done' | 'superseded' | 'nothing'> {
  const [asked] = await db.select().from(analyticsRebuilds).where(eq(analyticsRebuilds.companyId, companyId));
  if (!asked || asked.status === 'done') return 'nothing';
  const mine = and(eq(analyticsRebuilds.companyId, companyId), eq(analyticsRebuilds.timeZone, asked.timeZone));
  await db.update(analyticsRebuilds).set({ status: 'running', step: 0, startedAt: new Date() }).where(mine);
  // Progress is written beside the rebuild's transaction, so the profile can read it meanwhile; on
  // the embedded PGlite (one connection) it would wait for that transaction, so it is written after.
  const progress: RebuildProgress = async (step, steps) => {
    if (options.progressVisible) await db.update(analyticsRebuilds).set({ step, steps }).where(mine);
  };
  const outcome = await db.transaction(async (tx) => {
    const [company] = await tx.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company || company.timeZone !== asked.timeZone) return 'superseded' as const;
    await rebuildDailyRollups(tx, companyId, progress);
    return 'done' as const;
  });
  if (outcome === 'done') await db.update(analyticsRebuilds).set({ status: 'done', step: 1, steps: 1, finishedAt: new Date() }).where(mine);
  return outcome;
}

export async function markAnalyticsRebuildFailed(db: Db, companyId: number): Promise<void> {
  await db.update(analyticsRebuilds).set({ status: 'failed', finishedAt: new Date() }).where(eq(analyticsRebuilds.companyId, companyId));
}
