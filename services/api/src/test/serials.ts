import { sql } from 'drizzle-orm';
import { SERIAL_AI, qualifierPathOf } from '@product-console/shared';
import type { Db } from '../db/client.js';
import { serialOf } from '../modules/analytics/facts.js';

/**
 * Registers (as live serials of their entries) the serials that these scans carry, as the serials
 * screen would: the ingest counts a scan as a serial's only when the serial is registered.
 */
export async function registerScannedSerials(db: Db, scans: readonly { entryPath: string; qualifierPath: string | null }[]): Promise<void> {
  const wanted = scans.flatMap(({ entryPath, qualifierPath }) => {
    const serial = serialOf(qualifierPath);
    return serial === null ? [] : [{ entryPath, path: qualifierPathOf(SERIAL_AI, serial), value: serial }];
  });
  if (wanted.length === 0) return;
  await db.execute(sql`
    insert into qualifiers (company_id, entry_id, identifier_code, qualifier_path, value)
    select distinct e.company_id, e.id, ${SERIAL_AI}, w.path, w.value
    from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w("entryPath" text, path text, value text)
    join entries e on e.entry_path = w."entryPath" and not e.is_deleted
    on conflict do nothing
  `);
}
