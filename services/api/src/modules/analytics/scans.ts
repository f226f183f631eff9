import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { SERIAL_AI, qualifierPathOf, scanUserAgent, type ScanBatch } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { addressKeyOf, clientOf, loadGeo, placeOf, serialOf, viewOf, visitorOf, type ScanFact } from './facts.js';
import { addSerialScans, scanDimensionsSql, shareCompanies } from './rollups.js';
import { VOLUME_DAYS } from './suspicious.js';
import { analyticsSalts, scanSerialVisitors, scanVisitorsDaily } from './tables.js';

/** What one batch's ingest did: the scans it stored and left out, and their facts for the rules after the commit. */
export interface RecordedScans {
  /** Scans stored (known entry paths, not bots). */
  accepted: number;
  /** Scans of bots and link checkers, left out. */
  bots: number;
  facts: ScanFact[];
  /** Companies whose rolling serial totals are to move on to a new local day (`rollSerialWindows`, a job of the queue). */
  behind: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The salts of the visitor hash per UTC day, made on demand (the first scan of a day, on whichever
 * API instance, makes it; the others read it). When a day is seen for the first time, salts and
 * visitor rows older than yesterday are deleted: a hash can no longer be recomputed from an address.
 * The serials' address rows stay for the volume rule's week (nothing ties them to an address then).
 */
export function createSaltBook() {
  const known = new Map<string, string>();
  const book = {
    async saltsOf(db: Db, days: string[], now: number): Promise<Map<string, string>> {
      const yesterday = dayOf(now - DAY_MS);
      // A day older than yesterday has no salt any more, so its scans get no visitor.
      const wanted = [...new Set(days)].filter((day) => day >= yesterday);
      const missing = wanted.filter((day) => !known.has(day));
      if (missing.length > 0) {
        await db.delete(analyticsSalts).where(lt(analyticsSalts.day, yesterday));
        await db.delete(scanVisitorsDaily).where(lt(scanVisitorsDaily.day, yesterday));
        await db.delete(scanSerialVisitors).where(lt(scanSerialVisitors.day, dayOf(now - (VOLUME_DAYS - 1) * DAY_MS)));
        await db
          .insert(analyticsSalts)
          .values(missing.map((day) => ({ day, salt: randomBytes(32).toString('hex') })))
          .onConflictDoNothing();
        const rows = await db.select().from(analyticsSalts).where(inArray(analyticsSalts.day, missing));
        for (const row of rows) known.set(row.day, row.salt);
        for (const day of known.keys()) if (day < yesterday) known.delete(day);
      }
      return new Map(wanted.flatMap((day) => (known.has(day) ? [[day, known.get(day) as string]] : [])));
    },

    /** The address key (`addressKeyOf`) of a request made now, for a check counted per visitor. */
    async addressKeyNow(db: Db, address: string, companyId: number, now = Date.now()): Promise<string | null> {
      const today = dayOf(now);
      const salt = (await book.saltsOf(db, [today], now)).get(today);
      return salt ? addressKeyOf(salt, address, companyId) : null;
    },
  };
  return book;
}

export type SaltBook = ReturnType<typeof createSaltBook>;

interface SerialVisitor {
  company_id: number;
  product_id: number;
  serial: string;
  day: string;
  address: string;
  country: string | null;
  region: string | null;
  at: string;
}

/**
 * One row per serial, UTC day and address for the whole batch (one statement), in key order as the
 * rollups (concurrent batches lock in the same order); an address seen again only moves its first
 * and last scan times.
 */
async function addSerialVisitors(tx: Db, visitors: SerialVisitor[]): Promise<void> {
  if (visitors.length === 0) return;
  await tx.execute(sql`
    insert into scan_serial_visitors as v (company_id, product_id, serial, day, address, country, region, first_at, last_at)
    select min(company_id), product_id, serial, day, address, min(country), min(region), min(at), max(at)
    from jsonb_to_recordset(${JSON.stringify(visitors)}::jsonb)
      as s(company_id int, product_id int, serial text, day date, address text, country text, region text, at timestamptz)
    group by product_id, serial, day, address
    order by product_id, serial, day, address
    on conflict (product_id, serial, day, address) do update
      set first_at = least(v.first_at, excluded.first_at), last_at = greatest(v.last_at, excluded.last_at)
      where excluded.first_at < v.first_at or excluded.last_at > v.last_at
  `);
}

/**
 * The `{entryId} {qualifierPath}` keys of the batch's serials that are registered (live) for their
 * entry, whatever their lifecycle status: every scan of a registered serial is a scan of that serial,
 * whether or not it has links of its own (issue 25). The resolver sends the request's `/21/{serial}`
 * as it was in the path; it is compared in the form the qualifiers module stores.
 */
async function registeredSerials(db: Db, batch: ScanBatch, byPath: ReadonlyMap<string, { entryId: number }>): Promise<Set<string>> {
  const wanted = new Map<string, { entryId: number; stored: string }>();
  for (const scan of batch.scans) {
    const entry = byPath.get(scan.entryPath);
    const serial = serialOf(scan.qualifierPath);
    if (!entry || scan.qualifierPath === null || serial === null) continue;
    wanted.set(`${entry.entryId} ${scan.qualifierPath}`, { entryId: entry.entryId, stored: qualifierPathOf(SERIAL_AI, serial) });
  }
  if (wanted.size === 0) return new Set();
  const pairs = [...wanted.values()];
  const { rows } = (await db.execute(sql`
    select q.entry_id, q.qualifier_path from qualifiers q
    join jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as w("entryId" int, stored text)
      on q.entry_id = w."entryId" and q.qualifier_path = w.stored
    where not q.is_deleted
  `)) as unknown as { rows: { entry_id: number; qualifier_path: string }[] };
  const live = new Set(rows.map((row) => `${row.entry_id} ${row.qualifier_path}`));
  return new Set([...wanted].filter(([, pair]) => live.has(`${pair.entryId} ${pair.stored}`)).map(([key]) => key));
}

/**
 * Records the scans the resolver answered. Company, product and entry are looked up by entry path
 * in one query for the whole batch (live entries only); scans of unknown paths and of bots are
 * skipped. In one transaction: the scan facts (one INSERT of the whole batch as a JSON parameter),
 * the day's new visitors, the hourly rollups of every dimension and the daily ones in the company's
 * time zone, added up in SQL over the batch (one statement, not one per scan), then the serials'
 * days and counts (`rollups.ts`), and each serial's addresses of the day (`scan_serial_visitors`,
 * which the suspicious-serial rules count). The client address is read for the place, the visitor
 * hash and the address key and then dropped.
 */
export async function recordScans(db: Db, batch: ScanBatch, salts: SaltBook = createSaltBook(), now = Date.now()): Promise<RecordedScans> {
  const paths = [...new Set(batch.scans.map((scan) => scan.entryPath))];
  const known = await db
    .select({ entryPath: entries.entryPath, entryId: entries.id, companyId: entries.companyId, productId: products.id })
    .from(entries)
    .innerJoin(products, eq(products.entryId, entries.id))
    .where(and(inArray(entries.entryPath, paths), eq(entries.isDeleted, false)));
  const byPath = new Map(known.map((row) => [row.entryPath, row]));
  const registered = await registeredSerials(db, batch, byPath);
  const lookup = batch.scans.some((scan) => scan.ip) ? await loadGeo() : () => null;
  let bots = 0;
  const accepted = batch.scans.flatMap((scan) => {
    const entry = byPath.get(scan.entryPath);
    if (!entry) return [];
    const userAgent = scanUserAgent(batch, scan);
    const client = clientOf(userAgent);
    if (client.bot) {
      bots += 1;
      return [];
    }
    // A serial the entry does not have (made up, mistyped, deleted) is a scan of the product alone.
    const serialPath = scan.qualifierPath !== null && registered.has(`${entry.entryId} ${scan.qualifierPath}`) ? scan.qualifierPath : null;
    return [{ scan: { ...scan, qualifierPath: serialPath }, userAgent, entry, client, place: placeOf(lookup, scan.ip) }];
  });
  if (accepted.length === 0) return { accepted: 0, bots, facts: [], behind: [] };

  // Outside the scans' transaction: a salt kept in memory is always one the database holds.
  const saltOf = await salts.saltsOf(
    db,
    accepted.map(({ scan }) => scan.at.slice(0, 10)),
    now,
  );
  const { recorded, behind } = await db.transaction(async (tx) => {
    // First, as the time zone change does: the batch's local days are those of the zone it reads.
    await shareCompanies(
      tx,
      accepted.map(({ entry }) => entry.companyId),
    );
    const facts: ScanFact[] = [];
    const serialVisitors: SerialVisitor[] = [];
    const rows = accepted.map(({ scan, userAgent, entry, client, place }) => {
      const day = scan.at.slice(0, 10);
      const salt = saltOf.get(day);
      const serial = serialOf(scan.qualifierPath);
      const view = viewOf(scan.linkType);
      if (serial !== null && salt && scan.ip) {
        serialVisitors.push({
          company_id: entry.companyId,
          product_id: entry.productId,
          serial,
          day,
          address: addressKeyOf(salt, scan.ip, entry.companyId),
          country: place.country,
          region: place.region,
          at: scan.at,
        });
      }
      facts.push({
        companyId: entry.companyId,
        productId: entry.productId,
        entryPath: scan.entryPath,
        qualifierPath: scan.qualifierPath,
        serial,
        linkType: scan.linkType,
        view,
        lang: scan.lang,
        country: place.country,
        region: place.region,
        deviceType: client.deviceType,
        os: client.os,
        browser: client.browser,
        scannedAt: scan.at,
        userAgent,
      });
      return {
        company_id: entry.companyId,
        product_id: entry.productId,
        entry_id: entry.entryId,
        qualifier_path: scan.qualifierPath,
        serial,
        link_type: scan.linkType,
        view,
        lang: scan.lang,
        device: scan.device,
        country: place.country,
        region: place.region,
        device_type: client.deviceType,
        os: client.os,
        browser: client.browser,
        visitor: salt && scan.ip ? visitorOf(salt, scan.ip, userAgent ?? '', entry.companyId) : null,
        campaign: scan.campaign || null,
        scanned_at: scan.at,
      };
    });
    await tx.execute(sql`
      with batch as materialized (
        select * from jsonb_populate_recordset(null::scans, ${JSON.stringify(rows)}::jsonb)
      ), inserted as (
        insert into scans (company_id, product_id, entry_id, qualifier_path, serial, link_type, view, lang, device,
                           country, region, device_type, os, browser, visitor, campaign, scanned_at)
        select company_id, product_id, entry_id, qualifier_path, serial, link_type, view, lang, device,
               country, region, device_type, os, browser, visitor, campaign, scanned_at
        from batch
      ), seen as (
        select product_id, (scanned_at at time zone 'UTC')::date as day, visitor, min(company_id) as company_id, min(scanned_at) as first_at
        from batch where visitor is not null
        group by 1, 2, 3
      ), new_visitors as (
        insert into scan_visitors_daily (product_id, day, visitor)
        select product_id, day, visitor from seen order by 1, 2, 3
        on conflict do nothing
        returning product_id, day, visitor
      ), facts as (
        select b.company_id, b.product_id, date_trunc('hour', b.scanned_at, 'UTC') as bucket,
               (b.scanned_at at time zone c.time_zone)::date as day, d.dimension, d.value
        from batch b
        join companies c on c.id = b.company_id
        cross join lateral ${sql.raw(scanDimensionsSql('b'))}
        where d.value is not null
        union all
        select s.company_id, s.product_id, date_trunc('hour', s.first_at, 'UTC'), (s.first_at at time zone c.time_zone)::date, 'visitors', ''
        from seen s join new_visitors n using (product_id, day, visitor) join companies c on c.id = s.company_id
      ), grouped as (
        -- Counted once (a few hundred groups), then added up per hour and per local day.
        select company_id, product_id, bucket, day, dimension, value, count(*)::int as scans
        from facts
        group by 1, 2, 3, 4, 5, 6
      ), hourly as (
        insert into scan_rollups (company_id, product_id, bucket, dimension, value, scans)
        select company_id, product_id, bucket, dimension, value, sum(scans)::int
        from grouped
        group by company_id, product_id, bucket, dimension, value
        order by product_id, bucket, dimension, value
        on conflict (product_id, bucket, dimension, value) do update set scans = scan_rollups.scans + excluded.scans
      )
      insert into scan_daily_rollups (company_id, product_id, day, dimension, value, scans)
      select g.company_id, p.product_id, g.day, g.dimension, g.value, sum(g.scans)::int
      from grouped g cross join lateral (values (g.product_id), (0)) as p(product_id)
      where g.dimension <> 'serial'
      group by 1, 2, 3, 4, 5
      order by 1, 2, 3, 4, 5
      on conflict (company_id, product_id, day, dimension, value) do update set scans = scan_daily_rollups.scans + excluded.scans
    `);
    await addSerialVisitors(tx, serialVisitors);
    const behind = await addSerialScans(
      tx,
      rows.flatMap((row) => (row.serial === null ? [] : [{ company_id: row.company_id, product_id: row.product_id, serial: row.serial, scanned_at: row.scanned_at }])),
    );
    return { recorded: { accepted: rows.length, bots, facts, behind: [] } as RecordedScans, behind };
  });
  // Companies whose serial windows end before their local today (or are being rolled): the ingest
  // plugin queues their roll (`plugins/serial-windows.ts`), so the batch is answered without it.
  recorded.behind = behind;
  return recorded;
}
