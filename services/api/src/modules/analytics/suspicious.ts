import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ScanFact } from './scans.js';

/*
 * Suspicious serials (issue 18 part 4), as copy-detection services flag them: a serialised item
 * scanned in two or more countries within a short window (`countries`), or far more often than its
 * siblings (`volume`: at least max(20, 10 × the median of the product's serials' scans over the
 * last 7 local days, today included)). Run after a batch commits, only for the serials in the batch; each (product,
 * serial, reason) is flagged once.
 */

export type SuspicionReason = 'countries' | 'volume';

export interface Evidence {
  at: string;
  country: string | null;
  region: string | null;
}

export interface FlaggedSerial {
  id: number;
  companyId: number;
  productId: number;
  serial: string;
  reason: SuspicionReason;
  evidence: Evidence[];
}

export interface SuspicionRules {
  windowMinutes: number;
  /** Volume rule: at least this many scans in 7 days… */
  volumeFloor?: number;
  /** …and at least this many times the median of the product's serials. */
  volumeFactor?: number;
  /** Medians of the products' serials kept between batches; without it, each call counts them afresh. */
  medians?: MedianCache;
}

export interface MedianCache {
  get(productId: number): number | undefined;
  set(productId: number, median: number): void;
}

/** Medians kept `ttlMs` (10 minutes by default: a product's usual scans per serial move slowly). */
export function createMedianCache(ttlMs = 10 * 60_000, now = () => Date.now()): MedianCache {
  const kept = new Map<number, { median: number; until: number }>();
  return {
    get(productId) {
      const entry = kept.get(productId);
      if (!entry || entry.until <= now()) return undefined;
      return entry.median;
    },
    set(productId, median) {
      if (kept.size > 10_000) kept.clear();
      kept.set(productId, { median, until: now() + ttlMs });
    },
  };
}

const EVIDENCE_MAX = 20;
const VOLUME_DAYS = 7;

interface Key {
  company_id: number;
  product_id: number;
  serial: string;
  since: string;
  until: string;
}

interface ScanRow {
  product_id: number;
  serial: string;
  scanned_at: Date | string;
  country: string | null;
  region: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The scans of a serial (time order) that first show two countries within the window, or null. */
export function countriesWindow(scans: Evidence[], windowMs: number): Evidence[] | null {
  let start = 0;
  for (let end = 0; end < scans.length; end++) {
    const endAt = Date.parse(scans[end].at);
    while (endAt - Date.parse(scans[start].at) > windowMs) start += 1;
    const window = scans.slice(start, end + 1);
    if (new Set(window.map((scan) => scan.country)).size >= 2) return window.slice(-EVIDENCE_MAX);
  }
  return null;
}

/** Flags the batch's serials that break a rule; returns the flags that are new. */
export async function flagSuspiciousSerials(db: Db, facts: ScanFact[], rules: SuspicionRules): Promise<FlaggedSerial[]> {
  const keys = new Map<string, Key>();
  for (const fact of facts) {
    if (fact.serial === null) continue;
    const id = `${fact.productId}\n${fact.serial}`;
    const key = keys.get(id);
    if (!key) keys.set(id, { company_id: fact.companyId, product_id: fact.productId, serial: fact.serial, since: fact.scannedAt, until: fact.scannedAt });
    else {
      if (fact.scannedAt < key.since) key.since = fact.scannedAt;
      if (fact.scannedAt > key.until) key.until = fact.scannedAt;
    }
  }
  if (keys.size === 0) return [];
  const keyJson = JSON.stringify([...keys.values()]);
  const windowMinutes = rules.windowMinutes;
  const candidates: Omit<FlaggedSerial, 'id'>[] = [];

  // Several countries: the serial's placed scans within a window of the batch's ones, through the (product, serial, time) index.
  const placed = rowsOf<ScanRow>(
    await db.execute(sql`
      with keys as (
        select * from jsonb_to_recordset(${keyJson}::jsonb) as k(company_id int, product_id int, serial text, since timestamptz, until timestamptz)
      )
      select s.product_id, s.serial, s.scanned_at, s.country, s.region
      from keys k
      join scans s on s.product_id = k.product_id and s.serial = k.serial
        and s.scanned_at between k.since - make_interval(mins => ${windowMinutes}) and k.until + make_interval(mins => ${windowMinutes})
      where s.country is not null
        and not exists (select 1 from suspicious_serials f where f.product_id = k.product_id and f.serial = k.serial and f.reason = 'countries')
      order by s.product_id, s.serial, s.scanned_at
    `),
  );
  const bySerial = new Map<string, Evidence[]>();
  for (const row of placed) {
    const id = `${row.product_id}\n${row.serial}`;
    bySerial.set(id, [...(bySerial.get(id) ?? []), { at: iso(row.scanned_at), country: row.country, region: row.region }]);
  }
  for (const [id, scans] of bySerial) {
    const evidence = countriesWindow(scans, windowMinutes * 60_000);
    const key = keys.get(id);
    if (evidence && key) candidates.push({ companyId: key.company_id, productId: key.product_id, serial: key.serial, reason: 'countries', evidence });
  }

  // Volume: each batch serial's scans on the last 7 local days (its serial-days, by primary key)
  // against the median of the product's serials over those days. The medians move slowly and cost a
  // pass over every serial-day of the product, so they are kept for a while (`MedianCache`).
  const floor = rules.volumeFloor ?? 20;
  const factor = rules.volumeFactor ?? 10;
  const recentDays = (alias: string) =>
    sql`${sql.raw(alias)}.day > (now() at time zone (select time_zone from companies where id = ${sql.raw(alias)}.company_id))::date - ${VOLUME_DAYS}::int`;
  const counted = rowsOf<{ product_id: number; serial: string; company_id: number; n: string | number }>(
    await db.execute(sql`
      with keys as (
        select * from jsonb_to_recordset(${keyJson}::jsonb) as k(company_id int, product_id int, serial text, since timestamptz, until timestamptz)
      )
      select k.product_id, k.serial, k.company_id, sum(d.scans) as n
      from keys k
      join scan_serial_days d on d.product_id = k.product_id and d.serial = k.serial and ${recentDays('d')}
      where not exists (select 1 from suspicious_serials f where f.product_id = k.product_id and f.serial = k.serial and f.reason = 'volume')
      group by 1, 2, 3
      having sum(d.scans) >= ${floor}::int
    `),
  );
  const medians = rules.medians ?? createMedianCache();
  const unknown = [...new Set(counted.map((row) => row.product_id))].filter((id) => medians.get(id) === undefined);
  if (unknown.length > 0) {
    const rows = rowsOf<{ product_id: number; median: string | number }>(
      await db.execute(sql`
        select product_id, percentile_cont(0.5) within group (order by n) as median
        from (
          select d.product_id, d.serial, sum(d.scans) as n from scan_serial_days d
          where d.product_id = any(${`{${unknown.join(',')}}`}::int[]) and ${recentDays('d')}
          group by 1, 2
        ) c
        group by product_id
      `),
    );
    for (const row of rows) medians.set(row.product_id, Number(row.median));
  }
  const loud = counted.filter((row) => Number(row.n) >= Math.max(floor, factor * (medians.get(row.product_id) ?? 0)));
  for (const row of loud) {
    const recent = rowsOf<ScanRow>(
      await db.execute(sql`
        select product_id, serial, scanned_at, country, region from scans
        where product_id = ${row.product_id} and serial = ${row.serial}
        order by scanned_at desc limit ${EVIDENCE_MAX}
      `),
    );
    const evidence = recent.reverse().map((scan) => ({ at: iso(scan.scanned_at), country: scan.country, region: scan.region }));
    candidates.push({ companyId: row.company_id, productId: row.product_id, serial: row.serial, reason: 'volume', evidence });
  }

  if (candidates.length === 0) return [];
  const inserted = rowsOf<{ id: number; product_id: number; serial: string; reason: SuspicionReason }>(
    await db.execute(sql`
      insert into suspicious_serials (company_id, product_id, serial, reason, evidence)
      select company_id, product_id, serial, reason, evidence
      from jsonb_to_recordset(${JSON.stringify(candidates.map((c) => ({ company_id: c.companyId, product_id: c.productId, serial: c.serial, reason: c.reason, evidence: c.evidence })))}::jsonb)
        as c(company_id int, product_id int, serial text, reason text, evidence jsonb)
      on conflict on constraint suspicious_serials_product_serial_reason_unique do nothing
      returning id, product_id, serial, reason
    `),
  );
  return inserted.flatMap((row) => {
    const candidate = candidates.find((c) => c.productId === Number(row.product_id) && c.serial === row.serial && c.reason === row.reason);
    return candidate ? [{ ...candidate, id: Number(row.id) }] : [];
  });
}
