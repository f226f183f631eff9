import { and, eq, inArray } from 'drizzle-orm';
import type { ScanBatch } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { scans } from './tables.js';

/**
 * Records the scans the resolver answered. Company, product and entry are looked up by entry path
 * in one query for the whole batch (live entries only); scans of unknown paths are skipped.
 * Returns how many were recorded.
 */
export async function recordScans(db: Db, batch: ScanBatch): Promise<number> {
  const paths = [...new Set(batch.scans.map((scan) => scan.entryPath))];
  const known = await db
    .select({ entryPath: entries.entryPath, entryId: entries.id, companyId: entries.companyId, productId: products.id })
    .from(entries)
    .innerJoin(products, eq(products.entryId, entries.id))
    .where(and(inArray(entries.entryPath, paths), eq(entries.isDeleted, false)));
  const byPath = new Map(known.map((row) => [row.entryPath, row]));
  const rows = batch.scans.flatMap((scan) => {
    const entry = byPath.get(scan.entryPath);
    if (!entry) return [];
    return [
      {
        companyId: entry.companyId,
        productId: entry.productId,
        entryId: entry.entryId,
        qualifierPath: scan.qualifierPath,
        linkType: scan.linkType,
        lang: scan.lang,
        device: scan.device,
        scannedAt: new Date(scan.at),
      },
    ];
  });
  if (rows.length > 0) await db.insert(scans).values(rows);
  return rows.length;
}
