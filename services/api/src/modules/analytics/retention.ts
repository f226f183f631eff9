import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/*
 * Raw scans are kept SCAN_RETENTION_DAYS and then deleted, in chunks (short transactions, no long
 * lock on a table the resolver writes to all the time); the hourly rollups stay, so the dashboard's
 * past figures do not change.
 */

const CHUNK = 5_000;

/** Deletes the scans older than `days` days; returns how many. */
export async function deleteExpiredScans(db: Db, days: number, chunk = CHUNK): Promise<number> {
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from scans where id in (
        select id from scans where scanned_at < now() - make_interval(days => ${days}) limit ${chunk}
      )
      returning id
    `)) as unknown as { rows: unknown[] };
    const deleted = result.rows.length;
    total += deleted;
    if (deleted < chunk) return total;
  }
}
